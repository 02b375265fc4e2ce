/**
 * The evaluator's decisions and the counts they read, as pure functions (docs/CONVENTIONS.md rule 2): no database,
 * no clock of their own (the time is passed in). README "Rollout lifecycle" (counts, thresholds
 * against a group's capacity, decision 182), hawkBit's conditions (ThresholdRolloutGroup*Condition: error strictly above its threshold, success
 * at or above it), decisions 100 (scheduled start) and 104 (soak time).
 */
import type { ActionStatus } from '../actions/action-lifecycle.js';
import type { GroupStatus } from './rollout-lifecycle.js';

export const COUNT_KEYS = ['notstarted', 'scheduled', 'running', 'error', 'finished', 'cancelled'] as const;
export type CountKey = (typeof COUNT_KEYS)[number];
/** `totalTargetsPerStatus` of a group or a rollout. */
export type TargetCounts = Readonly<Record<CountKey, number>>;

export const zeroCounts = (): Record<CountKey, number> => ({ notstarted: 0, scheduled: 0, running: 0, error: 0, finished: 0, cancelled: 0 });

const BY_ACTION_STATUS: Readonly<Record<ActionStatus, CountKey>> = {
  wait_for_confirmation: 'running',
  running: 'running',
  canceling: 'running',
  finished: 'finished',
  // only download-only actions end as downloaded: that is their success (hawkBit)
  downloaded: 'finished',
  error: 'error',
  canceled: 'cancelled',
};

/**
 * Where a group's target counts: by its action's status; without an action, `scheduled` while its group
 * waits its turn or, running, is still deploying to its targets (decision 187), else `notstarted` (the
 * rollout has not started, or the group will never start).
 */
export function countKeyOf(actionStatus: ActionStatus | null, groupStatus: GroupStatus, deploying = false): CountKey {
  if (actionStatus !== null) return BY_ACTION_STATUS[actionStatus];
  return groupStatus === 'scheduled' || (groupStatus === 'running' && deploying) ? 'scheduled' : 'notstarted';
}

export const totalOf = (counts: TargetCounts): number => COUNT_KEYS.reduce((sum, key) => sum + counts[key], 0);

export function sumCounts(all: readonly TargetCounts[]): TargetCounts {
  const sum = zeroCounts();
  for (const counts of all) for (const key of COUNT_KEYS) sum[key] += counts[key];
  return sum;
}

/** Percentages 0–100; `error` undefined: the error condition never trips (decision 2). */
export interface Thresholds {
  readonly success: number;
  readonly error?: number | undefined;
}

/** When a running group started and how long it must soak (decision 104), and the time of the evaluation. */
export interface Soak {
  /** epoch ms; null for a group that started before start times were kept: it has soaked */
  readonly startedAt: number | null;
  /** ms; null or 0: none */
  readonly soakTime: number | null;
  readonly now: number;
}

/** True once the group has run for its soak time. */
export const soaked = ({ startedAt, soakTime, now }: Soak): boolean => startedAt === null || soakTime === null || now - startedAt >= soakTime;

export type GroupVerdict = 'error' | 'success' | 'complete' | 'soaking' | 'continue';

/**
 * True when no target of a running group has an action in flight or still to come: every action it gave
 * has closed, whatever its outcome (hawkBit's `JpaRolloutExecutor.isRolloutGroupComplete`, decision 200).
 */
export const actionsClosed = (counts: TargetCounts): boolean => counts.running === 0 && counts.scheduled === 0;

/**
 * The verdict on a running group, measured against its capacity (decision 182: not against the targets that have
 * landed in it). The error check comes first: errors above the error threshold pause the rollout; else
 * finished targets at or above the success threshold finish the group (`success`), and so does a group whose
 * actions have all closed below it (`complete`, decision 200) unless `completable` is false (the trailing
 * group of a dynamic rollout, which takes more targets); either waits until the group has soaked (until then
 * it is `soaking` and stays running, its errors still watched). An empty group succeeds once soaked.
 */
export function groupVerdict(counts: TargetCounts, capacity: number, thresholds: Thresholds, soak: Soak, completable = true): GroupVerdict {
  const met = capacity === 0 || counts.finished * 100 >= thresholds.success * capacity;
  if (capacity > 0 && thresholds.error !== undefined && counts.error * 100 > thresholds.error * capacity) return 'error';
  const done = met ? 'success' : completable && actionsClosed(counts) ? 'complete' : undefined;
  if (done === undefined) return 'continue';
  return soaked(soak) ? done : 'soaking';
}

/** A ready rollout with a start time starts itself at the first evaluation at or after it (decision 100). */
export const startDue = (startAt: number | null, now: number): boolean => startAt !== null && now >= startAt;

/** Sizes of `groups` groups splitting `targets` evenly: the first `targets % groups` take one more. */
export function splitEvenly(targets: number, groups: number): number[] {
  const base = Math.floor(targets / groups);
  return Array.from({ length: groups }, (_, index) => base + (index < targets % groups ? 1 : 0));
}

type Positioned = { readonly status: GroupStatus; readonly position: number };

/** The lowest-positioned scheduled group: the one `triggerNextGroup` starts (decision 102). */
export const firstScheduled = <G extends Positioned>(groups: readonly G[]): G | undefined =>
  groups.filter((group) => group.status === 'scheduled').sort((a, b) => a.position - b.position)[0];

/** The group the evaluator starts next: the first scheduled one, when none runs. */
export function nextGroupToStart<G extends Positioned>(groups: readonly G[]): G | undefined {
  return groups.some((group) => group.status === 'running') ? undefined : firstScheduled(groups);
}

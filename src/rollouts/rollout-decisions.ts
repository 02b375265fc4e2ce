/**
 * The evaluator's decisions and the counts they read, as pure functions (CONVENTIONS rule 2): no database,
 * no clock. Spec "Deploy group" (counts), "Rollout status" (thresholds against a group's capacity),
 * NOTES §6 (hawkBit's conditions: error strictly above its threshold, success at or above it).
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
 * waits its turn, else `notstarted` (the rollout has not started, or the group will never start).
 */
export function countKeyOf(actionStatus: ActionStatus | null, groupStatus: GroupStatus): CountKey {
  if (actionStatus !== null) return BY_ACTION_STATUS[actionStatus];
  return groupStatus === 'scheduled' ? 'scheduled' : 'notstarted';
}

export const totalOf = (counts: TargetCounts): number => COUNT_KEYS.reduce((sum, key) => sum + counts[key], 0);

export function sumCounts(all: readonly TargetCounts[]): TargetCounts {
  const sum = zeroCounts();
  for (const counts of all) for (const key of COUNT_KEYS) sum[key] += counts[key];
  return sum;
}

/** Percentages 0–100; `error` undefined: the error condition never trips (spec; NOTES #2). */
export interface Thresholds {
  readonly success: number;
  readonly error?: number | undefined;
}

export type GroupVerdict = 'error' | 'success' | 'continue';

/**
 * The verdict on a running group, measured against its capacity (spec: not against the targets that have
 * landed in it). The error check comes first: errors above the error threshold pause the rollout; else
 * finished targets at or above the success threshold finish the group. An empty group succeeds at once.
 */
export function groupVerdict(counts: TargetCounts, capacity: number, thresholds: Thresholds): GroupVerdict {
  if (capacity === 0) return 'success';
  if (thresholds.error !== undefined && counts.error * 100 > thresholds.error * capacity) return 'error';
  if (counts.finished * 100 >= thresholds.success * capacity) return 'success';
  return 'continue';
}

/** Sizes of `groups` groups splitting `targets` evenly: the first `targets % groups` take one more. */
export function splitEvenly(targets: number, groups: number): number[] {
  const base = Math.floor(targets / groups);
  return Array.from({ length: groups }, (_, index) => base + (index < targets % groups ? 1 : 0));
}

/** The group status to start next: the lowest-positioned scheduled group, when none runs. */
export function nextGroupToStart<G extends { readonly status: GroupStatus; readonly position: number }>(groups: readonly G[]): G | undefined {
  if (groups.some((group) => group.status === 'running')) return undefined;
  return groups.filter((group) => group.status === 'scheduled').sort((a, b) => a.position - b.position)[0];
}

import type { Schemas } from '../api';

type Rollout = Schemas['Rollout'];

/** The fleet action list names its target only in `_links.target`. */
export const controllerIdOf = (action: Schemas['Action']) => {
  const target = action._links['target']?.href ?? '';
  return decodeURIComponent(target.slice(target.lastIndexOf('/') + 1));
};

/** Open actions looked at for "never reported": a rollout's first ones by id (decision 222). */
export const OPEN_ACTIONS_LOOKED_AT = 200;

/** A rollout's targets by outcome: where each of them stands, from the facts that say it (decision 222). */
export interface Outcome {
  total: number;
  updated: number;
  failed: number;
  /** open actions whose device has asked for its deployment or reported since it was assigned */
  running: number;
  /** open actions whose device has not polled since it was assigned, by controllerId, and which of them are overdue */
  silent: readonly { controllerId: string; overdue: boolean }[];
  /** targets in groups not started yet, and cancelled ones */
  waiting: number;
  cancelled: number;
}

/** "00:05:00" as milliseconds; the first such time of a configuration value (pollingTime lists overrides after it). */
export function durationMs(value: unknown): number {
  const match = /(\d+):(\d\d):(\d\d)/.exec(String(value));
  return match ? ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000 : 0;
}

/** How long after an assignment a device that never polled counts as overdue: as the server's poll status does, pollingTime then pollingOverdueTime. */
export const overdueAfterMs = (configs: Schemas['TenantConfiguration']) =>
  durationMs(configs['pollingTime']?.value) + durationMs(configs['pollingOverdueTime']?.value);

/**
 * The outcome from the rollout's counts and, for its open actions, each target's last poll: a target whose
 * last poll is before its action was created (or that never polled) has not heard of the update; it is
 * overdue once `overdueAfter` ms have passed since the assignment.
 */
export function outcomeOf(
  rollout: Rollout,
  open: readonly { action: Schemas['Action']; lastPollAt: number | undefined }[],
  now: number,
  overdueAfter: number,
): Outcome {
  const counts = rollout.totalTargetsPerStatus;
  const silent = open
    .filter(({ action, lastPollAt }) => lastPollAt === undefined || lastPollAt < action.createdAt)
    .map(({ action }) => ({ controllerId: controllerIdOf(action), overdue: now > action.createdAt + overdueAfter }));
  return {
    total: rollout.totalTargets,
    updated: counts.finished,
    failed: counts.error,
    running: counts.running - silent.length,
    silent,
    waiting: counts.notstarted + counts.scheduled,
    cancelled: counts.cancelled,
  };
}

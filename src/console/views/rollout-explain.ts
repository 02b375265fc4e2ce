import type { Schemas } from '../api';
import { formatTime } from '../time';

type Rollout = Schemas['Rollout'];
type Group = Schemas['RolloutGroup'];

/** A threshold expression as a number of percent (omitted: 100). */
export const percent = (condition: Schemas['Condition'] | undefined) => Number(condition?.expression ?? '100');

/** The group's size as planned, against which its thresholds are measured. */
export const capacityOf = (group: Group) => group.targetCount ?? group.totalTargets;

/** Finished targets the group needs to succeed: at or above its success threshold. */
export const successNeeded = (group: Group) => Math.ceil((percent(group.successCondition) * capacityOf(group)) / 100);

/** Failed targets that trip the group's error threshold (strictly above it), or undefined without one. */
export const errorsTripping = (group: Group) =>
  group.errorCondition === undefined ? undefined : Math.floor((percent(group.errorCondition) * capacityOf(group)) / 100) + 1;

/** The latest Pause or Resume an operator sent for the rollout, as the audit log recorded it. */
export interface OperatorMove {
  operation: 'pause' | 'resume';
  actor: string;
  at: number;
}

/** The facts an explanation is drawn from: the rollout and its groups as the API shows them, and the audit log's latest Pause or Resume. */
export interface RolloutFacts {
  rollout: Rollout;
  groups: readonly Group[];
  lastMove: OperatorMove | undefined;
}

/** The rollout evaluator's name in `lastModifiedBy` (it moves rollouts by itself: thresholds, success actions, start times). */
export const EVALUATOR = 'system';

/**
 * Why the rollout is where it is, in the operator's words (decision 170), one function per explanation
 * (decision 220): each says only what the facts it is given show.
 */
export function explain(facts: RolloutFacts): string[] {
  switch (facts.rollout.status) {
    case 'waiting_for_approval':
      return [waitingForApproval(facts.rollout)];
    case 'ready':
      return [readyToStart(facts.rollout)];
    case 'approval_denied':
      return [approvalDenied(facts.rollout)];
    case 'paused':
      return [pauseReason(facts)];
    case 'running':
      return facts.groups.filter((group) => group.status === 'running').map(waitingFor);
    case 'stopping':
      return ['Stopping: its open actions are being cancelled.'];
    case 'stopped':
      return ['Stopped.'];
    case 'finished':
      return [finishedWith(facts.rollout)];
  }
}

const startsItself = (rollout: Rollout) => (rollout.startAt === undefined ? undefined : `starts itself at ${formatTime(rollout.startAt)}`);

export const waitingForApproval = (rollout: Rollout) => `Waits for approval; once approved it ${startsItself(rollout) ?? 'waits for Start'}.`;

export function readyToStart(rollout: Rollout): string {
  const startAt = startsItself(rollout);
  return startAt ? `Scheduled: ${startAt}, unless started earlier.` : 'Ready: waits for Start.';
}

export const approvalDenied = (rollout: Rollout) =>
  `Approval denied by ${rollout.approveDecidedBy ?? 'an approver'}${rollout.approvalRemark ? `: ${rollout.approvalRemark}` : ''}.`;

/**
 * Who or what paused the rollout. An operator's Pause is in the audit log, and while the rollout stays
 * paused nothing but a Resume (audited too) follows it: so when the latest audited move is a Pause, that
 * Pause holds it. Otherwise the evaluator paused it after that Resume: groups run in order and an errored
 * group stays `error` after a Resume, so the cause is the last group (in order) that tripped its error
 * threshold or finished with the success action PAUSE. Without any audited move (the log's retention
 * dropped it) the rollout's last modification tells an operator's pause from the evaluator's.
 */
export function pauseReason({ rollout, groups, lastMove }: RolloutFacts): string {
  if (lastMove?.operation === 'pause') return `Paused by an operator (${lastMove.actor}, ${formatTime(lastMove.at)}).`;
  if (lastMove === undefined && rollout.lastModifiedBy !== EVALUATOR) {
    return `Paused by an operator (${rollout.lastModifiedBy}, ${formatTime(rollout.lastModifiedAt)}).`;
  }
  const cause = [...groups].reverse().find((group, index) => group.status === 'error' || pausedAfterSuccess(group, groups.length - 1 - index, groups));
  if (cause?.status === 'error') return errorThresholdReached(cause);
  if (cause) return `Paused: ${cause.name} succeeded and its success action is PAUSE; Resume starts the next group.`;
  return `Paused by the rollout evaluator (${formatTime(rollout.lastModifiedAt)}).`;
}

/** A finished group with the success action PAUSE pauses the rollout when a later group is still scheduled. */
const pausedAfterSuccess = (group: Group, index: number, groups: readonly Group[]) =>
  group.status === 'finished' && group.successAction.action === 'PAUSE' && groups.slice(index + 1).some((later) => later.status === 'scheduled');

export function errorThresholdReached(group: Group): string {
  const tripping = errorsTripping(group);
  return (
    `Paused: the error threshold of ${group.name} was reached (${group.totalTargetsPerStatus.error} failed, ` +
    `threshold ${percent(group.errorCondition)} % of ${capacityOf(group)}${tripping === undefined ? '' : ` = more than ${tripping - 1}`}).`
  );
}

/**
 * A finished rollout has run every group; its success thresholds may have let it finish while devices are
 * still updating (or never got their action), and then it says so.
 */
export function finishedWith(rollout: Rollout): string {
  const counts = rollout.totalTargetsPerStatus;
  const unfinished = counts.running + counts.scheduled + counts.notstarted;
  if (unfinished === 0) return 'Finished: every group has run.';
  return `Finished: every group has run, but ${unfinished} of its ${rollout.totalTargets} targets have not finished their update.`;
}

export function waitingFor(group: Group): string {
  const needed = successNeeded(group);
  const finished = group.totalTargetsPerStatus.finished;
  const threshold = `${percent(group.successCondition)} % of ${capacityOf(group)}`;
  if (finished < needed) return `${group.name} waits for ${needed - finished} more successful installs (${finished} of ${needed}, threshold ${threshold}).`;
  if (group.soakTime && group.soakTime !== '00:00:00')
    return `${group.name} met its success threshold (${threshold}) and soaks for ${group.soakTime} from its start before the next group.`;
  return `${group.name} met its success threshold (${threshold}); the next evaluation closes it.`;
}

/**
 * Why a finished group did not reach its success threshold (decision 200): the evaluator finishes a group
 * once every action in it has closed, so the next group starts and the rollout does not wait forever;
 * undefined for a group that is not finished or met its threshold.
 */
export function finishedBelowThreshold(group: Group): string | undefined {
  const { finished, error, cancelled } = group.totalTargetsPerStatus;
  const needed = successNeeded(group);
  if (group.status !== 'finished' || finished >= needed) return undefined;
  return (
    `${group.name} finished below its success threshold (${finished} of ${needed} successful installs, threshold ` +
    `${percent(group.successCondition)} % of ${capacityOf(group)}): every action closed, ${error} failed, ${cancelled} cancelled.`
  );
}

import type { Schemas } from '../api';
import { formatTime } from '../components';

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

/**
 * Why the rollout is where it is, in the operator's words (decision 170): why it is paused (a group's error
 * threshold, a PAUSE success action, or an operator), what it waits for when ready, and what the evaluator
 * waits for while it runs. Derived from the rollout and its groups as the API shows them.
 */
export function explain(rollout: Rollout, groups: readonly Group[]): string[] {
  const startAt = rollout.startAt === undefined ? undefined : `starts itself at ${formatTime(rollout.startAt)}`;
  switch (rollout.status) {
    case 'waiting_for_approval':
      return [`Waits for approval; once approved it ${startAt ?? 'waits for Start'}.`];
    case 'ready':
      return [startAt ? `Scheduled: ${startAt}, unless started earlier.` : 'Ready: waits for Start.'];
    case 'approval_denied':
      return [`Approval denied by ${rollout.approveDecidedBy ?? 'an approver'}${rollout.approvalRemark ? `: ${rollout.approvalRemark}` : ''}.`];
    case 'paused':
      return [pauseReason(rollout, groups)];
    case 'running':
      return groups.filter((group) => group.status === 'running').map(waitingFor);
    case 'stopping':
      return ['Stopping: its open actions are being cancelled.'];
    case 'stopped':
      return ['Stopped.'];
    case 'finished':
      return ['Finished: every group has run.'];
  }
}

function pauseReason(rollout: Rollout, groups: readonly Group[]): string {
  const failed = groups.find((group) => group.status === 'error');
  if (failed) {
    const tripping = errorsTripping(failed);
    return (
      `Paused: the error threshold of ${failed.name} was reached (${failed.totalTargetsPerStatus.error} failed, ` +
      `threshold ${percent(failed.errorCondition)} % of ${capacityOf(failed)}${tripping === undefined ? '' : ` = more than ${tripping - 1}`}).`
    );
  }
  const scheduled = groups.some((group) => group.status === 'scheduled');
  const pausing = [...groups].reverse().find((group) => group.status === 'finished');
  if (pausing?.successAction.action === 'PAUSE' && scheduled && !groups.some((group) => group.status === 'running')) {
    return `Paused: ${pausing.name} succeeded and its success action is PAUSE; Resume starts the next group.`;
  }
  return `Paused by an operator (${rollout.lastModifiedBy}, ${formatTime(rollout.lastModifiedAt)}).`;
}

function waitingFor(group: Group): string {
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

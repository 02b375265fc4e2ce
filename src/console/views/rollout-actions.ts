import type { Schemas } from '../api';

type Status = Schemas['RolloutStatus'];

export type RolloutOperation = 'approve' | 'deny' | 'start' | 'pause' | 'resume' | 'delete';

/**
 * The statuses in which the API accepts each button's operation (README "Rollout lifecycle"): a button is
 * enabled only there. Approve and Deny appear only while the approval gate is on.
 */
export const ACCEPTED_IN: Readonly<Record<RolloutOperation, readonly Status[]>> = {
  approve: ['waiting_for_approval'],
  deny: ['waiting_for_approval'],
  start: ['ready'],
  pause: ['running'],
  resume: ['paused'],
  delete: ['ready', 'waiting_for_approval', 'approval_denied', 'running', 'paused', 'stopping', 'stopped', 'finished'],
};

export const accepts = (operation: RolloutOperation, status: Status) => ACCEPTED_IN[operation].includes(status);

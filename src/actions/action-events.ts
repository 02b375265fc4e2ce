import type { OutboxEvent } from '../events/outbox.js';
import type { UpdateStatus } from '../targets/target-model.js';
import { isActive, type ActionStatus } from './action-lifecycle.js';

/** The action and target an event is about, as the event's `data` names them. */
export interface ActionSubject {
  readonly id: number;
  readonly controllerId: string;
  readonly distributionSetId: number;
}

/** `action.created` of a new action. */
export const actionCreated = (
  action: ActionSubject,
  status: ActionStatus,
  rollout: { rolloutId?: number | null; rolloutGroupId?: number | null },
): OutboxEvent => ({
  type: 'action.created',
  data: {
    actionId: action.id,
    controllerId: action.controllerId,
    distributionSetId: action.distributionSetId,
    status,
    rolloutId: rollout.rolloutId ?? null,
    rolloutGroupId: rollout.rolloutGroupId ?? null,
  },
});

/**
 * The events of an action's move from `from` to `to`: `action.statusChanged` when the status differs (a
 * denial keeps it and reports nothing), and `action.closed` as well when the action leaves the active states.
 */
export function actionMoved(action: ActionSubject, from: ActionStatus, to: ActionStatus): OutboxEvent[] {
  if (from === to) return [];
  const data = { actionId: action.id, controllerId: action.controllerId, distributionSetId: action.distributionSetId, previousStatus: from, status: to };
  const changed: OutboxEvent = { type: 'action.statusChanged', data };
  return isActive(from) && !isActive(to) ? [changed, { type: 'action.closed', data }] : [changed];
}

/** `target.updateStatusChanged`, or nothing when the status stays. */
export function updateStatusChanged(controllerId: string, from: UpdateStatus, to: UpdateStatus | undefined): OutboxEvent[] {
  if (to === undefined || to === from) return [];
  return [{ type: 'target.updateStatusChanged', data: { controllerId, previousUpdateStatus: from, updateStatus: to } }];
}

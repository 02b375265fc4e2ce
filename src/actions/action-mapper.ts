import { auditOf } from '../db/audit.js';
import type { components } from '../generated/mgmt.js';
import type { ActionStatus } from './action-lifecycle.js';
import type { AutoConfirmState } from './auto-confirm-service.js';
import type { Action, ActionStatusEntry } from './action-read-store.js';
import type { AssignmentResult } from './assignment-service.js';

type ActionJson = components['schemas']['Action'];

const actionHref = (base: string, controllerId: string, id: number) => `${base}/rest/v1/targets/${encodeURIComponent(controllerId)}/actions/${id}`;

/**
 * An action (decision 1): `type` and hawkBit's `forceType`, `status` pending/finished, `detailStatus`, and
 * the rollout that made it. Every response carries hawkBit's full links (its single-action form): the target,
 * the set and the rollout named as hawkBit names them, the status entries newest first, and
 * `canceledaction` while the action is being or was cancelled.
 */
export function actionJson(action: Action, base: string): ActionJson {
  const self = actionHref(base, action.controllerId, action.id);
  const rollout = action.rolloutId === null ? undefined : { id: action.rolloutId, name: action.rolloutName ?? '' };
  return {
    id: action.id,
    type: action.actionType,
    forceType: action.actionType,
    status: action.active ? 'pending' : 'finished',
    detailStatus: action.status,
    active: action.active,
    ...(action.actionType === 'timeforced' && action.forceTime !== null ? { forceTime: action.forceTime } : {}),
    ...(action.maintenanceWindow === null ? {} : { maintenanceWindow: action.maintenanceWindow }),
    deploymentFetchCount: action.deploymentFetchCount,
    ...(action.lastStatusCode === null ? {} : { lastStatusCode: action.lastStatusCode }),
    distributionSetId: action.distributionSetId,
    ...(rollout === undefined ? {} : { rollout: rollout.id, rolloutName: rollout.name }),
    ...auditOf(action),
    _links: {
      self: { href: self },
      ...(CANCELLED.has(action.status) ? { canceledaction: { href: self } } : {}),
      target: { href: `${base}/rest/v1/targets/${encodeURIComponent(action.controllerId)}`, name: action.targetName },
      distributionset: {
        href: `${base}/rest/v1/distributionsets/${action.distributionSetId}`,
        name: `${action.distributionSetName}:${action.distributionSetVersion}`,
      },
      status: { href: `${self}/status?offset=0&limit=50&sort=id%3ADESC` },
      ...(rollout === undefined ? {} : { rollout: { href: `${base}/rest/v1/rollouts/${rollout.id}`, name: rollout.name } }),
    },
  };
}

/** hawkBit's `isCancelingOrCanceled`: the states with a `canceledaction` link. */
const CANCELLED: ReadonlySet<ActionStatus> = new Set(['canceling', 'canceled']);

/** A status entry; hawkBit's `timestamp` (when it occurred) equals `reportedAt` here. */
export const actionStatusEntryJson = (entry: ActionStatusEntry) => ({
  id: entry.id,
  type: entry.type,
  messages: entry.messages,
  reportedAt: entry.reportedAt,
  timestamp: entry.reportedAt,
  ...(entry.code === null ? {} : { code: entry.code }),
});

export const assignmentResultJson = (result: AssignmentResult, base: string) => ({
  assigned: result.assigned,
  alreadyAssigned: result.alreadyAssigned,
  total: result.total,
  assignedActions: result.assignedActions.map(({ id, controllerId }) => ({
    id,
    _links: { self: { href: actionHref(base, controllerId, id) } },
  })),
});

/** The state with the link that changes it, as hawkBit gives it. */
export function autoConfirmJson(state: AutoConfirmState, base: string, controllerId: string) {
  const href = `${base}/rest/v1/targets/${encodeURIComponent(controllerId)}/autoConfirm`;
  return {
    ...state,
    _links: state.active ? { deactivate: { href: `${href}/deactivate` } } : { activate: { href: `${href}/activate` } },
  };
}

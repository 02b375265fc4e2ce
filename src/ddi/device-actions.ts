/**
 * How a device reaches one of its actions: by controllerId and action id, with the states each DDI
 * resource shows (hawkBit's DdiRootController). Anything else is 404, as hawkBit answers, so that a device never learns
 * of actions that are not its own.
 */
import type { ActionStatus } from '../actions/action-lifecycle.js';
import type { Queryable } from '../db/prepared-statements.js';
import { isRowId } from '../db/row-id.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { deviceActionStore, type DeviceAction } from './device-action-store.js';

/** The DDI resources that name an action. */
export type DeviceResource = 'deploymentBase' | 'installedBase' | 'confirmationBase' | 'cancelAction';

/**
 * The states in which each resource shows an action. deploymentBase also shows a closed action (hawkBit
 * has no active check there), except a cancelled one; installedBase only an installed one.
 */
const SHOWN: Readonly<Record<DeviceResource, (status: ActionStatus) => boolean>> = {
  deploymentBase: (status) => !['wait_for_confirmation', 'canceling', 'canceled'].includes(status),
  installedBase: (status) => status === 'finished',
  confirmationBase: (status) => status === 'wait_for_confirmation',
  cancelAction: (status) => status === 'canceling' || status === 'canceled',
};

/**
 * The action `actionId` of the target `controllerId`, in one prepared statement; with `lock`, the target's
 * row and then the action's are locked for the caller's transaction, in the order of decision 40
 * (PostgreSQL; SQLite serialises writers anyway).
 * @throws DomainError entityNotFound for an unknown target or action, or an action of another target
 */
export async function findDeviceAction(trx: Queryable, controllerId: string, actionId: number, lock = false): Promise<DeviceAction> {
  const action = isRowId(actionId) ? await deviceActionStore.action(trx, controllerId, actionId, lock) : undefined;
  if (!action) {
    if (!(await deviceActionStore.targetExists(trx, controllerId))) throw notFound('Target', controllerId);
    throw notFound('Action', actionId);
  }
  return action;
}

/** @throws DomainError entityNotFound when `resource` does not show the action in its state */
export const shownBy = (resource: DeviceResource, action: DeviceAction): boolean => SHOWN[resource](action.status);

export function assertShownBy(resource: DeviceResource, action: DeviceAction): void {
  if (!shownBy(resource, action)) {
    throw new DomainError(ErrorCode.entityNotFound, `Action {${action.id}} is ${action.status.replaceAll('_', ' ')}; ${resource} does not show it.`);
  }
}

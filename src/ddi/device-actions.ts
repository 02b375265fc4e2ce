/**
 * How a device reaches one of its actions: by controllerId and action id, with the states each DDI
 * resource shows (hawkBit's DdiRootController). Anything else is 404, as hawkBit answers, so that a device never learns
 * of actions that are not its own.
 */
import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import type { ActionRef } from '../actions/action-store.js';
import type { ActionType } from '../actions/deployment-modes.js';
import { storedWindow, type MaintenanceWindow } from '../actions/maintenance-window.js';
import { isRowId } from '../db/row-id.js';
import { lockingActions, targetIdOf } from '../db/row-locks.js';
import { DomainError, ErrorCode } from '../errors.js';

/** An action as the device side reads it. */
export interface DeviceAction extends ActionRef {
  readonly active: boolean;
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  readonly maintenanceWindow: MaintenanceWindow | null;
}

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

interface ActionRow {
  id: number;
  target_id: number;
  distribution_set_id: number;
  status: ActionStatus;
  active: boolean | number;
  action_type: ActionType;
  force_time: number | string | null;
  maintenance_schedule: string | null;
  maintenance_duration: string | null;
  maintenance_timezone: string | null;
}

const notFound = (kind: string, id: string | number) =>
  new DomainError(ErrorCode.entityNotFound, `${kind} with given identifier {${id}} does not exist.`);

/**
 * The action `actionId` of the target `controllerId`; with `lock`, the target's row and then the action's
 * are locked for the caller's transaction, in the order of decision 40 (PostgreSQL; SQLite serialises writers
 * anyway).
 * @throws DomainError entityNotFound for an unknown target or action, or an action of another target
 */
export async function findDeviceAction(trx: Knex, controllerId: string, actionId: number, lock = false): Promise<DeviceAction> {
  const targetId = await targetIdOf(trx, controllerId, lock);
  if (targetId === undefined) throw notFound('Target', controllerId);
  if (!isRowId(actionId)) throw notFound('Action', actionId);
  const query = trx('actions').where({ id: actionId, target_id: targetId });
  if (lock) lockingActions(trx, query);
  const row = await query.first<ActionRow | undefined>(
    'id',
    'target_id',
    'distribution_set_id',
    'status',
    'active',
    'action_type',
    'force_time',
    'maintenance_schedule',
    'maintenance_duration',
    'maintenance_timezone',
  );
  if (!row) throw notFound('Action', actionId);
  return {
    id: row.id,
    targetId: row.target_id,
    distributionSetId: row.distribution_set_id,
    status: row.status,
    active: Boolean(row.active),
    actionType: row.action_type,
    forceTime: row.force_time === null ? null : Number(row.force_time),
    maintenanceWindow: storedWindow(row),
  };
}

/** @throws DomainError entityNotFound when `resource` does not show the action in its state */
export const shownBy = (resource: DeviceResource, action: DeviceAction): boolean => SHOWN[resource](action.status);

export function assertShownBy(resource: DeviceResource, action: DeviceAction): void {
  if (!shownBy(resource, action)) {
    throw new DomainError(
      ErrorCode.entityNotFound,
      `Action {${action.id}} is ${action.status.replaceAll('_', ' ')}; ${resource} does not show it.`,
    );
  }
}

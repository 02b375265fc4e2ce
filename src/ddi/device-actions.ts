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
import { dialectOf } from '../db/database.js';
import { statement } from '../db/prepared-statements.js';
import { isRowId } from '../db/row-id.js';
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

const notFound = (kind: string, id: string | number) => new DomainError(ErrorCode.entityNotFound, `${kind} with given identifier {${id}} does not exist.`);

const TARGET_SQL = 'SELECT id FROM targets WHERE controller_id = ?';
const ACTION_SQL = `SELECT a.id, a.target_id, a.distribution_set_id, a.status, a.active, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone
FROM actions a WHERE a.id = ? AND a.target_id = (${TARGET_SQL})`;
const targetOf = statement<{ id: number }>('ddi-target-id', TARGET_SQL);
const actionOf = statement<ActionRow>('ddi-action', ACTION_SQL);
// The row locks of decision 40 in one statement (PostgreSQL, decision 140): the filter's subquery locks the
// target row before the LockRows step above the scan locks the action row.
const lockedActionOf = statement<ActionRow>('ddi-action-locked', {
  sqlite: ACTION_SQL,
  postgres: `SELECT a.id, a.target_id, a.distribution_set_id, a.status, a.active, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone
FROM actions a WHERE a.id = ? AND a.target_id = (${TARGET_SQL} FOR NO KEY UPDATE) FOR NO KEY UPDATE OF a`,
});

/**
 * The action `actionId` of the target `controllerId`, in one prepared statement; with `lock`, the target's
 * row and then the action's are locked for the caller's transaction, in the order of decision 40
 * (PostgreSQL; SQLite serialises writers anyway).
 * @throws DomainError entityNotFound for an unknown target or action, or an action of another target
 */
export async function findDeviceAction(trx: Knex, controllerId: string, actionId: number, lock = false): Promise<DeviceAction> {
  const row = isRowId(actionId) ? await (lock && dialectOf(trx) === 'postgres' ? lockedActionOf : actionOf).get(trx, actionId, controllerId) : undefined;
  if (!row) {
    if ((await targetOf.get(trx, controllerId)) === undefined) throw notFound('Target', controllerId);
    throw notFound('Action', actionId);
  }
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
    throw new DomainError(ErrorCode.entityNotFound, `Action {${action.id}} is ${action.status.replaceAll('_', ' ')}; ${resource} does not show it.`);
  }
}

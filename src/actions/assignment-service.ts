import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { dialectOf } from '../db/database.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import type { DistributionSet } from '../distribution-sets/distribution-set.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { ActionStatus } from './action-lifecycle.js';
import { applyActionEvent, createAction } from './action-store.js';
import type { ActionType } from './deployment-modes.js';
import { validateMaintenanceWindow, type MaintenanceWindow, type MaintenanceWindowInput } from './maintenance-window.js';

/** One assignment of a set to a target, as the request gives it. */
export interface AssignmentRequest {
  readonly distributionSetId: number;
  readonly actionType?: ActionType;
  /** epoch ms, read for timeforced */
  readonly forceTime?: number | null;
  readonly maintenanceWindow?: MaintenanceWindowInput | null;
}

export interface AssignmentResult {
  readonly assigned: number;
  readonly alreadyAssigned: number;
  readonly total: number;
  /** the actions created, with their targets' controllerIds (for `_links`) */
  readonly assignedActions: readonly { readonly id: number; readonly controllerId: string }[];
}

/** Assigning sets to targets, and reading a target's assigned and installed set. */
export interface AssignmentService {
  /**
   * Assigns a set to a target (spec "Action states", NOTES #21). The same set already assigned with an active
   * action counts as alreadyAssigned and changes nothing. Otherwise, in one transaction, the target's active
   * action is closed as canceled (`superseded`), a new action starts through `assigned` (waiting for the
   * device's confirmation when the confirmation flow is on and the target does not auto-confirm) and the
   * target becomes `pending` with the set assigned.
   * @throws DomainError entityNotFound (target, set); distributionSetInvalid, distributionSetIncomplete,
   *   targetTypeIncompatible, maintenanceScheduleInvalid (400); quotaExceeded (maxActionsPerTarget, 429)
   */
  assign(controllerId: string, request: AssignmentRequest, actor: string): Promise<AssignmentResult>;
  /** The target's assigned set, or undefined. @throws DomainError entityNotFound */
  assignedSet(controllerId: string): Promise<DistributionSet | undefined>;
  /** The target's installed set, or undefined. @throws DomainError entityNotFound */
  installedSet(controllerId: string): Promise<DistributionSet | undefined>;
}

interface TargetRow {
  id: number;
  target_type_id: number | null;
  auto_confirm_active: boolean | number;
  assigned_distribution_set_id: number | null;
  installed_distribution_set_id: number | null;
}

const notFound = (kind: string, id: string | number) =>
  new DomainError(ErrorCode.entityNotFound, `${kind} with given identifier {${id}} does not exist.`);

export function createAssignmentService(db: Knex, clock: Clock, config: Config): AssignmentService {
  const target = async (trx: Knex, controllerId: string, lock = false) => {
    const query = trx('targets').where('controller_id', controllerId);
    if (lock && dialectOf(db) === 'postgres') query.forUpdate();
    const row = await query.first<TargetRow | undefined>(
      'id', 'target_type_id', 'auto_confirm_active', 'assigned_distribution_set_id', 'installed_distribution_set_id',
    );
    if (!row) throw notFound('Target', controllerId);
    return row;
  };

  const checkSet = async (row: TargetRow, setId: number) => {
    const set = await findDistributionSet(db, setId);
    if (!set) throw notFound('DistributionSet', setId);
    if (!set.complete) {
      throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${setId}} is incomplete: a mandatory module is missing.`);
    }
    if (row.target_type_id === null) return;
    const compatible = await db('target_type_distribution_set_types')
      .where({ target_type_id: row.target_type_id, distribution_set_type_id: set.typeId })
      .first<{ target_type_id: number } | undefined>('target_type_id');
    if (!compatible) {
      throw new DomainError(
        ErrorCode.targetTypeIncompatible,
        `The target type of the target does not accept distribution sets of type {${set.typeKey}}.`,
      );
    }
  };

  const windowOf = (input: MaintenanceWindowInput | null | undefined): MaintenanceWindow | null => {
    if (!input) return null;
    validateMaintenanceWindow(input, clock());
    return (input.schedule ?? '') === '' ? null : (input as MaintenanceWindow);
  };

  const readSet = async (controllerId: string, column: 'assigned_distribution_set_id' | 'installed_distribution_set_id') => {
    const id = (await target(db, controllerId))[column];
    return id === null ? undefined : findDistributionSet(db, id);
  };

  return {
    async assign(controllerId, request, actor) {
      const setId = request.distributionSetId;
      await checkSet(await target(db, controllerId), setId);
      const maintenanceWindow = windowOf(request.maintenanceWindow);
      return db.transaction(async (trx) => {
        // Validity is checked here, not with the rest above, so that an invalidation committed meanwhile wins; on
        // PostgreSQL the share lock waits for one in progress. The set is locked before the target, in the order
        // invalidation and auto-assignment use.
        const set = trx('distribution_sets').where('id', setId);
        if (dialectOf(db) === 'postgres') set.forShare();
        if (!(await set.first<{ valid: boolean | number }>('valid')).valid) {
          throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${setId}} is invalidated and cannot be assigned.`);
        }
        // the row lock serialises assignments to one target: at most one active action (SQLite has one writer)
        const row = await target(trx, controllerId, true);
        const active = await trx('actions')
          .where({ target_id: row.id, active: true })
          .first<{ id: number; status: ActionStatus; distribution_set_id: number } | undefined>('id', 'status', 'distribution_set_id');
        if (active && active.distribution_set_id === setId && row.assigned_distribution_set_id === setId) {
          return { assigned: 0, alreadyAssigned: 1, total: 1, assignedActions: [] };
        }
        await checkQuota(trx, row.id);
        const now = clock();
        if (active) {
          const ref = { id: active.id, targetId: row.id, distributionSetId: active.distribution_set_id, status: active.status };
          await applyActionEvent(trx, ref, 'superseded', { now, actor });
        }
        const confirmationRequired = config.ddi.confirmationFlow && !row.auto_confirm_active;
        const created = await createAction(
          trx,
          { targetId: row.id, distributionSetId: setId, actionType: request.actionType ?? 'forced', forceTime: request.forceTime, maintenanceWindow },
          { confirmationRequired },
          { now, actor, messages: [`Assignment initiated by user '${actor}'`] },
        );
        return { assigned: 1, alreadyAssigned: 0, total: 1, assignedActions: [{ id: created.id, controllerId }] };
      });
    },
    assignedSet: (controllerId) => readSet(controllerId, 'assigned_distribution_set_id'),
    installedSet: (controllerId) => readSet(controllerId, 'installed_distribution_set_id'),
  };

  async function checkQuota(trx: Knex, targetId: number) {
    const max = config.quota.maxActionsPerTarget;
    if (max === 0) return;
    const counted = (await trx('actions').where('target_id', targetId).count({ n: '*' }).first()) as { n: number | string };
    if (Number(counted.n) >= max) {
      throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: a target holds at most ${max} actions.`, {
        quota: 'maxActionsPerTarget',
        limit: max,
      });
    }
  }
}

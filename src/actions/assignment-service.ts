import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import type { DistributionSet } from '../distribution-sets/distribution-set.js';
import { dialectOf } from '../db/database.js';
import { DomainError, ErrorCode } from '../errors.js';
import { recordOfflineInstallation } from './action-store.js';
import type { ActionType } from './deployment-modes.js';
import { validateMaintenanceWindow, type MaintenanceWindow, type MaintenanceWindowInput } from './maintenance-window.js';
import { compatibleWith, deployToTargets, lockTargets, targetsAtActionQuota } from './target-deployment.js';

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
  /**
   * Records that the target runs the set, installed without the server (hawkBit's offline assignment,
   * decision 94): a finished action, and the set becomes its assigned and installed set. A target that has
   * the set assigned already, or an active action (an offline installation never closes a deployment in
   * flight), counts as alreadyAssigned and changes nothing. The set is checked as for {@link assign}.
   * @throws DomainError entityNotFound (target, set); distributionSetInvalid, distributionSetIncomplete,
   *   targetTypeIncompatible (400); quotaExceeded (maxActionsPerTarget, 429)
   */
  installOffline(controllerId: string, distributionSetId: number, actor: string): Promise<AssignmentResult>;
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
  const target = async (trx: Knex, controllerId: string) => {
    const row = await trx('targets').where('controller_id', controllerId).first<TargetRow | undefined>(
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
    const compatible = await db('targets').where('targets.id', row.id).where(compatibleWith(set.typeId)).first<{ id: number } | undefined>('targets.id');
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
        const row = await lockForAssignment(trx, controllerId, setId);
        const active = await trx('actions')
          .where({ target_id: row.id, active: true })
          .first<{ distribution_set_id: number } | undefined>('distribution_set_id');
        if (active && active.distribution_set_id === setId && row.assigned_distribution_set_id === setId) {
          return { assigned: 0, alreadyAssigned: 1, total: 1, assignedActions: [] };
        }
        await checkQuota(trx, row.id);
        const [created] = await deployToTargets(
          trx,
          [{ id: row.id, autoConfirmActive: Boolean(row.auto_confirm_active) }],
          { distributionSetId: setId, actionType: request.actionType ?? 'forced', forceTime: request.forceTime, maintenanceWindow },
          { now: clock(), actor, messages: [`Assignment initiated by user '${actor}'`], confirmationFlow: config.ddi.confirmationFlow },
        );
        return { assigned: 1, alreadyAssigned: 0, total: 1, assignedActions: [{ id: (created as { id: number }).id, controllerId }] };
      });
    },
    async installOffline(controllerId, setId, actor) {
      await checkSet(await target(db, controllerId), setId);
      return db.transaction(async (trx) => {
        const row = await lockForAssignment(trx, controllerId, setId);
        const active = await trx('actions').where({ target_id: row.id, active: true }).first<{ id: number } | undefined>('id');
        if (active !== undefined || row.assigned_distribution_set_id === setId) {
          return { assigned: 0, alreadyAssigned: 1, total: 1, assignedActions: [] };
        }
        await checkQuota(trx, row.id);
        const { id } = await recordOfflineInstallation(trx, { targetId: row.id, distributionSetId: setId }, { now: clock(), actor });
        return { assigned: 1, alreadyAssigned: 0, total: 1, assignedActions: [{ id, controllerId }] };
      });
    },
    assignedSet: (controllerId) => readSet(controllerId, 'assigned_distribution_set_id'),
    installedSet: (controllerId) => readSet(controllerId, 'installed_distribution_set_id'),
  };

  /**
   * The target's row, locked against concurrent assignments, once the set is known to be still valid.
   * Validity is checked here, not with the rest before the transaction, so that an invalidation committed
   * meanwhile wins; on PostgreSQL the share lock waits for one in progress. The set is locked before the
   * target, in the order invalidation and auto-assignment use.
   */
  async function lockForAssignment(trx: Knex, controllerId: string, setId: number): Promise<TargetRow> {
    const set = trx('distribution_sets').where('id', setId);
    if (dialectOf(db) === 'postgres') set.forShare();
    if (!(await set.first<{ valid: boolean | number }>('valid')).valid) {
      throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${setId}} is invalidated and cannot be assigned.`);
    }
    // the row lock serialises assignments to one target: at most one active action (SQLite has one writer)
    await lockTargets(trx, [(await target(trx, controllerId)).id]);
    return target(trx, controllerId);
  }

  async function checkQuota(trx: Knex, targetId: number) {
    const max = config.quota.maxActionsPerTarget;
    if ((await targetsAtActionQuota(trx, [targetId], max)).size > 0) {
      throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: a target holds at most ${max} actions.`, {
        quota: 'maxActionsPerTarget',
        limit: max,
      });
    }
  }
}

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { lockDistributionSet, lockTargets } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import { assertNotDeleted, setDeleted, type DistributionSet } from '../distribution-sets/distribution-set.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import {
  assertRequestQuota,
  distinctTargets,
  OFFLINE_ACTION,
  plannedAction,
  type AssignmentOptions,
  type PlannedAction,
  type TargetAssignment,
} from './assignment-plan.js';
import { targetStore } from '../targets/target-store.js';
import { deploymentStore as sql, type AssignableTarget } from './deployment-store.js';
import { deployToTargets, type DeploymentTarget } from './target-deployment.js';
import { ASSIGNMENT_CHUNK, chunks } from '../db/chunks.js';
import { dialectOf } from '../db/database.js';

export type { AssignmentOptions, TargetAssignment } from './assignment-plan.js';

/** One assignment of a set to a target, as `POST /targets/{id}/assignedDS` gives it. */
export interface AssignmentRequest extends AssignmentOptions {
  readonly distributionSetId: number;
}

export interface AssignmentResult {
  /** targets that got a new action */
  readonly assigned: number;
  /** known targets that were skipped: the set already assigned and active, or busy for an offline assignment */
  readonly alreadyAssigned: number;
  /** known targets named (an unknown controllerId is not counted) */
  readonly total: number;
  /** the actions created, in request order, with their targets' controllerIds (for `_links`) */
  readonly assignedActions: readonly { readonly id: number; readonly controllerId: string }[];
}

/** Assigning sets to targets, and reading a target's assigned and installed set. */
export interface AssignmentService {
  /**
   * {@link AssignmentService.assignTargets} for one target, which must exist.
   * @throws DomainError entityNotFound (target), and whatever `assignTargets` throws
   */
  assign(controllerId: string, request: AssignmentRequest, offline: boolean, actor: string): Promise<AssignmentResult>;
  /**
   * Assigns a set to targets in one transaction (README "Action lifecycle", decisions 21 and 81); unknown
   * controllerIds are skipped. Online, a target with the set assigned and an active action for it is left alone
   * (`alreadyAssigned`); every other target's active action is closed as canceled (`superseded`), a new one
   * starts through `assigned` (waiting for the device's confirmation when the flow is on, the target does not
   * auto-confirm and the request does not waive it) and the target becomes `pending` with the set assigned.
   * Offline (decision 80), a target with the set assigned or with any active action is left
   * alone; every other gets an action through `assignedOffline`, born finished, and the set as its assigned and
   * installed set (`in_sync`); the request's options are ignored. Targets are locked in id order.
   * @throws DomainError multiAssignmentNotEnabled (a target twice with other options), entityNotFound, deleted (set);
   *   distributionSetInvalid, distributionSetIncomplete, targetTypeIncompatible (any known target),
   *   maintenanceScheduleInvalid (400); quotaExceeded (429: more targets than
   *   maxTargetDistributionSetAssignmentsPerManualAssignment, or a target that would hold more than
   *   maxActionsPerTarget actions); nothing is assigned then
   */
  assignTargets(distributionSetId: number, targets: readonly TargetAssignment[], offline: boolean, actor: string): Promise<AssignmentResult>;
  /** The target's assigned set, or undefined. @throws DomainError entityNotFound */
  assignedSet(controllerId: string): Promise<DistributionSet | undefined>;
  /** The target's installed set, or undefined. @throws DomainError entityNotFound */
  installedSet(controllerId: string): Promise<DistributionSet | undefined>;
}

export function createAssignmentService(db: Knex, clock: Clock, config: Config): AssignmentService {
  const setsOf = async (controllerId: string) => {
    const sets = await targetStore.setsOf(db, controllerId);
    if (!sets) throw notFound('Target', controllerId);
    return sets;
  };
  const readSet = async (controllerId: string, relation: 'assigned' | 'installed') => {
    const id = (await setsOf(controllerId))[relation];
    return id === null ? undefined : findDistributionSet(db, id);
  };

  /** The set, checked as far as it can be outside the transaction. */
  const completeSet = async (setId: number) => {
    const set = await findDistributionSet(db, setId);
    if (!set) throw notFound('DistributionSet', setId);
    assertNotDeleted(set);
    if (!set.complete) {
      throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${setId}} is incomplete: a mandatory module is missing.`);
    }
    return set;
  };

  // Validity is checked in the transaction, not with the rest, so that an invalidation committed meanwhile wins;
  // on PostgreSQL the share lock waits for one in progress. The set is locked before the targets, the targets
  // (in id order, chunk after chunk) before their actions (decision 40).
  const assertValid = async (trx: Knex, setId: number) => {
    await lockDistributionSet(trx, setId, 'share');
    const state = await distributionSetStore.state(trx, setId);
    // a deletion committed meanwhile wins, as an invalidation does
    if (state?.deleted) throw setDeleted(setId);
    if (!state?.valid) {
      throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${setId}} is invalidated and cannot be assigned.`);
    }
  };

  /** The known targets among the requested ones, locked, with what deciding their assignment needs. */
  const lockedTargets = async (trx: Knex, ids: readonly number[], set: DistributionSet) => {
    await lockTargets(trx, ids);
    const rows = await sql.assignableTargets(trx, ids);
    if ((await sql.compatibleCount(trx, ids, set.typeId)) < rows.length) {
      throw new DomainError(ErrorCode.targetTypeIncompatible, `The target type of a target does not accept distribution sets of type {${set.typeKey}}.`);
    }
    return rows;
  };

  const assignTargets: AssignmentService['assignTargets'] = async (setId, requested, offline, actor) => {
    const targets = distinctTargets(requested);
    assertRequestQuota(targets.length, config.quota.maxTargetDistributionSetAssignmentsPerManualAssignment);
    const set = await completeSet(setId);
    const now = clock();
    const planned = new Map(targets.map((target): [string, PlannedAction] => [target.controllerId, offline ? OFFLINE_ACTION : plannedAction(target, now)]));
    return inTransaction(db, async (trx) => {
      await assertValid(trx, setId);
      // rounds of ASSIGNMENT_CHUNK targets; SQLite runs each without a break, with one between them (decision 266)
      const round = ASSIGNMENT_CHUNK[dialectOf(trx)];
      const ids: number[] = [];
      for (const [index, names] of chunks([...planned.keys()], round).entries()) {
        if (index > 0) await yieldToEventLoop();
        ids.push(...(await sql.targetIds(trx, names)));
      }
      ids.sort((a, b) => a - b);
      const created = new Map<string, number>();
      let known = 0;
      for (const [index, chunk] of chunks(ids, round).entries()) {
        if (index > 0) await yieldToEventLoop();
        const rows = await lockedTargets(trx, chunk, set);
        known += rows.length;
        const fresh = await assignable(trx, rows, setId, offline);
        await checkActionQuota(
          trx,
          fresh.map((row) => row.id),
        );
        const deployments = fresh.map((row): DeploymentTarget => {
          const { confirmationRequired, ...own } = planned.get(row.controllerId) as PlannedAction;
          return { id: row.id, autoConfirmActive: row.autoConfirmActive, own, confirmationRequired };
        });
        const refs = await deployToTargets(
          trx,
          deployments,
          { distributionSetId: setId, actionType: 'forced' },
          {
            now,
            actor,
            messages: [`Assignment initiated by user '${actor}'`],
            confirmationFlow: config.ddi.confirmationFlow,
            event: offline ? 'assignedOffline' : 'assigned',
          },
        );
        refs.forEach((ref, index) => created.set((fresh[index] as AssignableTarget).controllerId, ref.id));
      }
      const assignedActions = [...planned.keys()].flatMap((controllerId) => {
        const id = created.get(controllerId);
        return id === undefined ? [] : [{ id, controllerId }];
      });
      return { assigned: created.size, alreadyAssigned: known - created.size, total: known, assignedActions };
    });
  };

  return {
    async assign(controllerId, { distributionSetId, ...options }, offline, actor) {
      await setsOf(controllerId);
      return assignTargets(distributionSetId, [{ ...options, controllerId }], offline, actor);
    },
    assignTargets,
    assignedSet: (controllerId) => readSet(controllerId, 'assigned'),
    installedSet: (controllerId) => readSet(controllerId, 'installed'),
  };

  async function checkActionQuota(trx: Knex, targetIds: readonly number[]) {
    const max = config.quota.maxActionsPerTarget;
    if ((await sql.atActionQuota(trx, targetIds, max)).size > 0) {
      throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: a target holds at most ${max} actions.`, {
        quota: 'maxActionsPerTarget',
        limit: max,
      });
    }
  }
}

/**
 * The targets that get a new action. Online, one with the set assigned and an active action for it keeps it;
 * offline, one with the set assigned or with any active action (a deployment in progress) is skipped.
 */
async function assignable(trx: Knex, rows: readonly AssignableTarget[], setId: number, offline: boolean): Promise<AssignableTarget[]> {
  const activeSet = await sql.activeSets(
    trx,
    rows.map((row) => row.id),
  );
  return rows.filter((row) => {
    const assigned = row.assignedDistributionSetId === setId;
    if (offline) return !assigned && !activeSet.has(row.id);
    return !(assigned && activeSet.get(row.id) === setId);
  });
}

/**
 * Auto-assignment (README "Target filters and auto-assignment"): a filter's attached set goes to every target the filter matches
 * that does not have the set assigned and has no active action (decision 8), when the set is attached,
 * when a device registers itself or uploads attributes (`autoAssignTarget`), and in the periodic sweep.
 * Targets whose type does not accept the set, or that hold `max_actions_per_target` actions, are skipped.
 */
import type { Knex } from 'knex';
import { createAction } from '../actions/action-store.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { dialectOf } from '../db/database.js';
import { lockTargets } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { autoAssignCandidates, type AutoAssignScope } from './auto-assign-candidates.js';
import { targetFilterOf, type TargetFilterRow } from './target-filter-queries.js';
import type { AutoAssignment } from './target-filter.js';

/** What auto-assignment runs on. */
export interface AutoAssignmentContext {
  readonly db: Knex;
  readonly clock: Clock;
  readonly config: Config;
}

/** targets assigned per transaction */
const CHUNK = 500;

interface FilterState {
  readonly name: string;
  readonly scope: AutoAssignScope;
  readonly assignment: AutoAssignment;
}

/**
 * Assigns a filter's set to its candidates (all of them, or the one target `controllerId`), in
 * transactions of {@link CHUNK} targets, through `createAction`. Nothing happens when the filter has no
 * set attached, or its set is no longer valid and complete.
 * @returns the number of actions created
 */
export async function assignFilter(ctx: AutoAssignmentContext, filterId: number, controllerId?: string): Promise<number> {
  let assigned = 0;
  let after = 0;
  for (;;) {
    const state = await filterState(ctx.db, filterId);
    if (state === undefined) return assigned;
    const next = autoAssignCandidates(ctx.db, state.scope, ctx.config.quota.maxActionsPerTarget)
      .where('targets.id', '>', after)
      .orderBy('targets.id')
      .limit(CHUNK);
    if (controllerId !== undefined) next.where('targets.controller_id', controllerId);
    const ids = ((await next) as { id: number }[]).map((row) => row.id);
    if (ids.length === 0) return assigned;
    assigned += await inTransaction(ctx.db, (trx) => assignChunk(trx, ctx, filterId, ids));
    if (ids.length < CHUNK) return assigned;
    after = ids[ids.length - 1] as number;
  }
}

/**
 * Runs every auto-assignment for one target (DDI auto-registration and configData), filters in id order;
 * the first that assigns wins, as the target then has an active action.
 * @returns whether the target got an action
 */
export async function autoAssignTarget(ctx: AutoAssignmentContext, controllerId: string): Promise<boolean> {
  for (const filterId of await filtersWithSets(ctx.db)) {
    if ((await assignFilter(ctx, filterId, controllerId)) > 0) return true;
  }
  return false;
}

/**
 * The periodic sweep over every filter with a set attached. A filter that fails does not stop the others;
 * the failures are thrown together at the end, for the scheduler to log.
 * @returns the number of actions created
 */
export async function sweepAutoAssignments(ctx: AutoAssignmentContext): Promise<number> {
  let assigned = 0;
  const failures: unknown[] = [];
  for (const filterId of await filtersWithSets(ctx.db)) {
    try {
      assigned += await assignFilter(ctx, filterId);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `auto-assignment failed for ${failures.length} target filter(s)`);
  return assigned;
}

async function filtersWithSets(db: Knex): Promise<number[]> {
  const ids: unknown[] = await db('target_filters').whereNotNull('auto_assign_distribution_set_id').orderBy('id').pluck('id');
  return ids.map(Number);
}

/** The filter's auto-assignment, if it has one whose set may still be assigned (valid and complete). */
async function filterState(db: Knex, filterId: number): Promise<FilterState | undefined> {
  const row = await db('target_filters').where('id', filterId).first<TargetFilterRow | undefined>();
  const assignment = row === undefined ? null : targetFilterOf(row).autoAssignment;
  if (!row || !assignment) return undefined;
  const set = await distributionSetStore.row(db, assignment.distributionSetId);
  if (!set || !set.valid || !set.complete) return undefined;
  const scope = { query: row.query, distributionSetId: set.id, distributionSetTypeId: set.typeId };
  return { name: row.name, scope, assignment };
}

/**
 * One transaction: the set and the filter are locked against invalidation and changes, in the order an
 * invalidation takes them, then the targets against concurrent assignments (decision 40; PostgreSQL, SQLite
 * has one writer); then the candidates are checked again under those locks.
 */
async function assignChunk(trx: Knex, { clock, config }: AutoAssignmentContext, filterId: number, ids: readonly number[]) {
  const attached = () => trx('target_filters').where('id', filterId).first<{ set: number | null } | undefined>({ set: 'auto_assign_distribution_set_id' });
  const setId = (await attached())?.set;
  if (setId == null) return 0;
  if (dialectOf(trx) === 'postgres') {
    await trx('distribution_sets').where('id', setId).forShare().select('id');
    if ((await attached().forShare())?.set !== setId) return 0;
  }
  await lockTargets(trx, ids);
  const state = await filterState(trx, filterId);
  if (state === undefined) return 0;
  const targets = (await autoAssignCandidates(trx, state.scope, config.quota.maxActionsPerTarget)
    .whereIn('targets.id', ids)
    .select('targets.auto_confirm_active')
    .orderBy('targets.id')) as { id: number; auto_confirm_active: boolean | number }[];
  const { distributionSetId, actionType, confirmationRequired, initiatedBy } = state.assignment;
  const now = clock();
  for (const target of targets) {
    await createAction(
      trx,
      { targetId: target.id, distributionSetId, actionType },
      { confirmationRequired: config.ddi.confirmationFlow && confirmationRequired && !target.auto_confirm_active },
      { now, actor: initiatedBy, messages: [`Auto assignment by target filter: ${state.name}`] },
    );
  }
  return targets.length;
}

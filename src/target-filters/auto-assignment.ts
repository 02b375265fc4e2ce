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
import { lockDistributionSet, lockTargets } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import type { AutoAssignment } from './target-filter.js';
import { targetFilterStore as sql, type AutoAssignScope } from './target-filter-store.js';

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
    const ids = await sql.candidateIds(ctx.db, state.scope, ctx.config.quota.maxActionsPerTarget, { after, limit: CHUNK, controllerId });
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
  for (const filterId of await sql.idsWithSets(ctx.db)) {
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
  for (const filterId of await sql.idsWithSets(ctx.db)) {
    try {
      assigned += await assignFilter(ctx, filterId);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `auto-assignment failed for ${failures.length} target filter(s)`);
  return assigned;
}

/** The filter's auto-assignment, if it has one whose set may still be assigned (valid and complete). */
async function filterState(db: Knex, filterId: number): Promise<FilterState | undefined> {
  const filter = await sql.find(db, filterId);
  const assignment = filter?.autoAssignment;
  if (!filter || !assignment) return undefined;
  const set = await distributionSetStore.row(db, assignment.distributionSetId);
  if (!set || !set.valid || !set.complete) return undefined;
  const scope = { query: filter.query, distributionSetId: set.id, distributionSetTypeId: set.typeId };
  return { name: filter.name, scope, assignment };
}

/**
 * One transaction: the set and the filter are locked against invalidation and changes, in the order an
 * invalidation takes them, then the targets against concurrent assignments (decision 40; PostgreSQL, SQLite
 * has one writer); then the candidates are checked again under those locks.
 */
async function assignChunk(trx: Knex, { clock, config }: AutoAssignmentContext, filterId: number, ids: readonly number[]) {
  const setId = await sql.attachedSetId(trx, filterId);
  if (setId == null) return 0;
  await lockDistributionSet(trx, setId, 'share');
  if ((await sql.attachedSetId(trx, filterId, true)) !== setId) return 0;
  await lockTargets(trx, ids);
  const state = await filterState(trx, filterId);
  if (state === undefined) return 0;
  const targets = await sql.candidatesAmong(trx, state.scope, config.quota.maxActionsPerTarget, ids);
  const { distributionSetId, actionType, confirmationRequired, initiatedBy } = state.assignment;
  const now = clock();
  for (const target of targets) {
    await createAction(
      trx,
      { targetId: target.id, distributionSetId, actionType },
      { confirmationRequired: config.ddi.confirmationFlow && confirmationRequired && !target.autoConfirmActive },
      { now, actor: initiatedBy, messages: [`Auto assignment by target filter: ${state.name}`] },
    );
  }
  return targets.length;
}

/**
 * The row locks of decision 40: a transaction that writes a target or its actions locks the target rows
 * first (several in id order), then the action rows (in id order). A transaction that also locks a
 * distribution set, a target filter or a rollout takes those before the targets. PostgreSQL only: SQLite
 * has one writer, and every function here does nothing there but what it must read.
 *
 * The locks are FOR NO KEY UPDATE, the lock an UPDATE takes anyway: writers queue behind each other, while
 * inserting a row that references a locked one (an action of the target, a status entry of the action, a
 * rollout's group member) does not wait.
 */
import type { Knex } from 'knex';
import { dialectOf } from '../db/database.js';
import { statement, type Queryable } from './prepared-statements.js';

const rowLocks = (trx: Queryable) => dialectOf(trx) === 'postgres';

/**
 * Locks a distribution set's row: `share` for a change that needs the set to stay valid (an assignment, an
 * auto-assignment, an attachment), `update` for its invalidation, which waits for those and makes them wait.
 * Not FOR UPDATE: a rollout step inserting actions of the set key-shares it, and must not wait for an
 * invalidation that waits for its rollout.
 */
export async function lockDistributionSet(trx: Knex, setId: number, mode: 'share' | 'update'): Promise<void> {
  if (!rowLocks(trx)) return;
  const query = trx('distribution_sets').where('id', setId).select('id');
  await (mode === 'share' ? query.forShare() : query.forNoKeyUpdate());
}

/**
 * Locks a rollout's row FOR UPDATE: operations of the API and the evaluator's step for one rollout, in any
 * process, take their turns.
 */
export async function lockRollout(trx: Knex, id: number): Promise<void> {
  if (!rowLocks(trx)) return;
  await trx('rollouts').where('id', id).forUpdate().select('id');
}

/** Locks the rollouts of a distribution set, in id order, as {@link lockRollout} locks one. */
export async function lockRolloutsOfSet(trx: Knex, setId: number): Promise<void> {
  if (!rowLocks(trx)) return;
  await trx('rollouts').where('distribution_set_id', setId).orderBy('id').forUpdate().select('id');
}

/** Locks target rows by id, in id order. */
export async function lockTargets(trx: Knex, targetIds: readonly number[]): Promise<void> {
  if (!rowLocks(trx) || targetIds.length === 0) return;
  await trx('targets').whereIn('id', targetIds).orderBy('id').forNoKeyUpdate().select('id');
}

const targetLock = statement('lock-target', 'SELECT id FROM targets WHERE id = ? FOR NO KEY UPDATE');

/** Locks one target's row, in a transaction of either kind (a prepared statement: a device's poll or deployment may take it). */
export async function lockTarget(trx: Queryable, targetId: number): Promise<void> {
  if (rowLocks(trx)) await targetLock.run(trx, targetId);
}

/** Locks the targets whose ids `targetIds` selects (a subquery, e.g. the target_id of some actions), in id order. */
export async function lockTargetsOf(trx: Knex, targetIds: Knex.QueryBuilder): Promise<void> {
  if (!rowLocks(trx)) return;
  await trx('targets').whereIn('id', targetIds).orderBy('id').forNoKeyUpdate().select('id');
}

/** The id of the target `controllerId`, its row locked unless `lock` is false; undefined for an unknown one. */
export async function targetIdOf(trx: Knex, controllerId: string, lock = true): Promise<number | undefined> {
  const query = trx('targets').where('controller_id', controllerId);
  if (lock && rowLocks(trx)) query.forNoKeyUpdate();
  return (await query.first<{ id: number } | undefined>('id'))?.id;
}

/**
 * Adds the action lock to a query of `actions` (named `table` in it) whose targets the caller has locked:
 * the action rows alone are locked, in id order, and read as they are once the locks are granted.
 */
export function lockingActions<Q extends Knex.QueryBuilder>(trx: Knex, query: Q, table = 'actions'): Q {
  query.orderBy(`${table}.id`);
  if (rowLocks(trx)) query.forNoKeyUpdate(table);
  return query;
}

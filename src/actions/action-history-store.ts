/**
 * The SQL of deleting actions with their history (docs/CONVENTIONS.md rule 5): what may go and the deletion
 * itself, for the automatic cleanup (`action-cleanup.ts`) and the operator's purge (`action-purge-service.ts`).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { chunks, PURGE_SLICE } from '../db/chunks.js';
import { dialectOf } from '../db/database.js';
import { statement } from '../db/prepared-statements.js';
import { lockingActions, lockTargetsOf } from '../db/row-locks.js';
import { compileFiql } from '../query/fiql.js';
import { ACTION_FIQL_FIELDS } from './action-fields.js';
import { ACTION_STATUSES, isActive, type ActionStatus } from './action-lifecycle.js';

/** Every closed status: a closed action never changes again, so nothing still depends on it but history. */
export const CLOSED_STATUSES: readonly ActionStatus[] = ACTION_STATUSES.filter((status) => !isActive(status));

/**
 * A condition on `actions as a` (table alias `a`): the action is closed, its status one of `statuses`, and it
 * is not the finished action behind its target's installedBase link — the newest finished action of the
 * target's installed set, which the poll links to and `GET installedBase/{id}` shows. hawkBit deletes by
 * status alone, so deleting `finished` there also drops the record of what the device runs; we keep it.
 */
function deletable(trx: Knex, statuses: readonly ActionStatus[] = CLOSED_STATUSES): (builder: Knex.QueryBuilder) => void {
  return (builder) => {
    builder
      .where('a.active', false)
      .whereIn('a.status', statuses)
      .whereNot((installed) => {
        installed
          .where('a.status', 'finished')
          .whereExists((target) => {
            target.select(trx.raw('1')).from('targets as t').whereRaw('t.id = a.target_id and t.installed_distribution_set_id = a.distribution_set_id');
          })
          .whereNotExists((newer) => {
            newer
              .select(trx.raw('1'))
              .from('actions as n')
              .whereRaw('n.target_id = a.target_id and n.distribution_set_id = a.distribution_set_id')
              .where('n.status', 'finished')
              .whereRaw('n.id > a.id');
          });
      });
  };
}

/**
 * Deletes the actions `ids` with their status entries, on the caller's transaction; the caller has
 * selected them with one of {@link actionHistoryStore}'s deletable reads. The ids are one JSON array per
 * statement pair, {@link PURGE_SLICE} of them: all at once on PostgreSQL; on SQLite, which runs a statement
 * without a break for the event loop, a slice at a time with a break between them (decision 266).
 * @returns how many actions were deleted
 */
async function deleteActions(trx: Knex, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const dialect = dialectOf(trx);
  if (dialect === 'postgres') {
    // Decision 40: the actions' targets, then the actions, before the deletes lock them in no set order. One
    // array parameter names them all, however many.
    const named = () => trx('actions').whereRaw('id = any(?::int[])', [[...ids]]);
    await lockTargetsOf(trx, named().select('target_id'));
    await lockingActions(trx, named()).select('id');
  }
  const slice = PURGE_SLICE[dialect];
  let deleted = 0;
  for (let start = 0; start < ids.length; start += slice) {
    if (start > 0) await yieldToEventLoop();
    const named = JSON.stringify(ids.slice(start, start + slice));
    await deleteEntries.run(trx, named);
    deleted += await deleteRows.run(trx, named);
  }
  return deleted;
}

// Prepared (src/db/prepared-statements.ts): the ids one JSON array, so that one text serves any number of them;
// on PostgreSQL matched through `= ANY (ARRAY(…))`, which the planner reads through the index (decision 279).
const deleteEntries = statement('purge-action-entries', {
  sqlite: 'DELETE FROM action_status WHERE action_id IN (SELECT value FROM json_each(?))',
  postgres: 'DELETE FROM action_status WHERE action_id = ANY (ARRAY(SELECT value::integer FROM jsonb_array_elements_text(?::jsonb)))',
});
const deleteRows = statement('purge-actions', {
  sqlite: 'DELETE FROM actions WHERE id IN (SELECT value FROM json_each(?))',
  postgres: 'DELETE FROM actions WHERE id = ANY (ARRAY(SELECT value::integer FROM jsonb_array_elements_text(?::jsonb)))',
});

const ids = (query: Knex.QueryBuilder) => query.pluck<number[]>('a.id');

/** Reads of the actions that may go, and their deletion. Every read returns ids in no particular order unless it says so. */
export const actionHistoryStore = {
  delete: deleteActions,

  /** The oldest `limit` deletable actions whose status is one of `statuses`, last modified before `cutoff`, by id. */
  cleanupBatch: (db: Knex, statuses: readonly ActionStatus[], cutoff: number, limit: number): Promise<number[]> =>
    ids(db('actions as a').where(deletable(db, statuses)).where('a.last_modified_at', '<', cutoff).orderBy('a.id').limit(limit)),

  /** Those of `actionIds` that exist (and belong to the target `targetId` when given). */
  async existing(db: Knex, actionIds: readonly number[], targetId?: number): Promise<number[]> {
    const found: number[] = [];
    for (const chunk of chunks(actionIds)) {
      const query = db('actions as a').whereIn('a.id', chunk);
      if (targetId !== undefined) query.where('a.target_id', targetId);
      found.push(...(await ids(query)));
    }
    return found;
  },

  /** Those of `actionIds` that may go. */
  async deletableAmong(db: Knex, actionIds: readonly number[]): Promise<number[]> {
    const found: number[] = [];
    for (const chunk of chunks(actionIds)) found.push(...(await ids(db('actions as a').whereIn('a.id', chunk).where(deletable(db)))));
    return found;
  },

  /** The active actions `q` matches, by id. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  activeMatching: (db: Knex, q: string): Promise<number[]> =>
    ids(db('actions as a').where(compileFiql(q, ACTION_FIQL_FIELDS)).where('a.active', true).orderBy('a.id')),

  /** The deletable actions `q` matches. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  deletableMatching: (db: Knex, q: string): Promise<number[]> => ids(db('actions as a').where(compileFiql(q, ACTION_FIQL_FIELDS)).where(deletable(db))),

  /** The target's deletable actions but its newest `keepLast` actions of any status. */
  deletableBeyondNewest: (db: Knex, targetId: number, keepLast: number): Promise<number[]> =>
    ids(
      db('actions as a')
        .where('a.target_id', targetId)
        .where(deletable(db))
        .whereNotIn('a.id', db('actions').where('target_id', targetId).orderBy('id', 'desc').limit(keepLast).select('id')),
    ),
};

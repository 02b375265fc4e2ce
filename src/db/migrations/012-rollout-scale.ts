import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * Rollouts and target lists over large fleets (decision 187):
 * - a running deploy group whose targets are still getting their actions, in transactions of a bounded
 *   number of targets each, is marked `deploying` until the last one is through, so that the evaluator
 *   completes it after a crash and does not judge it before;
 * - target lists sort by name (with the id breaking ties) along an index instead of sorting the fleet, and
 *   FIQL's case-insensitive comparisons of `controllerId` and `name` (`lower(column) = lower(?)`, a prefix
 *   `like` on PostgreSQL) read an index of the lower-cased column instead of every target.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('rollout_groups', (table) => {
    table.boolean('deploying').notNullable().defaultTo(false);
  });
  await db.schema.alterTable('targets', (table) => {
    table.index(['name', 'id'], 'targets_name_id');
  });
  // text_pattern_ops: PostgreSQL reads the index for a prefix `like` too, whatever the database's collation
  const patterns = dialectOf(db) === 'postgres' ? ' text_pattern_ops' : '';
  await db.raw(`create index targets_lower_controller_id on targets (lower(controller_id)${patterns})`);
  await db.raw(`create index targets_lower_name on targets (lower(name)${patterns})`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index targets_lower_name');
  await db.raw('drop index targets_lower_controller_id');
  await db.schema.alterTable('targets', (table) => {
    table.dropIndex(['name', 'id'], 'targets_name_id');
  });
  await db.schema.alterTable('rollout_groups', (table) => {
    table.dropColumn('deploying');
  });
}

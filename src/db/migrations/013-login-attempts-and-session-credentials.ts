import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * - On PostgreSQL, failed logins per client address live in `login_attempts`, shared by every process
 *   (decision 191). SQLite, served by one process, counts them in memory.
 * - Each session records a fingerprint of the operator credentials that created it (decision 192); a
 *   session without one, or with another, is dead. Sessions from before this migration have none, so the
 *   upgrade ends them.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('sessions', (table) => {
    table.string('credential_fingerprint', 64);
  });
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.createTable('login_attempts', (table) => {
    table.string('address', 255).primary();
    table.integer('failures').notNullable();
    table.bigInteger('since').notNullable().index();
  });
}

export async function down(db: Knex): Promise<void> {
  if (dialectOf(db) === 'postgres') await db.schema.dropTable('login_attempts');
  await db.schema.alterTable('sessions', (table) => {
    table.dropColumn('credential_fingerprint');
  });
}

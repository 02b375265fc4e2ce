import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * A target's last poll time in a narrow table of its own (decision 274): at a million targets the buffered
 * poll times are the product's most frequent write, and 10,000 of them in `targets` (rows of about 360
 * bytes) dirtied about as many pages of the widest table. `target_polls` holds one row per target that
 * ever polled (a target that never did has none), deleted with its target:
 * - on SQLite its key is the rowid (INTEGER PRIMARY KEY), so a row is the id and the time, a few bytes;
 * - on PostgreSQL `at` has no index, so that an update of it is a HOT update, and pages are filled to 80 %,
 *   so that the new version finds room on its page.
 * The column `targets.last_controller_request_at` goes, dropped by `ALTER TABLE … DROP COLUMN` on both
 * databases: knex's dropColumn rebuilds a SQLite table, which would lose the count triggers of migration 019.
 * The column has no index, constraint or trigger of its own, as SQLite's DROP COLUMN requires.
 */
export async function up(db: Knex): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // another process (an older version during an upgrade) may write poll times: none may commit between the
  // copy and the drop, so the migration's transaction takes the lock the drop needs at once
  if (postgres) await db.raw('lock table targets in access exclusive mode');
  await db.raw(
    postgres
      ? `create table target_polls (target_id integer primary key references targets (id) on delete cascade, at bigint not null)
           with (fillfactor = 80)`
      : 'create table target_polls (target_id integer primary key references targets (id) on delete cascade, at bigint not null)',
  );
  await db.raw(
    'insert into target_polls (target_id, at) select id, last_controller_request_at from targets where last_controller_request_at is not null order by id',
  );
  await db.raw('alter table targets drop column last_controller_request_at');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('alter table targets add column last_controller_request_at bigint');
  await db.raw('update targets set last_controller_request_at = (select p.at from target_polls p where p.target_id = targets.id)');
  await db.raw('drop table target_polls');
}

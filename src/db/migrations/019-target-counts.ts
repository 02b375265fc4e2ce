import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * Target lists and statistics over a million targets (decision 250):
 * - `actions_active` lets the statistics count the active actions without reading the others;
 * - `targets_status_name_id` serves `updatestatus==…` sorted by name (the id breaking ties) from one index,
 *   the filter and the order both; it replaces the index on `update_status` alone, which it starts with;
 * - `target_counts` holds the number of targets per update status, kept by triggers in the transaction of
 *   every write of `targets` (insert, delete, a changed status), whatever code path makes it. On SQLite,
 *   one row per status that the triggers update (one writer at a time, so no waiting). On PostgreSQL,
 *   rows of changes that the triggers append, one per status and statement, summed when read and folded
 *   into one row per status now and then (`targetCountStore.fold`): an update of shared rows would make
 *   every concurrent status change wait for the others' commits.
 */
export async function up(db: Knex): Promise<void> {
  // the statistics' active actions, counted from an index of them alone
  await db.schema.alterTable('actions', (table) => {
    table.index(['active'], 'actions_active');
  });
  await db.schema.alterTable('targets', (table) => {
    table.index(['update_status', 'name', 'id'], 'targets_status_name_id');
    table.dropIndex(['update_status']);
  });
  if (dialectOf(db) === 'postgres') {
    await db.schema.createTable('target_counts', (table) => {
      table.bigIncrements('id');
      table.string('update_status', 16).notNullable();
      table.bigInteger('n').notNullable();
    });
    // another process (an older version during an upgrade) may write targets: none may commit between the
    // count and the triggers, so the migration's transaction holds off writers until it commits
    await db.raw('lock table targets in share row exclusive mode');
    await db.raw('insert into target_counts (update_status, n) select update_status, count(*) from targets group by update_status');
    await db.raw(`create function target_counts_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into target_counts (update_status, n) select update_status, count(*) from new_rows group by update_status;
        elsif tg_op = 'DELETE' then
          insert into target_counts (update_status, n) select update_status, -count(*) from old_rows group by update_status;
        else
          insert into target_counts (update_status, n)
            select update_status, sum(n) from (
              select update_status, 1 as n from new_rows union all select update_status, -1 as n from old_rows
            ) as changes group by update_status having sum(n) <> 0;
        end if;
        return null;
      end $$`);
    await db.raw(`create trigger target_counts_insert after insert on targets referencing new table as new_rows
      for each statement execute function target_counts_changed()`);
    await db.raw(`create trigger target_counts_delete after delete on targets referencing old table as old_rows
      for each statement execute function target_counts_changed()`);
    // PostgreSQL allows no column list (`update of update_status`) with transition tables: every update counts
    await db.raw(`create trigger target_counts_update after update on targets referencing old table as old_rows new table as new_rows
      for each statement execute function target_counts_changed()`);
  } else {
    await db.schema.createTable('target_counts', (table) => {
      table.string('update_status', 16).primary();
      table.bigInteger('n').notNullable();
    });
    await db.raw('insert into target_counts (update_status, n) select update_status, count(*) from targets group by update_status');
    const increment = (status: string) =>
      `insert into target_counts (update_status, n) values (${status}, 1) on conflict (update_status) do update set n = n + 1;`;
    const decrement = (status: string) => `update target_counts set n = n - 1 where update_status = ${status};`;
    await db.raw(`create trigger target_counts_insert after insert on targets begin ${increment('new.update_status')} end`);
    await db.raw(`create trigger target_counts_delete after delete on targets begin ${decrement('old.update_status')} end`);
    await db.raw(`create trigger target_counts_update after update of update_status on targets when old.update_status <> new.update_status
      begin ${decrement('old.update_status')} ${increment('new.update_status')} end`);
  }
}

export async function down(db: Knex): Promise<void> {
  for (const trigger of ['target_counts_insert', 'target_counts_delete', 'target_counts_update']) {
    await db.raw(dialectOf(db) === 'postgres' ? `drop trigger ${trigger} on targets` : `drop trigger ${trigger}`);
  }
  if (dialectOf(db) === 'postgres') await db.raw('drop function target_counts_changed()');
  await db.schema.dropTable('target_counts');
  await db.schema.alterTable('targets', (table) => {
    table.index(['update_status']);
    table.dropIndex(['update_status', 'name', 'id'], 'targets_status_name_id');
  });
  await db.schema.alterTable('actions', (table) => {
    table.dropIndex(['active'], 'actions_active');
  });
}

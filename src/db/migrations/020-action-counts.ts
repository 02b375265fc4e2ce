import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * `action_counts` holds the number of actions per status and activity, kept by triggers in the transaction
 * of every write of `actions` (insert, delete, a changed status or activity), whatever code path makes it,
 * so that the statistics and the metrics count no actions (decision 251, as decision 250 counts targets).
 * On SQLite, one row per status and activity that row triggers update (one writer at a time). On PostgreSQL,
 * rows of changes that statement triggers with transition tables append, one per status, activity and
 * statement (a rollout's chunk of 200 actions, a set-based move of thousands: one row each), summed when
 * read and folded now and then (`statisticsStore.foldActionCounts`).
 */
export async function up(db: Knex): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.createTable('action_counts', (table) => {
      table.bigIncrements('id');
      table.string('status', 32).notNullable();
      table.boolean('active').notNullable();
      table.bigInteger('n').notNullable();
    });
    // as migration 019: no writer of another process may commit between the count and the triggers
    await db.raw('lock table actions in share row exclusive mode');
    await db.raw('insert into action_counts (status, active, n) select status, active, count(*) from actions group by status, active');
    await db.raw(`create function action_counts_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into action_counts (status, active, n) select status, active, count(*) from new_rows group by status, active;
        elsif tg_op = 'DELETE' then
          insert into action_counts (status, active, n) select status, active, -count(*) from old_rows group by status, active;
        else
          insert into action_counts (status, active, n)
            select status, active, sum(n) from (
              select status, active, 1 as n from new_rows union all select status, active, -1 as n from old_rows
            ) as changes group by status, active having sum(n) <> 0;
        end if;
        return null;
      end $$`);
    await db.raw(`create trigger action_counts_insert after insert on actions referencing new table as new_rows
      for each statement execute function action_counts_changed()`);
    await db.raw(`create trigger action_counts_delete after delete on actions referencing old table as old_rows
      for each statement execute function action_counts_changed()`);
    // PostgreSQL allows no column list with transition tables: every update counts, the device's too
    await db.raw(`create trigger action_counts_update after update on actions referencing old table as old_rows new table as new_rows
      for each statement execute function action_counts_changed()`);
  } else {
    await db.schema.createTable('action_counts', (table) => {
      table.string('status', 32).notNullable();
      table.boolean('active').notNullable();
      table.bigInteger('n').notNullable();
      table.primary(['status', 'active']);
    });
    await db.raw('insert into action_counts (status, active, n) select status, active, count(*) from actions group by status, active');
    const increment = (row: string) =>
      `insert into action_counts (status, active, n) values (${row}.status, ${row}.active, 1) on conflict (status, active) do update set n = n + 1;`;
    const decrement = (row: string) => `update action_counts set n = n - 1 where status = ${row}.status and active = ${row}.active;`;
    await db.raw(`create trigger action_counts_insert after insert on actions begin ${increment('new')} end`);
    await db.raw(`create trigger action_counts_delete after delete on actions begin ${decrement('old')} end`);
    await db.raw(`create trigger action_counts_update after update of status, active on actions
      when old.status <> new.status or old.active <> new.active begin ${decrement('old')} ${increment('new')} end`);
  }
}

export async function down(db: Knex): Promise<void> {
  for (const trigger of ['action_counts_insert', 'action_counts_delete', 'action_counts_update']) {
    await db.raw(dialectOf(db) === 'postgres' ? `drop trigger ${trigger} on actions` : `drop trigger ${trigger}`);
  }
  if (dialectOf(db) === 'postgres') await db.raw('drop function action_counts_changed()');
  await db.schema.dropTable('action_counts');
}

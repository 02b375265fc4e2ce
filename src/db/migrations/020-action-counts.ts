import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * `action_counts` holds the number of actions per status and activity, kept by triggers in the transaction
 * of every write of `actions` (insert, delete, a changed status or activity), whatever code path makes it,
 * so that the statistics and the metrics count no actions (decision 251, after decision 250's target counts).
 * On SQLite, one row per status and activity that row triggers update (one writer at a time). On PostgreSQL,
 * rows of changes that the triggers append, summed when read and folded now and then
 * (`statisticsStore.foldActionCounts`): an insert or a delete appends one row per status and activity and
 * statement (statement triggers with transition tables: a rollout's chunk of 200 actions is one row), a
 * changed status two rows per action (a row trigger: only it takes a column list and a condition, so the
 * device's other writes of its action, each deploymentBase fetch and report, fire nothing).
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
        else
          insert into action_counts (status, active, n) select status, active, -count(*) from old_rows group by status, active;
        end if;
        return null;
      end $$`);
    await db.raw(`create function action_counts_moved() returns trigger language plpgsql as $$
      begin
        insert into action_counts (status, active, n) values (old.status, old.active, -1), (new.status, new.active, 1);
        return null;
      end $$`);
    await db.raw(`create trigger action_counts_insert after insert on actions referencing new table as new_rows
      for each statement execute function action_counts_changed()`);
    await db.raw(`create trigger action_counts_delete after delete on actions referencing old table as old_rows
      for each statement execute function action_counts_changed()`);
    await db.raw(`create trigger action_counts_update after update of status, active on actions for each row
      when (old.status is distinct from new.status or old.active is distinct from new.active) execute function action_counts_moved()`);
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
  if (dialectOf(db) === 'postgres') {
    await db.raw('drop function action_counts_changed()');
    await db.raw('drop function action_counts_moved()');
  }
  await db.schema.dropTable('action_counts');
}

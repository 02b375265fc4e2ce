import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * A rollout over a million targets (decision 265):
 * - a group member's rollout is its group's: the foreign key of `rollout_group_targets.rollout_id` checked
 *   the rollout of every member row a second time (the group's key checks the group, whose rollout is
 *   fixed), so it goes; the column stays for the unique (rollout, target). Deleting a rollout still deletes
 *   its members, through its groups (ON DELETE CASCADE both);
 * - `rollout_group_counts` holds each group's targets (status `targets`) and its actions per status, kept
 *   by triggers in the transaction of every write of `rollout_group_targets` and `actions`, whatever code
 *   path makes it, as `action_counts` (migration 020) holds the actions: a read of a rollout's or its
 *   groups' counts joined the group's members with their actions (100,000 rows of a running group at a
 *   million targets) and counted the other groups' members. On SQLite, one row per group and status that
 *   row triggers update. On PostgreSQL, rows of changes that statement triggers append, one per group,
 *   status and statement, summed when read and folded now and then (`rolloutGroupStore.foldCounts`), so
 *   that no two writers wait for each other on a shared row. A write for a group that is being deleted
 *   (its members and its actions' group go with it) counts nothing: the group's rows go with it.
 */
export async function up(db: Knex): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.dropForeign(['rollout_id']);
  });
  await db.schema.createTable('rollout_group_counts', (table) => {
    if (postgres) table.bigIncrements('id');
    table.integer('rollout_group_id').notNullable().references('rollout_groups.id').onDelete('CASCADE');
    table.string('status', 32).notNullable();
    table.bigInteger('n').notNullable();
    if (postgres) table.index(['rollout_group_id']);
    else table.primary(['rollout_group_id', 'status']);
  });
  // as migration 019: no writer of another process may commit between the count and the triggers
  if (postgres) await db.raw('lock table rollout_group_targets, actions in share row exclusive mode');
  await db.raw(`insert into rollout_group_counts (rollout_group_id, status, n)
    select rollout_group_id, 'targets', count(*) from rollout_group_targets group by rollout_group_id`);
  await db.raw(`insert into rollout_group_counts (rollout_group_id, status, n)
    select rollout_group_id, status, count(*) from actions where rollout_group_id is not null group by rollout_group_id, status`);
  if (postgres) {
    // the group's row is gone when its deletion cascades to its members and its actions' group
    const counted = (rows: string, status: string, sign: string) =>
      `select r.rollout_group_id, ${status} as status, ${sign}1 as n from ${rows} r join rollout_groups g on g.id = r.rollout_group_id`;
    const append = (changes: string) =>
      `insert into rollout_group_counts (rollout_group_id, status, n)
         select rollout_group_id, status, sum(n) from (${changes}) as changes group by rollout_group_id, status having sum(n) <> 0;`;
    const rowsOf = (status: string) => `
      if tg_op = 'INSERT' then
        ${append(counted('new_rows', status, '+'))}
      elsif tg_op = 'DELETE' then
        ${append(counted('old_rows', status, '-'))}
      else
        ${append(`${counted('new_rows', status, '+')} union all ${counted('old_rows', status, '-')}`)}
      end if;`;
    await db.raw(`create function rollout_group_members_counted() returns trigger language plpgsql as $$
      begin ${rowsOf("'targets'")} return null; end $$`);
    await db.raw(`create function rollout_group_actions_counted() returns trigger language plpgsql as $$
      begin ${rowsOf('r.status')} return null; end $$`);
    for (const [table, fn] of [
      ['rollout_group_targets', 'rollout_group_members_counted'],
      ['actions', 'rollout_group_actions_counted'],
    ] as const) {
      await db.raw(`create trigger rollout_group_counts_insert after insert on ${table} referencing new table as new_rows
        for each statement execute function ${fn}()`);
      await db.raw(`create trigger rollout_group_counts_delete after delete on ${table} referencing old table as old_rows
        for each statement execute function ${fn}()`);
    }
    // members are never updated; an action's update counts if its status or group changed (no column list with transition tables)
    await db.raw(`create trigger rollout_group_counts_update after update on actions referencing old table as old_rows new table as new_rows
      for each statement execute function rollout_group_actions_counted()`);
  } else {
    const increment = (group: string, status: string) =>
      `insert into rollout_group_counts (rollout_group_id, status, n) select ${group}, ${status}, 1 where ${group} is not null
         on conflict (rollout_group_id, status) do update set n = n + 1;`;
    const decrement = (group: string, status: string) => `update rollout_group_counts set n = n - 1 where rollout_group_id = ${group} and status = ${status};`;
    await db.raw(`create trigger rollout_group_counts_member_insert after insert on rollout_group_targets
      begin ${increment('new.rollout_group_id', "'targets'")} end`);
    await db.raw(`create trigger rollout_group_counts_member_delete after delete on rollout_group_targets
      begin ${decrement('old.rollout_group_id', "'targets'")} end`);
    await db.raw(`create trigger rollout_group_counts_action_insert after insert on actions when new.rollout_group_id is not null
      begin ${increment('new.rollout_group_id', 'new.status')} end`);
    await db.raw(`create trigger rollout_group_counts_action_delete after delete on actions when old.rollout_group_id is not null
      begin ${decrement('old.rollout_group_id', 'old.status')} end`);
    await db.raw(`create trigger rollout_group_counts_action_update after update of status, rollout_group_id on actions
      when old.status <> new.status or old.rollout_group_id is not new.rollout_group_id
      begin ${decrement('old.rollout_group_id', 'old.status')} ${increment('new.rollout_group_id', 'new.status')} end`);
  }
}

export async function down(db: Knex): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) {
    for (const table of ['rollout_group_targets', 'actions']) {
      await db.raw(`drop trigger rollout_group_counts_insert on ${table}`);
      await db.raw(`drop trigger rollout_group_counts_delete on ${table}`);
    }
    await db.raw('drop trigger rollout_group_counts_update on actions');
    await db.raw('drop function rollout_group_members_counted()');
    await db.raw('drop function rollout_group_actions_counted()');
  } else {
    for (const trigger of ['member_insert', 'member_delete', 'action_insert', 'action_delete', 'action_update']) {
      await db.raw(`drop trigger rollout_group_counts_${trigger}`);
    }
  }
  await db.schema.dropTable('rollout_group_counts');
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.foreign('rollout_id').references('rollouts.id').onDelete('CASCADE');
  });
}

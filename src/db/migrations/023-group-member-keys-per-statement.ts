import type { Knex } from 'knex';
import { dialectOf } from '../database.js';

/**
 * A rollout over a million targets (decision 276), PostgreSQL: the two foreign keys of
 * `rollout_group_targets` (group, target) checked each member row by a query of its own, and the target's
 * (a key share lock on each of a million target rows, one at a time) was most of a rollout's creation.
 * A statement trigger now makes both checks once per statement, with the same locks: it key-shares the
 * groups and the targets the new rows name, in one query each, and refuses the statement
 * (foreign_key_violation) when one of them is gone; it also counts the new members, as migration 021's
 * trigger did. Statement triggers on `targets` and `rollout_groups` delete the members of deleted rows, as
 * the keys' ON DELETE CASCADE did. The locks make a target's deletion and an insert of its member wait for
 * each other's commit, whichever comes first, as the key's did: a member of a target deleted meanwhile
 * is refused; a deletion that waited sees the members committed meanwhile (each statement of a trigger
 * function reads what was committed before it, in READ COMMITTED) and deletes them. SQLite keeps its
 * keys: its check is a lookup in the same process, a small part of an insert there.
 */
export async function up(db: Knex): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.dropForeign(['rollout_group_id']);
    table.dropForeign(['target_id']);
  });
  await db.raw('drop trigger rollout_group_counts_insert on rollout_group_targets');
  // the keys' checks, as a key locks: every group and target named, FOR KEY SHARE, in id order (decision 40); then the
  // counts (migration 021)
  const refused = (table: string, column: string) => `
    if (select count(*) from (select 1 from ${table} x where x.id in (select ${column} from new_rows) order by x.id for key share of x) as present)
        < (select count(*) from (select distinct ${column} from new_rows) as named) then
      raise foreign_key_violation using message = 'rollout_group_targets: a member names a missing ${table} row';
    end if;`;
  const counted = (rows: string, sign: string) =>
    `select c.rollout_group_id, 'targets' as status, ${sign}c.n as n
       from (select rollout_group_id, count(*) as n from ${rows} group by rollout_group_id) c join rollout_groups g on g.id = c.rollout_group_id`;
  await db.raw(`create function rollout_group_members_written() returns trigger language plpgsql as $$
    begin
      ${refused('rollout_groups', 'rollout_group_id')}
      ${refused('targets', 'target_id')}
      if tg_op = 'INSERT' then
        insert into rollout_group_counts (rollout_group_id, status, n) ${counted('new_rows', '')};
      else
        insert into rollout_group_counts (rollout_group_id, status, n)
          select rollout_group_id, status, sum(n) from (${counted('new_rows', '')} union all ${counted('old_rows', '-')}) as changes
          group by rollout_group_id, status having sum(n) <> 0;
      end if;
      return null;
    end $$`);
  await db.raw(`create trigger rollout_group_members_inserted after insert on rollout_group_targets referencing new table as new_rows
    for each statement execute function rollout_group_members_written()`);
  await db.raw(`create trigger rollout_group_members_updated after update on rollout_group_targets referencing old table as old_rows new table as new_rows
    for each statement execute function rollout_group_members_written()`);
  // the keys' ON DELETE CASCADE
  for (const [table, column] of [
    ['targets', 'target_id'],
    ['rollout_groups', 'rollout_group_id'],
  ] as const) {
    await db.raw(`create function ${table}_members_deleted() returns trigger language plpgsql as $$
      begin delete from rollout_group_targets where ${column} in (select id from old_rows); return null; end $$`);
    await db.raw(`create trigger ${table}_members_deleted after delete on ${table} referencing old table as old_rows
      for each statement execute function ${table}_members_deleted()`);
  }
}

export async function down(db: Knex): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of ['targets', 'rollout_groups']) {
    await db.raw(`drop trigger ${table}_members_deleted on ${table}`);
    await db.raw(`drop function ${table}_members_deleted()`);
  }
  await db.raw('drop trigger rollout_group_members_inserted on rollout_group_targets');
  await db.raw('drop trigger rollout_group_members_updated on rollout_group_targets');
  await db.raw('drop function rollout_group_members_written()');
  await db.raw(`create trigger rollout_group_counts_insert after insert on rollout_group_targets referencing new table as new_rows
    for each statement execute function rollout_group_members_counted()`);
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.foreign('rollout_group_id').references('rollout_groups.id').onDelete('CASCADE');
    table.foreign('target_id').references('targets.id').onDelete('CASCADE');
  });
}

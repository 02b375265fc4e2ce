import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/actions/action-history-store.js';
import '../src/actions/action-store.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { postgresTextOf } from '../src/db/prepared-statements.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';

/**
 * Decision 279: PostgreSQL reads the rows a JSON list of ids names by primary key, whatever the size of the
 * table. The plans are PostgreSQL's generic ones (what a prepared statement runs after its first executions),
 * on a fleet of 5,000 targets with an action each, where a join with the list's function scanned the tables.
 */
describe.runIf(DATABASE_KINDS.includes('postgres'))('JSON lists of ids on postgres', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = openDatabase(database.url);
    await migrate(db);
    const audit = `0, 'test', 0, 'test'`;
    const [set] = await db
      .raw<{ rows: { id: number }[] }>(
        `insert into distribution_sets (type_id, name, version, created_at, created_by, last_modified_at, last_modified_by)
       select id, 'set', '1', ${audit} from distribution_set_types limit 1 returning id`,
      )
      .then((result) => result.rows);
    await db.raw(`insert into targets (controller_id, name, security_token, update_status, created_at, created_by, last_modified_at, last_modified_by)
      select 'c-' || i, 'c-' || i, 'token', 'pending', ${audit} from generate_series(1, 5000) as i`);
    await db.raw(`insert into actions (target_id, distribution_set_id, active, status, action_type, created_at, created_by, last_modified_at, last_modified_by)
      select id, ${set?.id}, true, 'running', 'forced', ${audit} from targets`);
    await db.raw(`insert into action_status (action_id, status, messages, reported_at) select id, 'running', '[]', 0 from actions`);
    await db.raw('analyze targets');
    await db.raw('analyze actions');
    await db.raw('analyze action_status');
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const plan = (name: string, types: string, values: string) =>
    db.transaction(async (trx) => {
      await trx.raw('set local plan_cache_mode = force_generic_plan');
      await trx.raw(`prepare listed (${types}) as ${postgresTextOf(name)}`);
      const rows = (await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain execute listed (${values})`)).rows;
      await trx.raw('deallocate listed');
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  const one = `'[{"id": 42, "status": "finished", "active": false, "update_status": "in_sync", "set_assigned": false, "assigned": null,
    "set_installed": false, "installed": null, "request_attributes": false}]'`;

  it.each([
    ['action-moves', 'actions', 'integer, bigint, text, integer, jsonb', `null, 1, 'test', 0, ${one}`],
    ['action-move-targets', 'targets', 'jsonb', "'[42]'"],
    ['action-move-target-changes', 'targets', 'bigint, jsonb', `1, ${one}`],
    ['purge-actions', 'actions', 'jsonb', "'[42]'"],
    ['purge-action-entries', 'action_status', 'jsonb', "'[42]'"],
  ])('%s reads %s by index, not by a scan of the table', async (name, table, types, values) => {
    expect(postgresTextOf(name)).toBeDefined();
    const text = await plan(name, types, values);
    expect(text).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    expect(text).toMatch(new RegExp(`Index (Only )?Scan using \\w+ on ${table}\\b|Bitmap Index Scan on ${table}_`));
  });
});

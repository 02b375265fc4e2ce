import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import * as typesAndSessions from '../src/db/migrations/001-types-and-sessions.js';
import * as catalogue from '../src/db/migrations/002-catalogue.js';
import * as targetFilters from '../src/db/migrations/003-target-filters.js';
import * as autoAssignments from '../src/db/migrations/016-auto-assignments.js';
import * as targetCounts from '../src/db/migrations/019-target-counts.js';
import * as actionCounts from '../src/db/migrations/020-action-counts.js';
import * as targetPolls from '../src/db/migrations/022-target-polls.js';
import { createTestDatabase, DATABASE_KINDS } from './support/databases.js';
import { readActionCounts, readStatusCounts } from './support/state-snapshot.js';
import { insertDistributionSet } from './support/target-fixtures.js';

// Processes of a scale-out deployment start together and each migrates the one database at startup.
describe.skipIf(!DATABASE_KINDS.includes('postgres'))('migrations from several processes at once', () => {
  it('all succeed on a fresh PostgreSQL schema, and migrate it once', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase('postgres');
    const pools = Array.from({ length: 4 }, () => openDatabase(database.url));
    try {
      await Promise.all(pools.map((db) => migrate(db)));
      const [db] = pools as [ReturnType<typeof openDatabase>];
      const applied = await db('knex_migrations').select<{ name: string }[]>('name');
      expect(applied.length).toBeGreaterThan(0);
      expect(new Set(applied.map(({ name }) => name)).size).toBe(applied.length);
      expect(await db('knex_migrations_lock').first('is_locked')).toEqual({ is_locked: 0 });
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
      await database.drop();
    }
  });
});

// Decision 205: migration 016 moves each filter's attached set into an auto-assignment of the filter's name
// and query, and its down() puts it back.
describe.each(DATABASE_KINDS)('migration 016 on %s', (kind) => {
  it('turns a filter set into a running auto-assignment, and back', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.url);
    try {
      for (const migration of [typesAndSessions, catalogue, targetFilters]) await migration.up(db);
      const set = await insertDistributionSet(db, 'os-image', '1.0');
      const audit = { created_at: 10, created_by: 'creator', last_modified_at: 20, last_modified_by: 'changer' };
      await db('target_filters').insert([
        {
          name: 'with-set',
          query: 'group==a',
          auto_assign_distribution_set_id: set,
          auto_assign_action_type: 'soft',
          auto_assign_confirmation_required: false,
          auto_assign_initiated_by: 'attacher',
          ...audit,
        },
        { name: 'without-set', query: 'group==b', ...audit },
      ]);
      await autoAssignments.up(db);
      const rows = await db('auto_assignments').select(
        'name',
        'query',
        'distribution_set_id',
        'action_type',
        'confirmation_required',
        'status',
        'created_by',
        'created_at',
      );
      expect(
        rows.map((row: Record<string, unknown>) => ({
          ...row,
          confirmation_required: Boolean(row['confirmation_required']),
          created_at: Number(row['created_at']),
        })),
      ).toEqual([
        {
          name: 'with-set',
          query: 'group==a',
          distribution_set_id: set,
          action_type: 'soft',
          confirmation_required: false,
          status: 'running',
          created_by: 'attacher',
          created_at: 20,
        },
      ]);
      expect(await db.schema.hasColumn('target_filters', 'auto_assign_distribution_set_id')).toBe(false);

      await autoAssignments.down(db);
      const filters = await db('target_filters')
        .orderBy('name')
        .select('name', 'auto_assign_distribution_set_id', 'auto_assign_action_type', 'auto_assign_initiated_by');
      expect(filters).toEqual([
        { name: 'with-set', auto_assign_distribution_set_id: set, auto_assign_action_type: 'soft', auto_assign_initiated_by: 'attacher' },
        { name: 'without-set', auto_assign_distribution_set_id: null, auto_assign_action_type: null, auto_assign_initiated_by: null },
      ]);
      expect(await db.schema.hasTable('auto_assignments')).toBe(false);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

// Decision 250: migration 019 counts the targets a database already holds, and its triggers keep counting.
describe.each(DATABASE_KINDS)('migration 019 on %s', (kind) => {
  it('counts the existing targets per status, keeps counting, and goes back down', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.url);
    try {
      await migrate(db);
      await targetCounts.down(db);
      const audit = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
      const target = (i: number, update_status: string) => ({ controller_id: `m-${i}`, name: `m-${i}`, security_token: 'x', update_status, ...audit });
      await db('targets').insert(['in_sync', 'in_sync', 'pending', 'error', 'registered'].map((status, i) => target(i, status)));
      // in a transaction, as knex runs every migration
      await db.transaction((trx) => targetCounts.up(trx));
      expect(await readStatusCounts(db)).toEqual({
        kept: { in_sync: 2, pending: 1, error: 1, registered: 1 },
        counted: { in_sync: 2, pending: 1, error: 1, registered: 1 },
      });
      await db('targets').insert(target(9, 'unknown'));
      await db('targets').where('update_status', 'in_sync').update({ update_status: 'pending' });
      await db('targets').where('controller_id', 'm-3').delete();
      expect((await readStatusCounts(db)).kept).toEqual({ pending: 3, registered: 1, unknown: 1 });
      await targetCounts.down(db);
      expect(await db.schema.hasTable('target_counts')).toBe(false);
      await db('targets').insert(target(10, 'unknown'));
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

// Decision 251: migration 020 counts the actions a database already holds, and its triggers keep counting.
describe.each(DATABASE_KINDS)('migration 020 on %s', (kind) => {
  it('counts the existing actions per status and activity, keeps counting, and goes back down', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.url);
    try {
      await migrate(db);
      await actionCounts.down(db);
      const audit = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
      const setId = await insertDistributionSet(db, 'os-image', '1.0');
      const statuses = ['running', 'finished', 'finished', 'error', 'canceled'];
      await db('targets').insert(
        statuses.map((_, i) => ({ controller_id: `m-${i}`, name: `m-${i}`, security_token: 'x', update_status: 'pending', ...audit })),
      );
      const targetIds = (await db('targets').orderBy('id').pluck('id')) as number[];
      const action = (i: number, status: string) => ({
        target_id: targetIds[i],
        distribution_set_id: setId,
        status,
        active: status === 'running',
        action_type: 'forced',
        ...audit,
      });
      await db('actions').insert(statuses.map((status, i) => action(i, status)));
      // in a transaction, as knex runs every migration
      await db.transaction((trx) => actionCounts.up(trx));
      expect(await readActionCounts(db)).toEqual({
        kept: { 'running:true': 1, 'finished:false': 2, 'error:false': 1, 'canceled:false': 1 },
        counted: { 'running:true': 1, 'finished:false': 2, 'error:false': 1, 'canceled:false': 1 },
      });
      await db('actions').where('status', 'running').update({ status: 'finished', active: false });
      await db('actions').where('status', 'error').delete();
      await db('actions').insert(action(3, 'running'));
      expect((await readActionCounts(db)).kept).toEqual({ 'running:true': 1, 'finished:false': 3, 'canceled:false': 1 });
      await actionCounts.down(db);
      expect(await db.schema.hasTable('action_counts')).toBe(false);
      await db('actions').where('status', 'running').update({ status: 'canceled', active: false });
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

// Decision 274: migration 022 moves the poll times into a table of their own, and the targets keep their triggers.
describe.each(DATABASE_KINDS)('migration 022 on %s', (kind) => {
  it('moves every stored poll time into target_polls, keeps the target count triggers, and goes back down', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.url);
    try {
      await migrate(db);
      await targetPolls.down(db);
      const audit = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
      const target = (i: number, polledAt: number | null) => ({
        controller_id: `m-${i}`,
        name: `m-${i}`,
        security_token: 'x',
        update_status: 'registered',
        last_controller_request_at: polledAt,
        ...audit,
      });
      await db('targets').insert([target(0, 1_000), target(1, null), target(2, 3_000)]);
      const idOf = async (controllerId: string) => (await db('targets').where('controller_id', controllerId).first<{ id: number }>('id')).id;
      const [first, third] = [await idOf('m-0'), await idOf('m-2')];
      // in a transaction, as knex runs every migration
      await db.transaction((trx) => targetPolls.up(trx));
      const polls = async () =>
        (await db('target_polls').orderBy('target_id').select<{ target_id: number; at: number | string }[]>('target_id', 'at')).map((row) => [
          row.target_id,
          Number(row.at),
        ]);
      expect(await polls()).toEqual([
        [first, 1_000],
        [third, 3_000],
      ]);
      expect(await db.schema.hasColumn('targets', 'last_controller_request_at')).toBe(false);
      // the targets table kept its triggers (migration 019) and its foreign keys
      await db('targets').insert({ controller_id: 'm-3', name: 'm-3', security_token: 'x', update_status: 'unknown', ...audit });
      expect((await readStatusCounts(db)).kept).toEqual({ registered: 3, unknown: 1 });
      await db('targets').where('controller_id', 'm-0').delete();
      expect(await polls()).toEqual([[third, 3_000]]);
      await expect(db('target_polls').insert({ target_id: first, at: 5_000 })).rejects.toThrow();
      await targetPolls.down(db);
      expect(await db.schema.hasTable('target_polls')).toBe(false);
      const restored = (await db('targets').orderBy('controller_id').pluck('last_controller_request_at')) as unknown[];
      expect(restored.map((at) => (at === null ? null : Number(at)))).toEqual([null, 3_000, null]);
      expect((await readStatusCounts(db)).kept).toEqual({ registered: 2, unknown: 1 });
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

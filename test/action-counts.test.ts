import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_STATUSES, isActive } from '../src/actions/action-lifecycle.js';
import { dialectOf, openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { statisticsStore } from '../src/system/statistics-store.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { readActionCounts } from './support/state-snapshot.js';
import { AUTH, createTargets, getJson, insertDistributionSet } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

const AUDIT = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
let serial = 0;

/** One write of `actions` as any code path may make it: several rows at once, or none. */
type Write =
  | { readonly kind: 'insert'; readonly statuses: readonly string[] }
  | { readonly kind: 'move'; readonly every: number; readonly status: string; readonly active: boolean }
  | { readonly kind: 'touch'; readonly every: number }
  | { readonly kind: 'delete'; readonly every: number }
  | { readonly kind: 'delete-target'; readonly every: number };

const status = fc.constantFrom(...ACTION_STATUSES);
const every = fc.integer({ min: 1, max: 4 });
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), statuses: fc.array(status, { minLength: 1, maxLength: 6 }) }),
  // the activity as the code derives it, or not: the counts keep what is stored
  fc.record({ kind: fc.constant('move' as const), every, status, active: fc.boolean() }),
  fc.record({ kind: fc.constant('touch' as const), every }),
  fc.record({ kind: fc.constant('delete' as const), every }),
  fc.record({ kind: fc.constant('delete-target' as const), every }),
);

async function apply(db: Knex, setId: number, change: Write): Promise<void> {
  // every n-th action by id (n = every), so a statement touches several rows, with several statuses
  const some = (table: 'actions' | 'targets') => db(table).whereRaw('id % ? = 0', [change.kind === 'insert' ? 1 : change.every]);
  if (change.kind === 'insert') {
    // a target per action: a target has one active action at most
    const controllerIds = change.statuses.map(() => `t-${++serial}`);
    await db('targets').insert(controllerIds.map((id) => ({ controller_id: id, name: id, security_token: 'x', update_status: 'pending', ...AUDIT })));
    const targets = new Map(
      (await db('targets').whereIn('controller_id', controllerIds).select<{ id: number; controller_id: string }[]>('id', 'controller_id')).map((row) => [
        row.controller_id,
        row.id,
      ]),
    );
    await db('actions').insert(
      change.statuses.map((status, i) => ({
        target_id: targets.get(controllerIds[i] as string),
        distribution_set_id: setId,
        status,
        active: isActive(status as (typeof ACTION_STATUSES)[number]),
        action_type: 'forced',
        ...AUDIT,
      })),
    );
  } else if (change.kind === 'move') await some('actions').update({ status: change.status, active: change.active });
  else if (change.kind === 'touch') await some('actions').update({ deployment_fetch_count: db.raw('deployment_fetch_count + 1'), last_modified_at: 2 });
  else if (change.kind === 'delete') await some('actions').delete();
  // the target's actions go with it (ON DELETE CASCADE)
  else await some('targets').delete();
}

// Decision 251: triggers keep the actions per status and activity, whatever statement writes them.
describe.each(DATABASE_KINDS)('action counts on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  let setId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
    setId = await insertDistributionSet(db, 'counted', '1.0');
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('equal the rows counted after any sequence of writes, in transactions or not, folded or not (property)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(write, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const [change, inTransaction, fold] of writes) {
          if (inTransaction) await db.transaction((trx) => apply(trx, setId, change));
          else await apply(db, setId, change);
          if (fold) await statisticsStore.foldActionCounts(db);
          const counts = await readActionCounts(db);
          expect(counts.kept).toEqual(counts.counted);
        }
      }),
      { numRuns: 25, seed: 20261129 },
    );
  });

  it('lose a rolled-back write', async () => {
    const before = await readActionCounts(db);
    await expect(
      db.transaction(async (trx) => {
        await apply(trx, setId, { kind: 'insert', statuses: ['running', 'finished'] });
        await apply(trx, setId, { kind: 'move', every: 1, status: 'canceled', active: false });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readActionCounts(db)).toEqual(before);
  });

  it('are folded on PostgreSQL into one row per status and activity', async () => {
    await apply(db, setId, { kind: 'insert', statuses: [...ACTION_STATUSES, ...ACTION_STATUSES] });
    for (let i = 0; i < 40; i++) {
      const to = ACTION_STATUSES[i % ACTION_STATUSES.length] as (typeof ACTION_STATUSES)[number];
      await apply(db, setId, { kind: 'move', every: 1 + (i % 3), status: to, active: isActive(to) });
    }
    await statisticsStore.foldActionCounts(db);
    const rows = Number(((await db('action_counts').count({ n: '*' }).first()) as { n: number | string }).n);
    expect(rows).toBeLessThanOrEqual(ACTION_STATUSES.length * 2);
    const after = await readActionCounts(db);
    expect(after.kept).toEqual(after.counted);
  });
});

describe.each(DATABASE_KINDS)('action counts through the API on %s', (kind) => {
  const t = useTestApp(kind);

  it('follow assignment, cancellation and deletion, and answer the statistics and the metrics', async () => {
    await createTargets(t, [{ controllerId: 'c-1' }, { controllerId: 'c-2' }]);
    const setId = await createSet(t);
    const actionId = await assignOk(t, 'c-1', { id: setId, type: 'forced' });
    await assignOk(t, 'c-2', { id: setId, type: 'forced' });
    expect((await cancel(t, 'c-1', actionId, true)).status).toBe(204);
    const counts = await readActionCounts(t.db);
    expect(counts.kept).toEqual({ 'running:true': 1, 'canceled:false': 1 });
    expect(counts.kept).toEqual(counts.counted);
    const statistics = await getJson<{ totalActions: number; activeActions: number }>(t, '/rest/v1/system/statistics');
    expect(statistics).toMatchObject({ totalActions: 2, activeActions: 1 });
    expect(await statisticsStore.countsByStatus(t.db, 'actions')).toEqual(
      expect.arrayContaining([
        { status: 'running', count: 1 },
        { status: 'canceled', count: 1 },
      ]),
    );
    expect((await t.request('/rest/v1/targets/c-2', { method: 'DELETE', headers: AUTH })).status).toBe(204);
    expect((await readActionCounts(t.db)).kept).toEqual({ 'canceled:false': 1 });
    expect(await getJson(t, '/rest/v1/system/statistics')).toMatchObject({ totalActions: 1, activeActions: 0 });
  });

  it("give the action list's total, which pages, filters and a target's list count for themselves (decision 278)", async () => {
    const controllerIds = ['l-1', 'l-2', 'l-3'];
    await createTargets(
      t,
      controllerIds.map((controllerId) => ({ controllerId })),
    );
    const setId = await createSet(t);
    const [first] = await Promise.all(controllerIds.map((id) => assignOk(t, id, { id: setId, type: 'forced' })));
    expect((await cancel(t, 'l-1', first as number, true)).status).toBe(204);
    type Listed = { total: number; size: number; content: { id: number }[] };
    const before = Object.values((await readActionCounts(t.db)).counted).reduce((sum, n) => sum + n, 0);
    // a count kept wrong shows in the list's total (the kept one), not in its pages: 5 running actions too many
    const skew = (n: number) =>
      dialectOf(t.db) === 'postgres'
        ? t.db('action_counts').insert({ status: 'running', active: true, n })
        : t.db('action_counts').where({ status: 'running', active: 1 }).increment('n', n);
    await skew(5);
    expect((await getJson<Listed>(t, '/rest/v1/actions?limit=2')).total).toBe(before + 5);
    await skew(-5);
    const all = await getJson<Listed>(t, `/rest/v1/actions?limit=2&offset=${before - 3}`);
    expect(all).toMatchObject({ total: before, size: 2 });
    const last = await getJson<Listed>(t, `/rest/v1/actions?limit=2&offset=${before - 1}`);
    expect(last).toMatchObject({ total: before, size: 1 });
    const ids = [...all.content, ...last.content].map((action) => action.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await getJson<Listed>(t, '/rest/v1/actions?q=status==pending')).toMatchObject({ total: 2, size: 2 });
    expect(await getJson<Listed>(t, '/rest/v1/actions?q=status==pending&offset=1&limit=1')).toMatchObject({ total: 2, size: 1 });
    expect(await getJson<Listed>(t, '/rest/v1/actions?q=target.controllerId==l-2')).toMatchObject({ total: 1, size: 1 });
    expect(await getJson<Listed>(t, '/rest/v1/targets/l-1/actions')).toMatchObject({ total: 1, size: 1 });
  });
});

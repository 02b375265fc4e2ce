import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { UPDATE_STATUSES } from '../src/targets/target-model.js';
import { targetStore } from '../src/targets/target-store.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { readStatusCounts } from './support/state-snapshot.js';
import { AUTH, createTargets, getJson, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

const AUDIT = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
let serial = 0;

/** One write of `targets` as any code path may make it: several rows at once, or none. */
type Write =
  | { readonly kind: 'insert'; readonly statuses: readonly string[] }
  | { readonly kind: 'status'; readonly every: number; readonly status: string }
  | { readonly kind: 'rename'; readonly every: number }
  | { readonly kind: 'delete'; readonly every: number };

const status = fc.constantFrom(...UPDATE_STATUSES);
const every = fc.integer({ min: 1, max: 4 });
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), statuses: fc.array(status, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('status' as const), every, status }),
  fc.record({ kind: fc.constant('rename' as const), every }),
  fc.record({ kind: fc.constant('delete' as const), every }),
);

async function apply(db: Knex, change: Write): Promise<void> {
  // every n-th target by id (n = every), so a statement touches several rows, with several statuses
  const some = () => db('targets').whereRaw('id % ? = 0', [change.kind === 'insert' ? 1 : change.every]);
  if (change.kind === 'insert') {
    const rows = change.statuses.map((update_status) => {
      const controller_id = `t-${++serial}`;
      return { controller_id, name: controller_id, security_token: 'x', update_status, ...AUDIT };
    });
    await db('targets').insert(rows);
  } else if (change.kind === 'status') await some().update({ update_status: change.status });
  else if (change.kind === 'rename') await some().update({ name: db.raw("name || 'x'") });
  else await some().delete();
}

// Decision 250: triggers keep the targets per update status, whatever statement writes them.
describe.each(DATABASE_KINDS)('target counts on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('equal the rows counted after any sequence of writes, in transactions or not, folded or not (property)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(write, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const [change, inTransaction, fold] of writes) {
          if (inTransaction) await db.transaction((trx) => apply(trx, change));
          else await apply(db, change);
          if (fold) await targetStore.foldCounts(db);
          const counts = await readStatusCounts(db);
          expect(counts.kept).toEqual(counts.counted);
        }
      }),
      { numRuns: 25, seed: 20261121 },
    );
  });

  it('lose a rolled-back write', async () => {
    const before = await readStatusCounts(db);
    await expect(
      db.transaction(async (trx) => {
        await apply(trx, { kind: 'insert', statuses: ['error', 'pending'] });
        await apply(trx, { kind: 'status', every: 1, status: 'in_sync' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readStatusCounts(db)).toEqual(before);
  });

  it('are folded on PostgreSQL into one row per status', async () => {
    await apply(db, { kind: 'insert', statuses: [...UPDATE_STATUSES, ...UPDATE_STATUSES] });
    const before = await readStatusCounts(db);
    for (let i = 0; i < 70; i++) await apply(db, { kind: 'status', every: 1 + (i % 3), status: UPDATE_STATUSES[i % UPDATE_STATUSES.length] as string });
    await targetStore.foldCounts(db);
    const rows = Number(((await db('target_counts').count({ n: '*' }).first()) as { n: number | string }).n);
    expect(rows).toBeLessThanOrEqual(UPDATE_STATUSES.length);
    const after = await readStatusCounts(db);
    expect(after.kept).toEqual(after.counted);
    expect(Object.values(after.kept).reduce((sum, n) => sum + n, 0)).toBe(Object.values(before.kept).reduce((sum, n) => sum + n, 0));
  });
});

describe.each(DATABASE_KINDS)('target counts through the API on %s', (kind) => {
  const t = useTestApp(kind);
  const expectKept = async () => {
    const counts = await readStatusCounts(t.db);
    expect(counts.kept).toEqual(counts.counted);
    return counts.kept;
  };

  it('follow creation, assignment, cancellation and deletion, and answer the list totals and statistics', async () => {
    await createTargets(t, [{ controllerId: 'c-1' }, { controllerId: 'c-2' }, { controllerId: 'c-3' }]);
    expect(await expectKept()).toMatchObject({ unknown: 3 });
    const setId = await createSet(t);
    const actionId = await assignOk(t, 'c-1', { id: setId, type: 'forced' });
    await assignOk(t, 'c-2', { id: setId, type: 'forced' });
    expect(await expectKept()).toMatchObject({ unknown: 1, pending: 2 });
    expect((await cancel(t, 'c-1', actionId, true)).status).toBe(204);
    await expectKept();
    expect((await t.request('/rest/v1/targets/c-3', { method: 'DELETE', headers: AUTH })).status).toBe(204);
    const kept = await expectKept();
    const page = await getJson<JsonPage>(t, '/rest/v1/targets?q=updatestatus==pending&limit=1');
    expect(page.total).toBe(kept['pending'] ?? 0);
    expect((await getJson<JsonPage>(t, '/rest/v1/targets?limit=1')).total).toBe(Object.values(kept).reduce((sum, n) => sum + n, 0));
    const statistics = await getJson<{ targetsByStatus: Record<string, number> }>(t, '/rest/v1/system/statistics');
    for (const [status, n] of Object.entries(statistics.targetsByStatus)) expect(n, status).toBe(kept[status] ?? 0);
    await createTargets(t, [{ controllerId: 'c-4' }]);
    await expectKept();
  });
});

// Decision 250: a page past the middle is read from the end and turned round, and its ids are read before
// its rows; every page must still be the slice of the whole list that its offset names.
describe.each(DATABASE_KINDS)('target pages at every offset on %s', (kind) => {
  const t = useTestApp(kind);
  const TARGETS = 23;
  beforeAll(async () => {
    const statuses = ['in_sync', 'pending', 'in_sync', 'error', 'registered'];
    await t.db('targets').insert(
      Array.from({ length: TARGETS }, (_, i) => ({
        controller_id: `p-${String(i).padStart(2, '0')}`,
        // names repeat, so the id decides between them
        name: `n${i % 7}`,
        description: i % 3 === 0 ? null : `d${i % 4}`,
        security_token: 'x',
        update_status: statuses[i % statuses.length],
        ...AUDIT,
      })),
    );
  });

  it.each([
    ['name:ASC', undefined],
    ['name:DESC', undefined],
    ['description:ASC', undefined],
    ['description:DESC,controllerId:ASC', undefined],
    ['name:ASC', 'updatestatus==in_sync'],
    ['name:DESC', 'updatestatus==in_sync'],
    ['name:ASC', 'name==n1*,updatestatus==error'],
  ])('sort %s, q %s', async (sort, q) => {
    const query = (offset: number, limit: number) =>
      `/rest/v1/targets?sort=${sort}&offset=${offset}&limit=${limit}${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`;
    const ids = (page: JsonPage) => page.content.map((target) => target['controllerId']);
    // the whole list in one page from offset 0, read forwards
    const whole = ids(await getJson<JsonPage>(t, query(0, 500)));
    expect(whole.length).toBeGreaterThan(2);
    for (let offset = 0; offset <= whole.length + 1; offset++) {
      for (const limit of [1, 4, 9]) {
        const page = await getJson<JsonPage>(t, query(offset, limit));
        expect(page.total).toBe(whole.length);
        expect(ids(page), `offset ${offset}, limit ${limit}`).toEqual(whole.slice(offset, offset + limit));
      }
    }
  });
});

// Decision 250: on SQLite a name pattern with a leading literal also bounds lower(name) by a range, which
// must keep exactly the targets the LIKE alone keeps.
describe.each(DATABASE_KINDS)('name patterns with a leading literal on %s', (kind) => {
  const t = useTestApp(kind);
  const NAMES = [
    'Bench-000a',
    'bench-000b',
    'bench-001',
    'bench-00',
    'BENCH-000',
    'Äpfel-1',
    'äpfel-2',
    'a*b-1',
    'a*bc',
    'ab',
    'x_y1',
    'xzy1',
    'a\\b',
    'z\u{10ffff}1',
  ];
  beforeAll(async () => {
    await t.db('targets').insert(NAMES.map((name, i) => ({ controller_id: `l-${i}`, name, security_token: 'x', update_status: 'unknown', ...AUDIT })));
  });

  it.each(['bench-000*', 'BENCH-00*', 'bench-000b*', 'äpfel*', 'Äpfel*', 'a\\**', 'a\\*b*', 'x_*', 'a\\\\*', 'z\u{10ffff}*', 'bench*0*a'])(
    'name==%s',
    async (pattern) => {
      const like = pattern.replace(/\\\*|[\\%_*]/g, (token) => ({ '\\*': '*', '\\': '\\\\', '%': '\\%', _: '\\_', '*': '%' })[token] ?? token);
      const rows: { controller_id: string }[] = await t
        .db('targets')
        .whereRaw(`controller_id like 'l-%' and lower(name) like lower(?) escape '\\'`, [like])
        .orderBy('id')
        .select('controller_id');
      const expected = rows.map((row) => row.controller_id);
      const page = await getJson<JsonPage>(t, `/rest/v1/targets?q=${encodeURIComponent(`name==${pattern}`)}&sort=id:ASC&limit=100`);
      expect(page.content.map((target) => target['controllerId'])).toEqual(expected);
      expect(page.total).toBe(expected.length);
    },
  );
});

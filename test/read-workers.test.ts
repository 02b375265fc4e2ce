import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFalconet, stopFalconet } from './support/falconet-process.js';
import { AUTH, createTargets, getJson, send, type JsonPage } from './support/target-fixtures.js';
import { basicAuth } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * On a SQLite file, the reads outside transactions run on worker threads with read-only connections of their
 * own (decision 253): the same rows as the main connection, a committed write seen at once, errors in the
 * usual shape, and a server whose shutdown ends them.
 */
const dir = mkdtempSync(join(tmpdir(), 'falconet-read-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reads off the event loop on a SQLite file', () => {
  const t = useTestApp('sqlite', { database_url: `sqlite:${join(dir, 'app.db')}`, 'database.read_workers': 2 });
  /** the connection of each query knex ran: `read-worker-N` for a worker */
  const ranOn: { sql: string; on: unknown }[] = [];
  beforeAll(async () => {
    t.db.on('query', (query: { sql: string; __knexUid?: unknown }) => ranOn.push({ sql: query.sql, on: query.__knexUid }));
    await createTargets(
      t,
      Array.from({ length: 30 }, (_, i) => ({ controllerId: `dev-${String(i).padStart(2, '0')}`, name: `device ${i}`, requestAttributes: i % 2 === 0 })),
    );
  });
  const workersRan = (table: string) => ranOn.filter(({ sql, on }) => sql.includes(`from \`${table}\``) && String(on).startsWith('read-worker-'));

  it('serves the target list and the statistics from a worker', async () => {
    ranOn.length = 0;
    const page = await getJson<JsonPage>(t, '/rest/v1/targets?q=name==device*&sort=name:ASC&limit=10&offset=5');
    expect(page.total).toBe(30);
    expect(page.content).toHaveLength(10);
    expect(workersRan('targets').length).toBeGreaterThan(0);
    ranOn.length = 0;
    const statistics = await getJson<{ totalTargets: number }>(t, '/rest/v1/system/statistics');
    expect(statistics.totalTargets).toBe(30);
    expect(ranOn.filter(({ on }) => String(on).startsWith('read-worker-')).length).toBeGreaterThan(0);
  });

  it('returns the rows the main connection returns, with the same types', async () => {
    ranOn.length = 0;
    const offThread = await t.db('targets').orderBy('id').select('*');
    expect(workersRan('targets').length).toBe(1);
    // inside a transaction the read stays on the main connection
    const onMain = await t.db.transaction((trx) => trx('targets').orderBy('id').select('*'));
    expect(offThread).toHaveLength(30);
    expect(offThread).toStrictEqual(onMain);
    const counted = await t.db('targets').count({ n: '*' }).first();
    expect(counted).toStrictEqual(await t.db.transaction((trx) => trx('targets').count({ n: '*' }).first()));
  });

  it('sees a committed write in the read right after it', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await t.request('/rest/v1/targets/dev-07', send('PUT', { name: `renamed ${i}` }));
      expect(response.status).toBe(200);
      const page = await getJson<JsonPage>(t, `/rest/v1/targets?q=name=='renamed ${i}'`);
      expect(page.content.map((target) => target['controllerId'])).toEqual(['dev-07']);
      await createTargets(t, [{ controllerId: `new-${i}` }]);
      expect((await getJson<JsonPage>(t, `/rest/v1/targets?q=controllerId==new-${i}`)).total).toBe(1);
    }
  });

  it('maps the file on the main connection (decision 272)', async () => {
    // a pragma is no SELECT: it runs on the main connection
    expect(await t.db.raw('pragma mmap_size')).toEqual([{ mmap_size: 0x7fff0000 }]);
  });

  it("answers a worker's failure in hawkBit's error shape", async () => {
    await t.db.raw('alter table target_tags rename to target_tags_away');
    ranOn.length = 0;
    try {
      // no operation declares 500: past the contract check of t.request
      const response = await t.app.request('/rest/v1/targettags', { headers: AUTH });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        exceptionClass: 'falconet.InternalServerError',
        errorCode: 'hawkbit.server.error.repo.genericError',
        message: 'Internal server error',
      });
      expect(workersRan('target_tags').length).toBeGreaterThan(0);
    } finally {
      await t.db.raw('alter table target_tags_away rename to target_tags');
    }
    expect((await getJson<JsonPage>(t, '/rest/v1/targettags')).total).toBe(0);
  });
});

/** The nice value of each thread of process `pid`, by thread id (Linux: field 19 of /proc/PID/task/TID/stat). */
const threadNices = (pid: number) =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // the fields after the thread's name, which may hold spaces and ends with ')': state is field 3, nice 19
      return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
    }),
  );

describe('read workers that serve the operator (decision 269)', () => {
  const t = useTestApp('sqlite', { database_url: `sqlite:${join(dir, 'lazy.db')}`, 'database.read_workers': 2 });
  const ranOn: unknown[] = [];
  beforeAll(() => {
    t.db.on('query', (query: { __knexUid?: unknown }) => ranOn.push(query.__knexUid));
  });
  /** where a read outside any transaction ran */
  const readRanOn = async () => {
    ranOn.length = 0;
    await t.db('targets').select('id');
    return String(ranOn[0]).startsWith('read-worker-') ? 'worker' : 'main connection';
  };

  it('start with the first operator request and stop when no operator came for a while', async () => {
    // started and migrated, no operator yet: the scheduled jobs' reads run on the main connection
    expect(await readRanOn()).toBe('main connection');
    // a request that does not authenticate an operator does not start them
    expect((await t.app.request('/rest/v1/targets')).status).toBe(401);
    expect(await readRanOn()).toBe('main connection');
    await getJson<JsonPage>(t, '/rest/v1/targets');
    expect(await readRanOn()).toBe('worker');
    // an operator came since the last look: they keep running
    await t.services.readWorkers.stopIfIdle();
    expect(await readRanOn()).toBe('worker');
    // none came since: they stop, and reads run on the main connection again
    await t.services.readWorkers.stopIfIdle();
    expect(await readRanOn()).toBe('main connection');
    await getJson<JsonPage>(t, '/rest/v1/targets');
    expect(await readRanOn()).toBe('worker');
  });

  it('are not stopped under a read in flight', async () => {
    await getJson<JsonPage>(t, '/rest/v1/targets');
    await t.services.readWorkers.stopIfIdle();
    // knex runs a query once it is awaited: then() starts it now
    const reading = t
      .db('targets')
      .select('id')
      .then((rows: unknown[]) => rows.length);
    const stopping = t.services.readWorkers.stopIfIdle();
    await expect(reading).resolves.toBe(0);
    await stopping;
    expect(await readRanOn()).toBe('worker');
  });
});

describe('a server with read workers', () => {
  it("runs them below the event loop's priority (Linux) and ends them at shutdown: the process exits", async () => {
    const server = await startFalconet(dir, 'served', `sqlite:${join(dir, 'served.db')}`, '[database]\nread_workers = 2');
    const response = await fetch(`${server.base}/rest/v1/targets`, { headers: { authorization: basicAuth() } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    const pid = server.child.pid as number;
    if (process.platform === 'linux') {
      // the operator's request started the two workers (decision 269); each lowers its priority as it starts, as
      // the WAL checkpointer's thread does (decision 275), which the migrations' writes may have started too
      await vi.waitFor(() => expect([...threadNices(pid).values()].filter((nice) => nice === 10).length).toBeGreaterThanOrEqual(2), {
        timeout: 10_000,
        interval: 20,
      });
      // the event loop's thread keeps its priority
      expect(threadNices(pid).get(pid)).toBe(0);
    }
    await stopFalconet(server);
    expect(server.child.exitCode).toBe(0);
  });
});

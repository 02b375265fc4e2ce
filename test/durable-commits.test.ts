import { mkdtempSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitDurabilityOf } from '../src/db/database.js';
import { walDurability } from '../src/db/durable-commits.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { raw } from './support/raw-request.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Decision 277: on a SQLite file a commit does not wait for the disk; an answer that follows a write waits
 * for an fdatasync of the WAL that started after the commit, off the event loop, one for every writer of
 * the moment. No answer tells a client of a write a power loss could take back.
 */

/** The WAL syncs the product makes: each waits while the gate is shut. */
const walSyncs = vi.hoisted(() => {
  let open: Promise<void> = Promise.resolve();
  let release = () => undefined as void;
  return {
    started: 0,
    ended: 0,
    shut() {
      open = new Promise((resolve) => (release = resolve));
    },
    open: () => release(),
    gate: () => open,
  };
});

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const open = async (...args: Parameters<typeof fs.open>): Promise<FileHandle> => {
    const handle = await fs.open(...args);
    if (!String(args[0]).endsWith('-wal')) return handle;
    const datasync = handle.datasync.bind(handle);
    handle.datasync = async () => {
      walSyncs.started += 1;
      await walSyncs.gate();
      await datasync();
      walSyncs.ended += 1;
    };
    return handle;
  };
  return { ...fs, open, default: { ...fs, open } };
});

/** Waits for `condition`, failing after a deadline. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A promise's state without waiting for it. */
const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  void promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
};

const dir = mkdtempSync(join(tmpdir(), 'falconet-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the WAL durability of a SQLite connection', () => {
  /** a connection in WAL mode with a table, its durability over `sync` */
  const connection = (name: string, sync: (path: string) => Promise<void>) => {
    const db = new Database(join(dir, name));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const durability = walDurability(join(dir, `${name}-wal`), sync);
    durability.attach(db);
    const write = () => db.prepare('INSERT INTO t (v) VALUES (?)').run('x');
    return { db, durability, write };
  };
  /** syncs that end when the test says so */
  const controlledSyncs = () => {
    const calls: { end: (error?: Error) => void }[] = [];
    const sync = () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ end: (error) => (error === undefined ? resolve() : reject(error)) });
      });
    return { calls, sync };
  };

  it('asks nothing of the disk for an answer that wrote nothing', () => {
    const { calls, sync } = controlledSyncs();
    const { db, durability } = connection('read.db', sync);
    const mark = durability.mark();
    db.prepare('SELECT count(*) FROM t').get();
    expect(durability.settle(mark)).toBeUndefined();
    expect(calls).toHaveLength(0);
    db.close();
  });

  it('holds a writer until a sync that started after its commit ends, one sync for the writers of the moment', async () => {
    const { calls, sync } = controlledSyncs();
    const { db, durability, write } = connection('group.db', sync);
    const first = durability.mark();
    write();
    const firstSettled = settled(durability.settle(first) as Promise<void>);
    expect(calls).toHaveLength(1);
    // two more commit while that sync runs: it may not have seen them
    const second = durability.mark();
    write();
    const secondSettled = settled(durability.settle(second) as Promise<void>);
    const third = durability.mark();
    write();
    const thirdSettled = settled(durability.settle(third) as Promise<void>);
    calls[0]?.end();
    await until(() => firstSettled.done, 'the first writer');
    expect([secondSettled.done, thirdSettled.done]).toEqual([false, false]);
    await until(() => calls.length === 2, 'the second sync');
    calls[1]?.end();
    await until(() => secondSettled.done && thirdSettled.done, 'the later writers');
    expect(calls).toHaveLength(2);
    // everything is on disk now: nothing more to wait for
    await durability.flush();
    expect(calls).toHaveLength(2);
    db.close();
  });

  it('leaves an unawaited write out of the marks, and only it', async () => {
    const { calls, sync } = controlledSyncs();
    const { db, durability, write } = connection('unawaited.db', sync);
    const mark = durability.mark();
    expect(durability.writeUnawaited('UPDATE t SET v = ? WHERE id <= 1', ['y'])).toBe(0);
    write();
    expect(durability.writeUnawaited('UPDATE t SET v = ? WHERE id = 1', ['y'])).toBe(1);
    // one row of an awaited write among unawaited ones of as many rows: the answer still waits
    const waiting = durability.settle(mark);
    expect(waiting).toBeDefined();
    expect(calls).toHaveLength(1);
    calls[0]?.end();
    await waiting;
    const next = durability.mark();
    expect(durability.writeUnawaited('UPDATE t SET v = ?', ['z'])).toBe(1);
    expect(durability.settle(next)).toBeUndefined();
    // inside a transaction it writes nothing: the caller writes as usual
    db.exec('BEGIN');
    expect(durability.writeUnawaited('UPDATE t SET v = ?', ['w'])).toBeUndefined();
    db.exec('ROLLBACK');
    expect(db.prepare('SELECT v FROM t').pluck().all()).toEqual(['z']);
    db.close();
  });

  it('fails the writers of a sync that failed, and syncs again for the next', async () => {
    const { calls, sync } = controlledSyncs();
    const { db, durability, write } = connection('failing.db', sync);
    const mark = durability.mark();
    write();
    const failed = durability.settle(mark) as Promise<void>;
    calls[0]?.end(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    const next = durability.flush();
    expect(calls).toHaveLength(2);
    calls[1]?.end();
    await next;
    db.close();
  });
});

describe('answers on a SQLite file', () => {
  let t: TestServer;
  const token = 'durable-commits-token-0123456789';
  const device = { authorization: `TargetToken ${token}` };
  let controllerId: string;
  let base: string;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { database_url: `sqlite:${join(dir, 'app.db')}` });
    controllerId = await createTarget(t, { securityToken: token });
    const actionId = await assignOk(t, controllerId, { id: await createSet(t) });
    base = `/DEFAULT/controller/v1/${controllerId}/deploymentBase/${actionId}`;
  });
  afterAll(() => t.close());
  const targetIdOf = async (id: string) => (await t.db<{ id: number }>('targets').where('controller_id', id).first('id'))?.id ?? 0;

  it('commits without a sync of its own', async () => {
    const [row] = await t.db.transaction((trx) => trx.raw<{ synchronous: number }[]>('PRAGMA synchronous'));
    expect(row?.synchronous).toBe(1);
  });

  const PROCEEDING = JSON.stringify({ status: { execution: 'proceeding', result: { finished: 'none' }, details: ['Downloading'] } });
  const report = (query: string) =>
    raw(
      t.port,
      `${base}/feedback${query}`,
      { ...device, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(PROCEEDING)) },
      'POST',
      PROCEEDING,
    );

  // the lean path, then Hono's (a query it ignores sends the request there)
  it.each(['', '?ignored=1'])('tells a device of its report only once the WAL is synced (query %j)', async (query) => {
    walSyncs.shut();
    const syncsBefore = walSyncs.started;
    try {
      const answer = report(query);
      const answered = settled(answer);
      await until(() => walSyncs.started > syncsBefore, 'the sync of the report');
      // the write is committed and readable; only its answer waits
      expect(answered.done).toBe(false);
      walSyncs.open();
      expect((await answer).status).toBe(200);
    } finally {
      walSyncs.open();
    }
  });

  it('writes the buffered poll times without making an answer wait for them', async () => {
    expect((await raw(t.port, `/DEFAULT/controller/v1/${controllerId}`, device, 'GET')).status).toBe(200);
    await until(() => walSyncs.started === walSyncs.ended, 'the syncs under way');
    const mark = commitDurabilityOf(t.db).mark();
    t.services.pollRecorder.record(await targetIdOf(controllerId), Date.parse('2026-11-21T12:00:05Z'));
    await t.services.pollRecorder.flush();
    expect(commitDurabilityOf(t.db).settle(mark)).toBeUndefined();
    const row = await t
      .db<{ at: number }>('target_polls')
      .where('target_id', await targetIdOf(controllerId))
      .first('at');
    expect(row?.at).toBe(Date.parse('2026-11-21T12:00:05Z'));
  });

  it('answers a poll that wrote nothing without waiting for the disk', async () => {
    // the device's first contact is written at once; a later poll's time is buffered
    expect((await raw(t.port, `/DEFAULT/controller/v1/${controllerId}`, device, 'GET')).status).toBe(200);
    await until(() => walSyncs.started === walSyncs.ended, 'the syncs under way');
    walSyncs.shut();
    try {
      const syncsBefore = walSyncs.started;
      const poll = await raw(t.port, `/DEFAULT/controller/v1/${controllerId}`, device, 'GET');
      expect(poll.status).toBe(200);
      expect(walSyncs.started).toBe(syncsBefore);
    } finally {
      walSyncs.open();
    }
  });
});

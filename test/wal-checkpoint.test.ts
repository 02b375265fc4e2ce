import { existsSync, mkdtempSync, writeFileSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, walCheckpointerOf } from '../src/db/database.js';
import { FALLBACK_WAL_BYTES, WAL_SIZE_LIMIT_BYTES, WalCheckpointer, WORKER_START_WAL_BYTES } from '../src/db/wal-checkpointer.js';
import { startFalconet, stopFalconet } from './support/falconet-process.js';
import { basicAuth } from './support/test-app.js';

/**
 * On a SQLite file, a worker thread checkpoints the WAL instead of the main connection's automatic checkpoint
 * on the event loop (decision 275). SQLite-only behaviour: PostgreSQL has no WAL of ours to checkpoint.
 */
const dir = mkdtempSync(join(tmpdir(), 'falconet-wal-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** About one 4 KiB page per row. */
const PAYLOAD = 'x'.repeat(3500);
/** a round's WAL is larger than what starts the worker */
const ROWS_PER_ROUND = 1200;
const ROUNDS = 6;

/** The nice values of the threads of process `pid` (Linux: field 19 of /proc/PID/task/TID/stat). */
const threadNices = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe('WAL checkpoints off the event loop (decision 275)', () => {
  it('checkpoints in the worker while the main connection writes: the WAL stays bounded, the rows reach the file', async () => {
    const file = join(dir, 'writes.db');
    const db = openDatabase(`sqlite:${file}`);
    try {
      // the main connection's own checkpoint is only the far-off bound, and it cuts the WAL back when it starts over
      expect(await db.raw('pragma wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: FALLBACK_WAL_BYTES / 4096 }]);
      expect(await db.raw('pragma journal_size_limit')).toEqual([{ journal_size_limit: WAL_SIZE_LIMIT_BYTES }]);
      await db.schema.createTable('filler', (table) => {
        table.increments('id');
        table.text('payload');
      });
      const status = () => walCheckpointerOf(db) ?? expect.fail('a SQLite file has a checkpointer');
      let largestWal = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const completed = status().completed;
        const rows = Array.from({ length: ROWS_PER_ROUND }, () => ({ payload: PAYLOAD }));
        await db.transaction((trx) => trx.batchInsert('filler', rows, 100));
        largestWal = Math.max(largestWal, statSync(`${file}-wal`).size);
        await vi.waitFor(() => expect(status().completed).toBeGreaterThan(completed), { timeout: 10_000, interval: 20 });
        expect(status()).toMatchObject({ running: true, fallback: false });
      }
      if (process.platform === 'linux') {
        // the worker's thread lowered its priority as it started (decision 271); this process's others did not
        expect(threadNices(process.pid).filter((nice) => nice === 10)).toHaveLength(1);
      }
      const roundBytes = ROWS_PER_ROUND * 4096;
      // each round after the first wrote the WAL over from its start: its file held no more than about one round
      expect(largestWal).toBeLessThan(2 * roundBytes);
      // and what every round wrote is in the database file, which no checkpoint of the main connection copied
      expect(statSync(file).size).toBeGreaterThan(ROUNDS * roundBytes);
      expect(await db('filler').count({ n: '*' })).toEqual([{ n: ROUNDS * ROWS_PER_ROUND }]);
    } finally {
      await db.destroy();
    }
    // the main connection, closed last, checkpointed what was left and removed the WAL
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('hands the checkpoint back to the main connection while the worker fails, logs it, and takes it again once it works', async () => {
    const file = join(dir, 'failing.db');
    // a WAL with writes to checkpoint, and no database file: the worker cannot open it
    writeFileSync(`${file}-wal`, Buffer.alloc(WORKER_START_WAL_BYTES));
    const pragmas: string[] = [];
    const connection = { pragma: (sql: string) => (sql === 'page_size' ? 4096 : void pragmas.push(sql)) };
    const logged = { error: vi.fn(), info: vi.fn() };
    const checkpointer = new WalCheckpointer(file, logged as unknown as Logger);
    try {
      checkpointer.fileReady(connection);
      expect(pragmas).toEqual([`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`, `wal_autocheckpoint = ${FALLBACK_WAL_BYTES / 4096}`]);
      await vi.waitFor(() => expect(checkpointer.status.fallback).toBe(true), { timeout: 10_000, interval: 20 });
      expect(pragmas.at(-1)).toBe('wal_autocheckpoint = 1000');
      expect(logged.error).toHaveBeenCalledTimes(1);
      // the file appears: the next look starts a worker that checkpoints it
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      db.close();
      writeFileSync(`${file}-wal`, Buffer.alloc(WORKER_START_WAL_BYTES));
      await vi.waitFor(() => expect(checkpointer.status).toMatchObject({ fallback: false, running: true }), { timeout: 10_000, interval: 20 });
      expect(pragmas.at(-1)).toBe(`wal_autocheckpoint = ${FALLBACK_WAL_BYTES / 4096}`);
      expect(logged.info).toHaveBeenCalledTimes(1);
    } finally {
      await checkpointer.close();
    }
  });

  it("starts no checkpointer for an in-memory database, which keeps SQLite's checkpoint", async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      expect(walCheckpointerOf(db)).toBeUndefined();
      expect(await db.raw('pragma wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 1000 }]);
    } finally {
      await db.destroy();
    }
  });
});

const TARGET_BATCHES = 8;

describe('a server on a SQLite file', () => {
  it("checkpoints below the event loop's priority, and its stop leaves one consistent file", async () => {
    const file = join(dir, 'served.db');
    // no read workers: the one thread at nice 10 is the checkpointer
    const server = await startFalconet(dir, 'served', `sqlite:${file}`, '[database]\nread_workers = 0');
    try {
      // more than the WAL that starts the worker
      for (let batch = 0; batch < TARGET_BATCHES; batch++) {
        const targets = Array.from({ length: 1000 }, (_, i) => ({ controllerId: `dev-${batch}-${i}`, name: `device ${batch} ${i} ${'n'.repeat(100)}` }));
        const response = await fetch(`${server.base}/rest/v1/targets`, {
          method: 'POST',
          headers: { authorization: basicAuth(), 'content-type': 'application/json' },
          body: JSON.stringify(targets),
        });
        expect(response.status).toBe(201);
        await response.body?.cancel();
      }
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(WORKER_START_WAL_BYTES);
      if (process.platform === 'linux') {
        // the writes started the checkpointer, which lowered its priority as it started
        const pid = server.child.pid as number;
        await vi.waitFor(() => expect(threadNices(pid).filter((nice) => nice === 10)).toHaveLength(1), { timeout: 10_000, interval: 20 });
      }
    } finally {
      await stopFalconet(server);
    }
    expect(server.child.exitCode).toBe(0);
    // everything is in the database file: no WAL is left to replay
    expect(existsSync(`${file}-wal`)).toBe(false);
    const check = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(check.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(check.prepare("select count(*) as n from targets where controller_id like 'dev-%'").get()).toEqual({ n: TARGET_BATCHES * 1000 });
    } finally {
      check.close();
    }
  });
});

import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { startDbThread } from './db-threads.js';

/*
 * Management reads off the event loop on SQLite (decision 253). better-sqlite3 is synchronous: a query over
 * a million targets (a deep page, a filter, the statistics) holds the event loop for as long as it runs, and
 * every device poll waits behind it. A SELECT that knex runs outside a transaction goes instead to one of a
 * few worker threads, each with its own read-only connection to the same file; under WAL each reads a
 * consistent snapshot of what was committed when its statement began, so a read after a commit sees it.
 * Reads inside a transaction, every write and the prepared statements of the device's paths stay on the
 * main connection. The seam is knex's client: stores and services do not know where their reads run.
 */

/** What a read worker is started with. */
export interface ReadWorkerData {
  readonly filename: string;
}

/** One read, as posted to a worker: knex's compiled SQL with its bindings, as knex would bind them. */
export interface ReadRequest {
  readonly id: number;
  readonly sql: string;
  readonly bindings: readonly unknown[];
  readonly safeIntegers: boolean | undefined;
}

/** A worker's answer: the rows, or the driver's error (its message and SQLite result code). */
export type ReadAnswer =
  { readonly id: number; readonly rows: unknown[] } | { readonly id: number; readonly error: { readonly message: string; readonly code?: string } };

interface Waiting {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/** One worker thread and the reads it owes. knex sees it as the connection a read runs on. */
class ReadWorker {
  /** what knex reports as the connection of the read's `query` event */
  readonly __knexUid: string;
  readonly #thread: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 0;
  #stopped: Error | undefined;

  constructor(index: number, filename: string) {
    this.__knexUid = `read-worker-${index}`;
    this.#thread = startDbThread('read-worker', { filename } satisfies ReadWorkerData);
    this.#thread.on('message', (answer: ReadAnswer) => {
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if ('rows' in answer) waiting?.resolve(answer.rows);
      else waiting?.reject(Object.assign(new Error(answer.error.message), { name: 'SqliteError', code: answer.error.code }));
    });
    this.#thread.on('error', (error) => this.#stop(error));
    this.#thread.on('exit', (code) => this.#stop(new Error(`the read worker stopped (exit code ${code})`)));
  }

  /** Reads waiting for this worker: the pool gives a new read to the least busy one. */
  get load(): number {
    return this.#waiting.size;
  }

  get stopped(): boolean {
    return this.#stopped !== undefined;
  }

  read(sql: string, bindings: readonly unknown[], safeIntegers: boolean | undefined): Promise<unknown[]> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#thread.postMessage({ id, sql, bindings, safeIntegers } satisfies ReadRequest);
    });
  }

  async terminate(): Promise<void> {
    this.#stop(new Error('the database is closed'));
    await this.#thread.terminate();
  }

  /** A worker that failed (or was terminated) fails what it owes; the pool starts another in its place. */
  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}

/** How long the read workers outlive the last operator's request (decision 269): one to two such periods. */
export const READ_WORKERS_IDLE_MS = 60_000;

/** What the server does with the read workers besides reading (decision 269). */
export interface ReadWorkerControl {
  /** An operator's request: start the workers if they are not running, and keep them running. */
  readonly wake: () => void;
  /** Called every {@link READ_WORKERS_IDLE_MS}: stops the workers when no operator woke them since the last call. */
  readonly stopIfIdle: () => Promise<void>;
}

/** PostgreSQL, an in-memory SQLite database and `read_workers = 0`: every read runs on the loop's connections. */
export const NO_READ_WORKERS: ReadWorkerControl = { wake: () => undefined, stopIfIdle: () => Promise.resolve() };

/**
 * The read workers of one SQLite file. They serve the operator (decision 269): they start with the first
 * operator's request once the main connection has put the file in WAL mode, and stop when no operator's
 * request came for a while; meanwhile reads run on the main connection, as with `read_workers = 0`. They end
 * with the knex instance's `destroy()`, which the server's shutdown calls.
 */
export class ReadWorkers implements ReadWorkerControl {
  #workers: ReadWorker[] = [];
  #fileReady = false;
  #closed = false;
  #woken = false;
  /** reads given a worker and not finished yet: the workers are not stopped under them */
  #reading = 0;

  constructor(
    readonly size: number,
    readonly filename: string,
  ) {}

  /** The main connection exists and the file is in WAL mode: readers of their own may open it. */
  fileReady(): void {
    this.#fileReady = true;
  }

  readonly wake = (): void => {
    this.#woken = true;
    if (this.#closed || !this.#fileReady || this.#workers.length > 0) return;
    this.#workers = Array.from({ length: this.size }, (_, index) => new ReadWorker(index, this.filename));
  };

  readonly stopIfIdle = async (): Promise<void> => {
    const idle = !this.#woken && this.#reading === 0;
    this.#woken = false;
    if (!idle) return;
    const workers = this.#workers;
    this.#workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  };

  /** Runs `read` on the least busy worker, a failed one replaced first, or on the main connection (no worker) when none is running. */
  async read<T>(read: (worker: ReadWorker | undefined) => Promise<T>): Promise<T> {
    if (this.#workers.length === 0) return read(undefined);
    this.#workers = this.#workers.map((worker, index) => (worker.stopped ? new ReadWorker(index, this.filename) : worker));
    const least = this.#workers.reduce((least, worker) => (worker.load < least.load ? worker : least));
    this.#reading++;
    try {
      return await read(least);
    } finally {
      this.#reading--;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
    this.#workers = [];
  }
}

/** The parts of knex's internals this module builds on (knex ships no types for them). */
interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: unknown;
  response?: unknown;
}
interface Builder {
  readonly _method?: string;
  readonly _connection?: unknown;
  /** a raw query's text */
  readonly sql?: unknown;
}
interface Runner {
  connection: unknown;
  readonly builder: Builder;
  run(): Promise<unknown>;
}
export interface BetterSqlite3Client {
  readonly transacting?: boolean;
  runner(builder: Builder): Runner;
  _query(connection: unknown, query: QueryObject): Promise<QueryObject>;
  _formatBindings(bindings: unknown[] | undefined): unknown[];
  _optSafeIntegers(options: unknown): boolean | undefined;
  destroy(callback?: (error?: unknown) => void): Promise<void>;
}

const require = createRequire(import.meta.url);
/** knex's better-sqlite3 client class, which the file's clients extend (`db/database.ts`). */
export const KnexBetterSqlite3 = require('knex/lib/dialects/better-sqlite3/index.js') as new (config: Knex.Config) => BetterSqlite3Client;

/** knex's query methods that only read; a raw query reads when it is a SELECT. */
const READ_METHODS = new Set(['select', 'first', 'pluck']);
const isRead = (builder: Builder) =>
  builder._method !== undefined ? READ_METHODS.has(builder._method) : typeof builder.sql === 'string' && /^\s*select\s/i.test(builder.sql);

/**
 * knex's better-sqlite3 client with `workers`: a read outside any transaction (knex's transaction clients
 * inherit this class with `transacting` set) and without a connection of its own runs, while the workers
 * run, on the least busy one instead of the main connection, which it neither waits for nor holds. knex's events, its error
 * message (the SQL, then the driver's) and its processing of the rows stay as they are.
 */
export function offThreadClient(workers: ReadWorkers): typeof Knex.Client {
  class OffThreadClient extends KnexBetterSqlite3 {
    /** what `readWorkersOf` (db/database.ts) finds */
    readonly readWorkers: ReadWorkerControl = workers;

    override runner(builder: Builder): Runner {
      const runner = super.runner(builder);
      if (this.transacting === true || builder._connection !== undefined || !isRead(builder)) return runner;
      const run = runner.run.bind(runner);
      runner.run = () =>
        workers.read((worker) => {
          runner.connection = worker;
          return run();
        });
      return runner;
    }

    override async _query(connection: unknown, query: QueryObject): Promise<QueryObject> {
      if (!(connection instanceof ReadWorker)) return super._query(connection, query);
      query.response = await connection.read(query.sql, this._formatBindings(query.bindings), this._optSafeIntegers(query.options));
      return query;
    }

    override async destroy(callback?: (error?: unknown) => void): Promise<void> {
      await workers.close();
      return super.destroy(callback);
    }
  }
  return OffThreadClient as unknown as typeof Knex.Client;
}

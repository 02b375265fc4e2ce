import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { Logger } from 'pino';
import { NO_WAIT, walDurability, type CommitDurability } from './durable-commits.js';
import { KnexBetterSqlite3, NO_READ_WORKERS, offThreadClient, type ReadWorkerControl, ReadWorkers } from './read-workers.js';
import { type CheckpointerStatus, WalCheckpointer } from './wal-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';

/** How a database is opened besides its URL. */
export interface DatabaseOptions {
  /**
   * `[database] read_workers`: on a SQLite file, the worker threads that run reads outside transactions
   * off the event loop (decision 253); 0, an in-memory database and PostgreSQL run every read on the loop's
   * connections.
   */
  readonly readWorkers?: number;
}

/**
 * Opens the database named by `database_url`: `sqlite:<path>` (relative to the working directory) or
 * `sqlite::memory:` through better-sqlite3 on one connection, `postgres://…` through a pg pool. With `logger`, what knex and its pool report (a connection refused, an
 * acquire that failed) goes to it as JSON lines; knex's own logger prints coloured text and stacks to stdout
 * (decision 198).
 */
export function openDatabase(url: string, logger?: Logger, { readWorkers = 0 }: DatabaseOptions = {}): Knex {
  const log = logger === undefined ? {} : { log: knexLog(logger.child({ component: 'database' })) };
  return url.startsWith('sqlite:') ? openSqlite(url.slice('sqlite:'.length), log, readWorkers, logger) : openPostgres(url, log);
}

function knexLog(logger: Logger): Knex.Logger {
  return {
    warn: (message: unknown) => logger.warn(String(message)),
    error: (message: unknown) => logger.error(String(message)),
    debug: (message: unknown) => logger.debug(String(message)),
    deprecate: (method, alternative) => logger.warn(`${method} is deprecated; use ${alternative}`),
  };
}

/** The dialect of a knex instance or transaction, or of a statement transaction (`db/prepared-statements.ts`). */
export function dialectOf(db: Knex | { readonly dialect: Dialect }): Dialect {
  if (typeof db !== 'function') return db.dialect;
  return (db.client as Knex.Client).config.client === 'pg' ? 'postgres' : 'sqlite';
}

/** The read workers of `db` (decisions 253, 269); on PostgreSQL, `sqlite::memory:` and `read_workers = 0`, none to control. */
export function readWorkersOf(db: Knex): ReadWorkerControl {
  return (db.client as { readonly readWorkers?: ReadWorkerControl }).readWorkers ?? NO_READ_WORKERS;
}

/** What the WAL checkpointer of a SQLite file has done (decision 275); undefined on PostgreSQL and `sqlite::memory:`. */
export function walCheckpointerOf(db: Knex): CheckpointerStatus | undefined {
  return (db.client as { readonly walCheckpointer?: WalCheckpointer }).walCheckpointer?.status;
}

/** When the commits of `db` are on disk (decision 277): on a SQLite file, after a sync off the event loop; elsewhere, at once. */
export function commitDurabilityOf(db: Knex): CommitDurability {
  return (db.client as { readonly commitDurability?: CommitDurability }).commitDurability ?? NO_WAIT;
}

/** Asks the database for nothing: resolves once it answers. */
export async function ping(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** The absolute file of a `sqlite:<path>` database URL, `:memory:` for an in-memory one. */
export function sqliteFile(location: string): string {
  return location === ':memory:' ? location : resolve(location.replace(/^\/\//, ''));
}

/**
 * How much of a SQLite file the main connection reads through a memory map instead of copying each page it
 * reads into its own cache (decision 272): SQLite's upper limit in better-sqlite3's build (2 GiB less 64 KiB);
 * a larger file's rest is read as before.
 */
const MMAP_BYTES = 0x7fff0000;

function openSqlite(location: string, log: Pick<Knex.Config, 'log'>, readWorkers: number, logger: Logger | undefined): Knex {
  const filename = sqliteFile(location);
  if (filename === ':memory:') return openSqliteConnection(filename, log, 'better-sqlite3');
  mkdirSync(dirname(filename), { recursive: true });
  const workers = readWorkers === 0 ? undefined : new ReadWorkers(readWorkers, filename);
  const checkpointer = new WalCheckpointer(filename, logger?.child({ component: 'wal-checkpoint' }));
  const durability = walDurability(`${filename}-wal`);
  return openSqliteConnection(filename, log, sqliteFileClient(workers, checkpointer, durability), (connection) => {
    // a commit does not wait for the disk; an answer that follows it does, off the event loop (decision 277)
    connection.pragma('synchronous = NORMAL');
    durability.attach(connection);
    // the file exists and is in WAL mode: connections of their own may open it
    checkpointer.fileReady(connection);
    workers?.fileReady();
  });
}

/** The main connection (SQLite has one writer) of `filename`, through `client`; `fileReady` once it is set up. */
function openSqliteConnection(
  filename: string,
  log: Pick<Knex.Config, 'log'>,
  client: string | typeof Knex.Client,
  fileReady?: (connection: SqliteConnection) => void,
): Knex {
  return knexFactory({
    ...log,
    client,
    connection: { filename },
    useNullAsDefault: true,
    // SQLite has one writer; a single connection serialises statements instead of failing with SQLITE_BUSY,
    // and keeps an in-memory database alive for the life of the process.
    pool: {
      min: 1,
      max: 1,
      idleTimeoutMillis: Number.MAX_SAFE_INTEGER,
      afterCreate(connection: SqliteConnection, done: (error: Error | null) => void) {
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        connection.pragma(`mmap_size = ${MMAP_BYTES}`);
        fileReady?.(connection);
        done(null);
      },
    },
  });
}

type SqliteConnection = BetterSqlite3.Database;

/**
 * knex's better-sqlite3 client for a file: with the read workers' reads when there are workers, the durability
 * of its commits (decision 277), and the WAL checkpointer (decision 275), which its `destroy()` ends before the
 * read workers and the main connection: the main connection, closed last, checkpoints what is left and removes the WAL.
 */
function sqliteFileClient(workers: ReadWorkers | undefined, checkpointer: WalCheckpointer, durability: CommitDurability): typeof Knex.Client {
  const Base = (workers === undefined ? KnexBetterSqlite3 : offThreadClient(workers)) as unknown as typeof KnexBetterSqlite3;
  class SqliteFileClient extends Base {
    /** what `walCheckpointerOf` finds */
    readonly walCheckpointer = checkpointer;
    /** what `commitDurabilityOf` finds */
    readonly commitDurability = durability;

    override async destroy(callback?: (error?: unknown) => void): Promise<void> {
      await checkpointer.close();
      return super.destroy(callback);
    }
  }
  return SqliteFileClient as unknown as typeof Knex.Client;
}

// pg returns BIGINT (epoch milliseconds, counts) as strings; all ours fit in a double.
const typeParsers = ({ types }: typeof pg) => ({
  getTypeParser: (oid: number, format?: string): ((value: string) => unknown) =>
    oid === (types.builtins.INT8 as number) ? Number : (types.getTypeParser(oid, format as 'text' | undefined) as (value: string) => unknown),
});

/** pg is loaded when a PostgreSQL database is opened, as knex loads it: a server on SQLite holds none of it (decision 269). */
const require = createRequire(import.meta.url);

function openPostgres(url: string, log: Pick<Knex.Config, 'log'>): Knex {
  return knexFactory({
    ...log,
    client: 'pg',
    connection: { connectionString: url, types: typeParsers(require('pg') as typeof pg) },
    pool: { min: 0, max: 10 },
  });
}

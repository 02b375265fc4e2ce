import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import type pg from 'pg';
import { dialectOf, type Dialect } from './database.js';

/** A bound value: booleans are written as 1 and 0, which both databases read as true and false. */
export type Param = string | number | null;

/** Runs a prepared read with its parameters; resolves to the first row, or undefined. */
export type PreparedRead<Row> = (...params: readonly Param[]) => Promise<Row | undefined>;

/**
 * A statement of a hot path — the DDI poll, deploymentBase, feedback, a device's artifact lookup — prepared
 * once per connection on the driver under knex instead of built and prepared per request (decision 180:
 * a query builder per request cost 2.7× the CPU per poll, a prepare per request 13–25%; knex prepares every
 * query it runs on SQLite). This is the one place that reaches for knex's raw connections; everything else
 * goes through knex. Each method takes the database or the caller's transaction, so a statement joins the
 * transaction of `inTransaction` like any knex query does (decision 140).
 * - SQLite: prepared on knex's single better-sqlite3 connection and run at once — unless a knex transaction
 *   the caller is not part of holds that connection: then it queues for the connection like any knex query,
 *   so it never sees another transaction's uncommitted writes.
 * - PostgreSQL: a named statement through pg on the pooled (or the transaction's) connection; each
 *   connection parses it once.
 */
export interface Statement<Row> {
  /** the first row, or undefined */
  get(db: Queryable, ...params: readonly Param[]): Promise<Row | undefined>;
  all(db: Queryable, ...params: readonly Param[]): Promise<Row[]>;
  /** @returns the number of rows written */
  run(db: Queryable, ...params: readonly Param[]): Promise<number>;
}

/**
 * A transaction that runs prepared statements only, on one connection taken from knex's pool for its
 * length (decision 189): what the device's write path runs in. A knex transaction builds a whole knex
 * instance for each transaction, which cost about 80 µs of CPU and its garbage on every device report;
 * this costs a BEGIN and a COMMIT. It has no query builder, so code typed to take a {@link Queryable}
 * can only run statements.
 */
export class StatementTransaction {
  /** false once committed or rolled back: a statement run on it then throws */
  #open = true;
  readonly isTransaction = true;
  constructor(
    readonly dialect: Dialect,
    readonly connection: BetterSqlite3.Database | pg.ClientBase,
  ) {}

  /** The connection, while the transaction is open. */
  held<C extends BetterSqlite3.Database | pg.ClientBase>(): C {
    if (!this.#open) throw new Error('statement run on a transaction that has ended');
    return this.connection as C;
  }

  end(): void {
    this.#open = false;
  }
}

/** What a statement runs on: the database, a knex transaction, or a {@link StatementTransaction}. */
export type Queryable = Knex | StatementTransaction;

/** SQL with `?` placeholders: one text for both databases, or one each (row locks, dialect functions). */
export type StatementSql = string | { readonly sqlite: string; readonly postgres: string };

/** PostgreSQL's longest identifier (NAMEDATALEN − 1), which statement names are too. */
const MAX_NAME_BYTES = 63;

/** name → text: PostgreSQL keeps one text per name on each connection */
const names = new Map<string, string>();

/** The connection of each root knex instance on SQLite, once known: a statement outside a transaction runs on it at once. */
const sqliteConnections = new WeakMap<Knex.Client, BetterSqlite3.Database>();

/** How a statement hands over its rows: as objects by column name (the default), or as arrays in the column order of its SQL. */
export interface StatementOptions {
  /**
   * Rows as arrays (better-sqlite3's raw mode, pg's array row mode), for a read of the poll's path with many
   * columns: building an object per row cost about a third of the poll's statement (decision 267).
   */
  readonly arrays?: boolean;
}

/** The text PostgreSQL prepares under `name` (its parameters numbered), once a module has defined it; for tests of its plans. */
export const postgresTextOf = (name: string): string | undefined => names.get(name);

/**
 * Defines a statement (at module level, or once per service). A name stands for one text: defining it again
 * with another text throws.
 */
export function statement<Row = never>(name: string, sql: StatementSql, { arrays = false }: StatementOptions = {}): Statement<Row> {
  // PostgreSQL cuts a longer name and pg warns that two names may then meet
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) throw new Error(`prepared statement name '${name}' is longer than ${MAX_NAME_BYTES} bytes`);
  const texts: Record<Dialect, string> = typeof sql === 'string' ? { sqlite: sql, postgres: sql } : sql;
  let position = 0;
  const postgresText = texts.postgres.replace(/\?/g, () => `$${++position}`);
  const known = names.get(name);
  if (known !== undefined && known !== postgresText) throw new Error(`prepared statement '${name}' is defined twice`);
  names.set(name, postgresText);
  const prepared = new WeakMap<BetterSqlite3.Database, SqliteStatement>();
  const on = (connection: BetterSqlite3.Database) => {
    let found = prepared.get(connection);
    if (found === undefined) {
      found = connection.prepare(texts.sqlite);
      if (arrays) found.raw(true);
      prepared.set(connection, found);
    }
    return found;
  };

  const onSqlite = async <T>(db: Queryable, use: (prepared: SqliteStatement) => T): Promise<T> => {
    if (db instanceof StatementTransaction) return use(on(db.held<BetterSqlite3.Database>()));
    const client = db.client as Knex.Client;
    // the caller's transaction holds the connection
    if (db.isTransaction === true) return use(on((await client.acquireConnection()) as BetterSqlite3.Database));
    // nobody's transaction holds it
    const idle = sqliteConnections.get(client);
    if (idle?.open === true && !idle.inTransaction) return use(on(idle));
    const connection = (await client.acquireConnection()) as BetterSqlite3.Database;
    try {
      sqliteConnections.set(client, connection);
      return use(on(connection));
    } finally {
      await client.releaseConnection(connection);
    }
  };

  const queryOf = (params: readonly Param[]): pg.QueryConfig => {
    const query: pg.QueryConfig | pg.QueryArrayConfig = arrays
      ? { name, text: postgresText, values: params as Param[], rowMode: 'array' }
      : { name, text: postgresText, values: params as Param[] };
    return query;
  };
  const onPostgres = async (db: Queryable, params: readonly Param[]): Promise<pg.QueryResult> => {
    if (db instanceof StatementTransaction) return db.held<pg.ClientBase>().query(queryOf(params));
    const client = db.client as Knex.Client;
    const connection = (await client.acquireConnection()) as pg.Client;
    try {
      return await connection.query(queryOf(params));
    } finally {
      await client.releaseConnection(connection);
    }
  };

  // not async themselves: each hands on the one promise of its database's path (an async function returning a
  // promise would add microtask turns to every poll)
  return {
    get: (db, ...params) =>
      dialectOf(db) === 'sqlite'
        ? onSqlite(db, (statement) => statement.get(...params) as Row | undefined)
        : onPostgres(db, params).then((result) => result.rows[0] as Row | undefined),
    all: (db, ...params) =>
      dialectOf(db) === 'sqlite'
        ? onSqlite(db, (statement) => statement.all(...params) as Row[])
        : onPostgres(db, params).then((result) => result.rows as Row[]),
    run: (db, ...params) =>
      dialectOf(db) === 'sqlite'
        ? onSqlite(db, (statement) => statement.run(...params).changes)
        : onPostgres(db, params).then((result) => result.rowCount ?? 0),
  };
}

type SqliteStatement = BetterSqlite3.Statement<unknown[], unknown>;

/** A {@link statement} bound to `db`, for a read outside any transaction. */
export function preparedRead<Row>(db: Knex, name: string, sql: string, options?: StatementOptions): PreparedRead<Row> {
  const prepared = statement<Row>(name, sql, options);
  return (...params) => prepared.get(db, ...params);
}

/** SQLite's BEGIN, COMMIT and ROLLBACK, prepared once per connection. */
const sqliteControl = new WeakMap<BetterSqlite3.Database, Record<'begin' | 'commit' | 'rollback', SqliteStatement>>();
function controlOf(connection: BetterSqlite3.Database) {
  let found = sqliteControl.get(connection);
  if (found === undefined) {
    found = { begin: connection.prepare('BEGIN'), commit: connection.prepare('COMMIT'), rollback: connection.prepare('ROLLBACK') };
    sqliteControl.set(connection, found);
  }
  return found;
}

/**
 * Runs `work` in a {@link StatementTransaction} on a connection of `db`'s pool: committed when `work`
 * resolves, rolled back when it throws (the error is thrown on). On SQLite the pool's one connection is
 * held throughout, so knex queries and other transactions wait for it as they wait for a knex transaction.
 * Retries after a conflict are the caller's (`db/transaction.ts`).
 */
export async function runStatementTransaction<T>(db: Knex, work: (trx: StatementTransaction) => Promise<T>): Promise<T> {
  const client = db.client as Knex.Client;
  const dialect = dialectOf(db);
  const connection = (await client.acquireConnection()) as BetterSqlite3.Database | pg.ClientBase;
  const trx = new StatementTransaction(dialect, connection);
  const sqlite = dialect === 'sqlite' ? controlOf(connection as BetterSqlite3.Database) : undefined;
  try {
    if (sqlite) sqlite.begin.run();
    else await (connection as pg.ClientBase).query('BEGIN');
    const result = await work(trx);
    if (sqlite) sqlite.commit.run();
    else await (connection as pg.ClientBase).query('COMMIT');
    return result;
  } catch (error) {
    if (sqlite) {
      // SQLite may have rolled back itself (a full disk): then there is nothing left to roll back
      if ((connection as BetterSqlite3.Database).inTransaction) sqlite.rollback.run();
    } else {
      // a connection that cannot even roll back is broken; the pool drops it when it next validates it
      await (connection as pg.ClientBase).query('ROLLBACK').catch(() => undefined);
    }
    throw error;
  } finally {
    trx.end();
    await client.releaseConnection(connection);
  }
}

import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import type pg from 'pg';
import { dialectOf } from './database.js';

/** Runs a prepared read with its parameters; resolves to the first row, or undefined. */
export type PreparedRead<Row> = (...params: readonly (string | number)[]) => Promise<Row | undefined>;

/**
 * A read for a hot path (the DDI poll, a device's artifact lookup), prepared once on the driver under knex instead of built and
 * prepared per request (decision 180: a query builder per request cost 2.7× the CPU per poll, a
 * prepare per request 13–25%). This is the one place that reaches for knex's raw connections; everything
 * else goes through knex. `sql` is written once for both databases, with `?` placeholders.
 * - SQLite: prepared on knex's single better-sqlite3 connection and run at once — unless a knex
 *   transaction is open on that connection: then it queues for the connection like any knex query, so it
 *   never sees a transaction's uncommitted writes.
 * - PostgreSQL: a named statement through pg on a pooled connection; each connection parses it once.
 */
export function preparedRead<Row>(db: Knex, name: string, sql: string): PreparedRead<Row> {
  return dialectOf(db) === 'sqlite' ? sqliteRead(db.client as Knex.Client, sql) : postgresRead(db.client as Knex.Client, name, sql);
}

type SqliteStatement = BetterSqlite3.Statement<unknown[], unknown>;

function sqliteRead<Row>(client: Knex.Client, sql: string): PreparedRead<Row> {
  let statement: SqliteStatement | undefined;
  const throughPool = async (params: readonly unknown[]) => {
    const connection = (await client.acquireConnection()) as BetterSqlite3.Database;
    try {
      if (statement?.database !== connection) statement = connection.prepare(sql);
      return statement.get(...params) as Row | undefined;
    } finally {
      await client.releaseConnection(connection);
    }
  };
  return async (...params) => {
    const connection = statement?.database;
    if (statement === undefined || !connection?.open || connection.inTransaction) return throughPool(params);
    return statement.get(...params) as Row | undefined;
  };
}

function postgresRead<Row>(client: Knex.Client, name: string, sql: string): PreparedRead<Row> {
  let position = 0;
  const text = sql.replace(/\?/g, () => `$${++position}`);
  return async (...params) => {
    const connection = (await client.acquireConnection()) as pg.Client;
    try {
      return (await connection.query<Row & pg.QueryResultRow>({ name, text, values: params })).rows[0];
    } finally {
      await client.releaseConnection(connection);
    }
  };
}

/**
 * A read worker's thread (decision 253): its own read-only better-sqlite3 connection to the server's SQLite
 * file, which WAL lets read a consistent snapshot while the main connection writes. It answers each
 * {@link ReadRequest} of `read-workers.ts` with the rows or the driver's error, one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { lowerThreadPriority } from './db-threads.js';
import type { ReadAnswer, ReadRequest, ReadWorkerData } from './read-workers.js';

/** Prepared texts kept per connection: knex builds the same few texts again and again; a FIQL filter makes new ones. */
const KEPT_STATEMENTS = 200;

// below the event loop's priority (decision 271)
lowerThreadPriority();

const { filename } = workerData as ReadWorkerData;
const connection = new Database(filename, { readonly: true, fileMustExist: true });
// as the main connection: a reader waits rather than fails while SQLite recovers the WAL
connection.pragma('busy_timeout = 5000');
const statements = new Map<string, Database.Statement<unknown[], unknown>>();

function prepared(sql: string): Database.Statement<unknown[], unknown> {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = connection.prepare(sql);
    if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value as string);
    statements.set(sql, statement);
  }
  return statement;
}

const port = parentPort as NonNullable<typeof parentPort>;
port.on('message', ({ id, sql, bindings, safeIntegers }: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    const statement = prepared(sql);
    if (!statement.reader) throw new Error('a read worker runs reads only');
    statement.safeIntegers(safeIntegers === true);
    answer = { id, rows: statement.all(bindings) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    answer = { id, error: { message: String(message), ...(typeof code === 'string' ? { code } : {}) } };
  }
  port.postMessage(answer);
});

/**
 * A read worker's thread (decision 253): its own read-only better-sqlite3 connection to the server's SQLite
 * file, which WAL lets read a consistent snapshot while the main connection writes. It answers each
 * {@link ReadRequest} of `read-workers.ts` with the rows or the driver's error, one at a time.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ReadAnswer, ReadRequest, ReadWorkerData } from './read-workers.js';

/** Prepared texts kept per connection: knex builds the same few texts again and again; a FIQL filter makes new ones. */
const KEPT_STATEMENTS = 200;

/**
 * The nice value of a worker's thread: the kernel gives the event loop's thread (nice 0) about nine times its
 * share of a busy core, so a device poll that arrives during an operator's long read runs at once (decision
 * 271). Linux keeps a nice value per thread, and setpriority(2) takes a thread's id where it takes a
 * process's; this thread's id is the last part of /proc/thread-self. Elsewhere, or where the kernel refuses,
 * the thread keeps the process's priority.
 */
const NICE = 10;
if (process.platform === 'linux') {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), NICE);
  } catch {
    // refused (a sandbox's seccomp profile): the thread reads at the server's priority, as elsewhere
  }
}

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

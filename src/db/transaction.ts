import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { translateDatabaseError } from './db-errors.js';
import { runStatementTransaction, type Queryable } from './prepared-statements.js';

/** Attempts after the first one when PostgreSQL aborts a transaction for a conflict. */
export const TRANSACTION_RETRIES = 5;
/** The first retry waits up to about this long; each further one about twice as long. */
const BACKOFF_MS = 10;
/** The event the root knex instance emits before each retry, with a {@link TransactionRetry}. */
const RETRY_EVENT = 'falconet:transaction-retry';

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and running it again may well
 * succeed: serialization_failure and deadlock_detected.
 */
const CONFLICTS = new Set(['40001', '40P01']);

/** What a retry reports: the attempt that failed (1 for the first) and the SQLSTATE that failed it. */
export interface TransactionRetry {
  readonly attempt: number;
  readonly code: string;
  readonly delayMs: number;
}

/** The SQLSTATE of a conflict that aborted a transaction, or undefined for any other error. */
export function conflictCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONFLICTS.has(code) ? code : undefined;
}

/**
 * Runs `work` in one transaction on `db` and returns what it returns (decision 40). On PostgreSQL, a
 * deadlock or serialization failure rolls everything back, so the whole of `work` runs again, after a short
 * jittered pause, at most `retries` times; once they are used up the conflict is a DomainError
 * concurrentModification (409). `work` must therefore be safe to run again: nothing outside the database
 * that a second run would trip over (no file written before its last statement, no in-memory state changed).
 *
 * Called with a transaction, `work` joins it: only the outermost transaction can be run again, since a
 * conflict aborts it as a whole.
 */
export async function inTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  { retries = TRANSACTION_RETRIES }: { readonly retries?: number } = {},
): Promise<T> {
  if (db.isTransaction === true) return work(db as Knex.Transaction);
  return retrying(db, retries, () => db.transaction(work));
}

/**
 * {@link inTransaction} for work that runs prepared statements only (the device's write path, decision 189):
 * a {@link StatementTransaction} instead of a knex transaction, with the same retries. Called with a
 * transaction of either kind, `work` joins it.
 */
export async function inStatementTransaction<T>(db: Queryable, work: (trx: Queryable) => Promise<T>): Promise<T> {
  if (db.isTransaction === true) return work(db);
  const root = db as Knex;
  return retrying(root, TRANSACTION_RETRIES, () => runStatementTransaction(root, work));
}

/** Runs `attempt` until it succeeds or fails other than by a conflict, or the retries are used up. */
async function retrying<T>(db: Knex, retries: number, attempt: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      const code = conflictCode(error);
      if (code === undefined) throw error;
      // a DomainError concurrentModification
      if (run > retries) throw translateDatabaseError(error) ?? error;
      // Jitter, so that the transactions that met do not meet again at the same moment.
      const delayMs = Math.round(BACKOFF_MS * 2 ** (run - 1) * (0.5 + Math.random()));
      db.emit(RETRY_EVENT, { attempt: run, code, delayMs } satisfies TransactionRetry);
      await sleep(delayMs);
    }
  }
}

/** Calls `listener` before each retry of a transaction on `db` (the composition root logs them at debug). */
export function onTransactionRetry(db: Knex, listener: (retry: TransactionRetry) => void): void {
  db.on(RETRY_EVENT, listener);
}

/**
 * Runs `then` once the transaction `trx` is part of has committed, never when it rolls back (a retried
 * transaction's failed runs leave nothing); outside a transaction at once. For what must not report a change
 * that did not happen: the log lines of state transitions (decision 236).
 */
export function afterCommit(trx: Knex, then: () => void): void {
  if (trx.isTransaction !== true) return then();
  let root = trx as Knex.Transaction;
  while (root.parentTransaction !== undefined) root = root.parentTransaction;
  root.executionPromise.then(then, () => undefined);
}

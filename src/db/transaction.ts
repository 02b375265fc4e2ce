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
 * conflict aborts it as a whole. The work {@link followCommit} registered runs after the commit, before this
 * resolves.
 */
export async function inTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  { retries = TRANSACTION_RETRIES }: { readonly retries?: number } = {},
): Promise<T> {
  if (db.isTransaction === true) return work(db as Knex.Transaction);
  let registered = new Map<string, FollowUp>();
  const result = await retrying(db, retries, () => {
    // a run that failed leaves nothing to follow
    registered = new Map();
    return db.transaction((trx) => {
      followUps.set(trx, registered);
      return work(trx);
    });
  });
  for (const followUp of registered.values()) await followUp();
  return result;
}

type FollowUp = () => Promise<void>;

/** The work registered to follow each transaction {@link inTransaction} opened, by key. */
const followUps = new WeakMap<Knex.Transaction, Map<string, FollowUp>>();

/**
 * Registers `followUp` to run once the transaction `trx` belongs to has committed — never when it rolls back —
 * in order of registration and once per `key`; the {@link inTransaction} that opened the transaction awaits
 * it before it resolves, so the caller's answer comes after it and its error is the caller's. For work that
 * must follow a commit in transactions of its own, which the code that makes it necessary registers so that
 * no caller can forget it (decision 261: a started rollout group's remaining deployments).
 * @throws outside a transaction {@link inTransaction} opened: nothing would run the follow-up
 */
export function followCommit(trx: Knex, key: string, followUp: FollowUp): void {
  let root = trx as Knex.Transaction;
  while (root.parentTransaction !== undefined) root = root.parentTransaction;
  const registered = followUps.get(root);
  if (registered === undefined) throw new Error(`followCommit '${key}' outside a transaction of inTransaction`);
  if (!registered.has(key)) registered.set(key, followUp);
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

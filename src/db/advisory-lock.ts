import type { Knex } from 'knex';
import { dialectOf } from './database.js';

/**
 * The owners of a session advisory lock, each named by four ASCII letters as the lock's first int4 key. The
 * second key is a hash of the schema: advisory locks belong to the whole database, so without it two Falconet
 * installations in one database (each in its own schema, as the test suite runs them) would wait for or skip
 * each other.
 */
export const ADVISORY_LOCKS = {
  /** schema migration: processes started together take turns */
  migration: 'migr',
  /** the rollout evaluator's tick: one process at a time */
  rolloutEvaluator: 'falc',
  /** the webhook dispatcher's run: one process at a time (decision 151) */
  webhookDispatcher: 'hook',
} as const;

type LockName = keyof typeof ADVISORY_LOCKS;

const keysOf = (name: LockName) => `${Buffer.from(ADVISORY_LOCKS[name], 'ascii').readInt32BE(0)}, hashtext(current_schema())`;

/**
 * Runs `work` holding the session advisory lock `name` on one pooled connection (PostgreSQL), or straight
 * away on SQLite (one process). `wait`: take turns (`pg_advisory_lock`); `try`: when another process holds
 * it, skip `work` (`pg_try_advisory_lock`) and resolve to undefined.
 */
export async function withAdvisoryLock<T>(db: Knex, name: LockName, mode: 'wait' | 'try', work: () => Promise<T>): Promise<T | undefined> {
  if (dialectOf(db) !== 'postgres') return work();
  const keys = keysOf(name);
  const client = db.client as Knex.Client;
  const connection: unknown = await client.acquireConnection();
  try {
    if (mode === 'wait') await db.raw(`select pg_advisory_lock(${keys})`).connection(connection);
    else {
      const locked = (await db.raw(`select pg_try_advisory_lock(${keys}) as locked`).connection(connection)) as { rows: { locked: boolean }[] };
      if (locked.rows[0]?.locked !== true) return undefined;
    }
    try {
      return await work();
    } finally {
      await db.raw(`select pg_advisory_unlock(${keys})`).connection(connection);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { type LoginThrottle, type LoginThrottleLimits, waitSeconds } from './login-throttle.js';

/**
 * The login throttle on PostgreSQL (decision 191): one row per client address with its failures in the
 * current window, shared by every process on the database. One `insert … on conflict do update` both
 * checks and counts an attempt; PostgreSQL locks the row for it, so concurrent attempts from any process
 * take turns and no burst gets more than the limit.
 */
export function createLoginAttemptStore(db: Knex, clock: Clock, limits: LoginThrottleLimits): LoginThrottle {
  const retryAfterSeconds = async (address: string, now: number) => {
    const row = await db('login_attempts').where({ address }).first<{ failures: number; since: string } | undefined>('failures', 'since');
    return waitSeconds(row && { count: row.failures, since: Number(row.since) }, now, limits);
  };
  return {
    retryAfterSeconds: (address) => retryAfterSeconds(address, clock()),
    async reserve(address) {
      const now = clock();
      const windowStart = now - limits.windowMs;
      const { rows } = await db.raw<{ rows: unknown[] }>(
        `insert into login_attempts (address, failures, since) values (?, 1, ?)
         on conflict (address) do update set
           failures = case when login_attempts.since <= ? then 1 else login_attempts.failures + 1 end,
           since = case when login_attempts.since <= ? then excluded.since else login_attempts.since end
         where login_attempts.since <= ? or login_attempts.failures < ?
         returning 1`,
        [address, now, windowStart, windowStart, windowStart, limits.maxFailures],
      );
      if (rows.length > 0) return 0;
      // Refused. A success may have released the address since; then the wait is over and the client may retry at once.
      return Math.max(1, await retryAfterSeconds(address, now));
    },
    async release(address) {
      await db('login_attempts').where({ address }).delete();
    },
    purgeClosedWindows: () =>
      db('login_attempts')
        .where('since', '<=', clock() - limits.windowMs)
        .delete(),
  };
}

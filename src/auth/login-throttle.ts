import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.js';
import { dialectOf } from '../db/database.js';
import { createLoginAttemptStore } from './login-attempt-store.js';

export interface LoginThrottleLimits {
  /** failed attempts an address may make within one window (`mgmt.max_failed_logins`) */
  readonly maxFailures: number;
  /** the window, from the address's first failure (`mgmt.failed_login_window_secs`) */
  readonly windowMs: number;
}

export interface LoginThrottle {
  /** Seconds the address must wait before its next attempt, or 0 when it may try now; counts nothing. */
  retryAfterSeconds(address: string): Promise<number>;
  /**
   * The one decision on an attempt, taken before its password is checked (decision 191). When the address
   * has attempts left, counts this one as failed and resolves to 0; otherwise counts nothing and resolves to
   * the seconds it must wait. Checking and counting are one step, so a burst of attempts gets no more than
   * the limit between them.
   */
  reserve(address: string): Promise<number>;
  /** The reserved attempt succeeded: forgets the address's failures, this attempt's included. */
  release(address: string): Promise<void>;
  /** Forgets the addresses whose window has closed; a scheduled job calls it. Resolves to how many. */
  purgeClosedWindows(): Promise<number>;
}

/** Seconds the address must wait, given its failures so far in the window that began at `since`. */
export function waitSeconds(failures: { count: number; since: number } | undefined, now: number, limits: LoginThrottleLimits): number {
  if (!failures || now - failures.since >= limits.windowMs || failures.count < limits.maxFailures) return 0;
  return Math.ceil((failures.since + limits.windowMs - now) / 1000);
}

/**
 * The throttle of this deployment: in the database on PostgreSQL, so that every process behind a balancer
 * counts the same attempts; in process on SQLite, which one process serves.
 */
export function createLoginThrottle(db: Knex, clock: Clock, limits: LoginThrottleLimits): LoginThrottle {
  return dialectOf(db) === 'postgres' ? createLoginAttemptStore(db, clock, limits) : createMemoryLoginThrottle(clock, limits);
}

/**
 * Counts attempts per client address in this process. JavaScript runs the check and the count without
 * a pause between them, so concurrent requests take turns. The bounded map cannot be grown without limit
 * by spoofed addresses.
 */
export function createMemoryLoginThrottle(clock: Clock, limits: LoginThrottleLimits): LoginThrottle {
  const failures = new LRUCache<string, { count: number; since: number }>({ max: 10_000 });
  return {
    retryAfterSeconds: (address) => Promise.resolve(waitSeconds(failures.get(address), clock(), limits)),
    reserve(address) {
      const now = clock();
      const entry = failures.get(address);
      const wait = waitSeconds(entry, now, limits);
      if (wait > 0) return Promise.resolve(wait);
      if (!entry || now - entry.since >= limits.windowMs) failures.set(address, { count: 1, since: now });
      else entry.count += 1;
      return Promise.resolve(0);
    },
    release(address) {
      failures.delete(address);
      return Promise.resolve();
    },
    purgeClosedWindows() {
      const windowStart = clock() - limits.windowMs;
      const closed = [...failures.entries()].filter(([, { since }]) => since <= windowStart);
      for (const [address] of closed) failures.delete(address);
      return Promise.resolve(closed.length);
    },
  };
}

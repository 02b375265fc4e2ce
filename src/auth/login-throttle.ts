import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.js';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 5 * 60 * 1000;

export interface LoginThrottle {
  /** Seconds the address must wait before its next attempt, or 0 when it may try now. */
  retryAfterSeconds(address: string): number;
  recordFailure(address: string): void;
  recordSuccess(address: string): void;
}

/**
 * Limits failed operator logins per client address: after {@link MAX_FAILED_LOGINS} failures within
 * {@link FAILED_LOGIN_WINDOW_MS} the address is refused until the window that began with its first
 * failure closes. Kept per process; the bounded map cannot be grown without limit by spoofed addresses.
 */
export function createLoginThrottle(clock: Clock): LoginThrottle {
  const failures = new LRUCache<string, { count: number; since: number }>({ max: 10_000 });
  const current = (address: string) => {
    const entry = failures.get(address);
    if (entry && clock() - entry.since >= FAILED_LOGIN_WINDOW_MS) {
      failures.delete(address);
      return undefined;
    }
    return entry;
  };
  return {
    retryAfterSeconds(address) {
      const entry = current(address);
      if (!entry || entry.count < MAX_FAILED_LOGINS) return 0;
      return Math.ceil((entry.since + FAILED_LOGIN_WINDOW_MS - clock()) / 1000);
    },
    recordFailure(address) {
      const entry = current(address);
      if (entry) entry.count += 1;
      else failures.set(address, { count: 1, since: clock() });
    },
    recordSuccess(address) {
      failures.delete(address);
    },
  };
}

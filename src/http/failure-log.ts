import type { Logger } from 'pino';
import type { Clock } from '../clock.js';

/** Authentication failures of one surface, logged at most once per interval (decision 53). */
export interface FailureLog {
  /**
   * Logs this failure as a warning on `log` (the request's logger), with `fields` and the client's
   * address, when no line was written for the last interval; otherwise only counts it. The line that
   * ends a quiet interval also carries the count of failures left unlogged before it.
   */
  record(log: Logger, clientAddress: string, fields: Readonly<Record<string, unknown>>): void;
  /** Writes the count of unlogged failures once their interval has passed; a scheduled job calls it. */
  flush(): void;
}

/** One line per surface and minute at most: enough to see an attack begin, end and grow (decision 53). */
export const FAILURE_LOG_INTERVAL_MS = 60_000;
/** Distinct addresses counted per interval; a flood from more is reported as at least this many. */
const MAX_ADDRESSES = 10_000;

export interface FailureLogOptions {
  /** `operator` or `device`: the surface named in the lines */
  readonly surface: string;
  readonly intervalMs: number;
  readonly clock: Clock;
  /** for the counts that {@link FailureLog.flush} writes outside any request */
  readonly logger: Logger;
}

/** Anyone can fail to authenticate as often as they like, so one log line per failure would let anyone fill the disk. */
export function createFailureLog({ surface, intervalMs, clock, logger }: FailureLogOptions): FailureLog {
  let lastLineAt: number | undefined;
  let unlogged = 0;
  const addresses = new Set<string>();
  const quiet = (now: number) => lastLineAt === undefined || now - lastLineAt >= intervalMs;
  const takeCount = (now: number) => {
    const count = { failures: unlogged, addresses: addresses.size, since: lastLineAt };
    lastLineAt = now;
    unlogged = 0;
    addresses.clear();
    return count;
  };

  return {
    record(log, clientAddress, fields) {
      const now = clock();
      if (quiet(now)) {
        const count = takeCount(now);
        const earlier = count.failures > 0 ? { unlogged: count } : {};
        log.warn({ ...fields, clientAddress, ...earlier }, `${surface} authentication failed`);
        return;
      }
      unlogged += 1;
      if (addresses.size < MAX_ADDRESSES) addresses.add(clientAddress);
    },

    flush() {
      const now = clock();
      if (unlogged === 0 || !quiet(now)) return;
      const count = takeCount(now);
      const from = count.addresses < MAX_ADDRESSES ? `${count.addresses}` : `at least ${MAX_ADDRESSES}`;
      const seconds = Math.round((now - (count.since ?? now)) / 1000);
      logger.warn({ unlogged: count }, `${count.failures} more ${surface} authentication failures in the last ${seconds} s (from ${from} addresses)`);
    },
  };
}

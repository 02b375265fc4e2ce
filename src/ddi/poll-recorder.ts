import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { deviceStore } from './device-store.js';
import { POLL_FLUSH_CHUNK } from '../db/chunks.js';

/** More pending poll times than this are written at once instead of waiting for the next flush. */
const MAX_PENDING = 10_000;

export interface PollRecorder {
  /** Remembers that the target polled at `at`; written by the next {@link flush}. */
  record(targetId: number, at: number): void;
  /** A poll time not yet written, so that reads can show it. */
  pending(targetId: number): number | undefined;
  /** Drops a pending time that a direct write made obsolete. */
  forget(targetId: number): void;
  /** Writes every pending poll time. */
  flush(): Promise<void>;
}

/**
 * Poll times are the hottest write of the product and matter to nobody within seconds, so they are
 * buffered and written in batches (hawkBit's lazy poll persistence); first contact, status and address
 * changes are written at once by the caller. A write never moves a poll time backwards, so several
 * processes on one database can flush in any order.
 */
export function createPollRecorder(db: Knex, logger: Logger): PollRecorder {
  let buffer = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();

  const write = async (entries: [number, number][]) => {
    // In id order, neighbouring targets share pages: ten times fewer page writes than in poll order.
    entries.sort((a, b) => a[0] - b[0]);
    for (let start = 0; start < entries.length; start += POLL_FLUSH_CHUNK) {
      // One statement, no transaction: on PostgreSQL it skips the rows other transactions hold (a device's
      // report, a rollout's deployment) instead of waiting for them while holding its own (decision 270);
      // those wait for the next flush, unless a newer poll time already does.
      const skipped = await deviceStore.recordPollTimes(db, entries.slice(start, start + POLL_FLUSH_CHUNK));
      for (const [targetId, at] of skipped) if (!buffer.has(targetId)) buffer.set(targetId, at);
      // With SQLite every statement blocks the process: requests get in between the chunks.
      await yieldToEventLoop();
    }
  };
  const flush = () => {
    const entries = [...buffer];
    buffer = new Map();
    // Flushes run one after another: a slow one must not be overtaken by a later, smaller one.
    const run = flushing.then(() => write(entries));
    flushing = run.catch(() => undefined);
    return run;
  };

  return {
    record(targetId, at) {
      buffer.set(targetId, at);
      if (buffer.size >= MAX_PENDING) {
        // Losing poll times costs nothing but a late "last seen"; the device polls again.
        flush().catch((error: unknown) => logger.warn({ err: error }, 'writing poll times failed'));
      }
    },
    pending: (targetId) => buffer.get(targetId),
    forget(targetId) {
      buffer.delete(targetId);
    },
    flush,
  };
}

import type { PollStatus } from './target-model.js';

/** Milliseconds of an `HH:mm:ss` interval (config `ddi.polling_interval`). */
export function intervalMs(hms: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = hms.split(':').map(Number);
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/**
 * hawkBit's poll status: the next poll is expected one interval after the last, and the target is
 * overdue once a further interval has passed without it (hawkBit's overdue time defaults to the interval).
 */
export function pollStatusOf(lastRequestAt: number, interval: number, now: number): PollStatus {
  const nextExpectedRequestAt = lastRequestAt + interval;
  return { lastRequestAt, nextExpectedRequestAt, overdue: now > nextExpectedRequestAt + interval };
}

import type { PollStatus } from './target-model.js';

/**
 * hawkBit's poll status: the next poll is expected one interval after the last, and the target is
 * overdue once a further interval has passed without it (hawkBit's overdue time defaults to the interval).
 * The interval is the target's own (its polling override's, decision 110), without the random deviation.
 * @param interval milliseconds
 */
export function pollStatusOf(lastRequestAt: number, interval: number, now: number): PollStatus {
  const nextExpectedRequestAt = lastRequestAt + interval;
  return { lastRequestAt, nextExpectedRequestAt, overdue: now > nextExpectedRequestAt + interval };
}

import { describe, expect, it } from 'vitest';
import { pollStatusOf } from './poll-status.js';

describe('poll status', () => {
  it('expects the next poll one interval after the last and is overdue only after a further interval', () => {
    expect(pollStatusOf(1_000, 300_000, 1_000)).toEqual({ lastRequestAt: 1_000, nextExpectedRequestAt: 301_000, overdue: false });
    expect(pollStatusOf(1_000, 300_000, 601_000).overdue).toBe(false);
    expect(pollStatusOf(1_000, 300_000, 601_001).overdue).toBe(true);
  });
});

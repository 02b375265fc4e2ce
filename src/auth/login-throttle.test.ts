import { beforeEach, describe, expect, it } from 'vitest';

import { createMemoryLoginThrottle, type LoginThrottle } from './login-throttle.js';

const ADDRESS = '192.0.2.1';
const OTHER_ADDRESS = '192.0.2.2';
const LIMITS = { maxFailures: 10, windowMs: 300_000 };

describe('createMemoryLoginThrottle', () => {
  let now: number;
  let throttle: LoginThrottle;

  const fail = async (times: number, address = ADDRESS) => {
    for (let i = 0; i < times; i++) expect(await throttle.reserve(address)).toBe(0);
  };

  beforeEach(() => {
    now = 0;
    throttle = createMemoryLoginThrottle(() => now, LIMITS);
  });

  it('lets an unknown address try', async () => {
    expect(await throttle.retryAfterSeconds(ADDRESS)).toBe(0);
    expect(await throttle.reserve(ADDRESS)).toBe(0);
  });

  it('grants the maximum of attempts, then refuses for the rest of the window without counting', async () => {
    await fail(LIMITS.maxFailures);
    expect(await throttle.reserve(ADDRESS)).toBe(300);

    now = 61_500; // 238.5 s left in the window round up to 239
    expect(await throttle.reserve(ADDRESS)).toBe(239);
    expect(await throttle.retryAfterSeconds(ADDRESS)).toBe(239);

    now = LIMITS.windowMs - 1;
    expect(await throttle.reserve(ADDRESS)).toBe(1);
  });

  it('grants no more than the maximum to attempts made at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => throttle.reserve(ADDRESS)));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(LIMITS.maxFailures);
  });

  it('counts the window from the first failure, not the last', async () => {
    await fail(1);
    now = 100_000;
    await fail(LIMITS.maxFailures - 1);

    expect(await throttle.reserve(ADDRESS)).toBe((LIMITS.windowMs - 100_000) / 1000);
  });

  it('keeps addresses independent', async () => {
    await fail(LIMITS.maxFailures);
    await fail(LIMITS.maxFailures - 1, OTHER_ADDRESS);

    expect(await throttle.retryAfterSeconds(ADDRESS)).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds(OTHER_ADDRESS)).toBe(0);
  });

  it('lets the address try again once the window has passed, and counts afresh', async () => {
    await fail(LIMITS.maxFailures);

    now = LIMITS.windowMs;
    await fail(LIMITS.maxFailures);
    expect(await throttle.reserve(ADDRESS)).toBe(LIMITS.windowMs / 1000);
  });

  it('forgets the failures, the released attempt included, on a release', async () => {
    await fail(LIMITS.maxFailures);
    await throttle.release(ADDRESS);

    await fail(LIMITS.maxFailures);
    expect(await throttle.reserve(ADDRESS)).toBeGreaterThan(0);
  });

  it('purges the addresses whose window has closed', async () => {
    await fail(1);
    now = 1000;
    await fail(1, OTHER_ADDRESS);

    now = LIMITS.windowMs;
    expect(await throttle.purgeClosedWindows()).toBe(1);
    now = LIMITS.windowMs + 1000;
    expect(await throttle.purgeClosedWindows()).toBe(1);
  });
});

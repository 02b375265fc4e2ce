import { beforeEach, describe, expect, it } from 'vitest';

import { createLoginThrottle, FAILED_LOGIN_WINDOW_MS, type LoginThrottle, MAX_FAILED_LOGINS } from './login-throttle.js';

const ADDRESS = '192.0.2.1';
const OTHER_ADDRESS = '192.0.2.2';

describe('createLoginThrottle', () => {
  let now: number;
  let throttle: LoginThrottle;

  const fail = (times: number, address = ADDRESS) => {
    for (let i = 0; i < times; i++) throttle.recordFailure(address);
  };

  beforeEach(() => {
    now = 0;
    throttle = createLoginThrottle(() => now);
  });

  it('lets an unknown address try', () => {
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(0);
  });

  it('lets an address try after fewer than the maximum failures', () => {
    fail(MAX_FAILED_LOGINS - 1);

    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(0);
  });

  it('refuses an address for the rest of the window after the maximum failures', () => {
    fail(MAX_FAILED_LOGINS);
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(FAILED_LOGIN_WINDOW_MS / 1000);

    now = 61_500; // 238.5 s left in the window round up to 239
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(FAILED_LOGIN_WINDOW_MS / 1000 - 61);

    now = FAILED_LOGIN_WINDOW_MS - 1;
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(1);
  });

  it('counts the window from the first failure, not the last', () => {
    fail(1);
    now = 100_000;
    fail(MAX_FAILED_LOGINS - 1);

    expect(throttle.retryAfterSeconds(ADDRESS)).toBe((FAILED_LOGIN_WINDOW_MS - 100_000) / 1000);
  });

  it('keeps addresses independent', () => {
    fail(MAX_FAILED_LOGINS);
    fail(MAX_FAILED_LOGINS - 1, OTHER_ADDRESS);

    expect(throttle.retryAfterSeconds(ADDRESS)).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(OTHER_ADDRESS)).toBe(0);
  });

  it('lets the address try again once the window has passed, and counts afresh', () => {
    fail(MAX_FAILED_LOGINS);

    now = FAILED_LOGIN_WINDOW_MS;
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(0);

    fail(MAX_FAILED_LOGINS - 1);
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(0);

    fail(1);
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(FAILED_LOGIN_WINDOW_MS / 1000);
  });

  it('forgets earlier failures after a success', () => {
    fail(MAX_FAILED_LOGINS - 1);
    throttle.recordSuccess(ADDRESS);

    fail(MAX_FAILED_LOGINS - 1);
    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(0);

    fail(1);
    expect(throttle.retryAfterSeconds(ADDRESS)).toBeGreaterThan(0);
  });

  it('lifts a refusal after a success', () => {
    fail(MAX_FAILED_LOGINS);
    throttle.recordSuccess(ADDRESS);

    expect(throttle.retryAfterSeconds(ADDRESS)).toBe(0);
  });
});

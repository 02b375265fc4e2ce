import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WakeScheduler } from './scheduler.js';

describe('wake-up scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wakes items in time order, ties in scheduling order, with one timer', () => {
    const woken: string[] = [];
    const scheduler = new WakeScheduler<string>(
      (item) => woken.push(item),
      () => Date.now(),
    );
    for (const [item, delay] of [
      ['c', 30],
      ['a', 10],
      ['b', 20],
      ['a2', 10],
      ['now', 0],
    ] as const)
      scheduler.schedule(item, delay);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(15);
    expect(woken).toEqual(['now', 'a', 'a2']);
    vi.advanceTimersByTime(20);
    expect(woken).toEqual(['now', 'a', 'a2', 'b', 'c']);
    expect(scheduler.size).toBe(0);
  });

  it('re-arms for an item due before the armed one', () => {
    const woken: number[] = [];
    const scheduler = new WakeScheduler<number>(
      (item) => woken.push(item),
      () => Date.now(),
    );
    scheduler.schedule(1, 1000);
    scheduler.schedule(2, 10);
    vi.advanceTimersByTime(10);
    expect(woken).toEqual([2]);
    vi.advanceTimersByTime(990);
    expect(woken).toEqual([2, 1]);
  });

  it('keeps 10,000 items in order', () => {
    const woken: number[] = [];
    const scheduler = new WakeScheduler<number>(
      (item) => woken.push(item),
      () => Date.now(),
    );
    const delays = Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 10_007);
    delays.forEach((delay) => scheduler.schedule(delay, delay));
    vi.advanceTimersByTime(10_007);
    expect(woken).toEqual([...delays].sort((a, b) => a - b));
  });

  it('drops pending items and ignores new ones once stopped', () => {
    const woken: number[] = [];
    const scheduler = new WakeScheduler<number>(
      (item) => woken.push(item),
      () => Date.now(),
    );
    scheduler.schedule(1, 10);
    scheduler.stop();
    scheduler.schedule(2, 10);
    vi.advanceTimersByTime(100);
    expect(woken).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

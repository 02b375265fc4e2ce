import { describe, expect, it } from 'vitest';
import { hms, jitteredSeconds, parsePollingInterval } from './polling-interval.js';

describe('parsePollingInterval', () => {
  it.each([
    ['00:05:00', { seconds: 300, jitterPercent: 0 }],
    ['01:00:00~10%', { seconds: 3600, jitterPercent: 10 }],
    ['23:59:59~99%', { seconds: 86399, jitterPercent: 99 }],
    ['00:00:01~0%', { seconds: 1, jitterPercent: 0 }],
  ])('reads %s', (text, interval) => {
    expect(parsePollingInterval(text)).toStrictEqual(interval);
  });

  it.each(['', '5:00', '00:00:00', '24:00:00', '00:60:00', '00:05:00~', '00:05:00~100%', '00:05:00~10', ' 00:05:00', '00:05:00 ~10%', 'PT5M'])(
    'refuses %j',
    (text) => {
      expect(parsePollingInterval(text)).toBeUndefined();
    },
  );
});

describe('jitteredSeconds', () => {
  it('is the interval without deviation', () => {
    expect(jitteredSeconds({ seconds: 300, jitterPercent: 0 }, () => 0)).toBe(300);
  });

  it('spans ±NN % in whole seconds, both ends included', () => {
    const interval = { seconds: 3600, jitterPercent: 10 };
    expect(jitteredSeconds(interval, () => 0)).toBe(3240);
    expect(jitteredSeconds(interval, () => 0.999999)).toBe(3960);
    expect(jitteredSeconds(interval, () => 0.5)).toBe(3600);
  });

  it('stays within [30 s, 23:59:59], and never below an interval under 30 s', () => {
    expect(jitteredSeconds({ seconds: 40, jitterPercent: 50 }, () => 0)).toBe(30);
    expect(jitteredSeconds({ seconds: 86000, jitterPercent: 10 }, () => 0.999999)).toBe(86399);
    expect(jitteredSeconds({ seconds: 20, jitterPercent: 50 }, () => 0)).toBe(20);
    expect(jitteredSeconds({ seconds: 20, jitterPercent: 50 }, () => 0.999999)).toBe(30);
  });

  it('formats as HH:mm:ss', () => {
    expect(hms(3599)).toBe('00:59:59');
    expect(hms(86399)).toBe('23:59:59');
  });
});

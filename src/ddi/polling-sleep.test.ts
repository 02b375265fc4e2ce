import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '../actions/maintenance-window.js';
import { pollingSleep } from './polling-sleep.js';

/** Tuesday 2026-03-10 12:00:00 UTC */
const NOW = Date.parse('2026-03-10T12:00:00Z');
const SECOND = 1000;
const seconds = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
/** daily at 13:00 UTC, for 30 minutes */
const DAILY: MaintenanceWindow = { schedule: '0 0 13 * * ?', duration: '00:30:00', timezone: '+00:00' };

describe('pollingSleep', () => {
  it('is the interval without a window', () => {
    expect(pollingSleep(300, null, NOW)).toBe('00:05:00');
    expect(pollingSleep(300, undefined, NOW)).toBe('00:05:00');
  });

  it.each([
    ['an hour ahead: a third of it', 0, '01:00:00', '00:20:00'],
    ['truncated to whole seconds', 1, '01:00:00', '00:19:59'],
    ['ten hours ahead: never above the interval', -9 * 3600, '01:00:00', '01:00:00'],
    ['60 s ahead: never below 30 s', 3540, '01:00:00', '00:00:30'],
    ['at the start: 30 s', 3600, '01:00:00', '00:00:30'],
    ['an interval below 30 s stays the ceiling', 3540, '00:00:10', '00:00:10'],
    ['open: the interval', 3601, '01:00:00', '01:00:00'],
    ['just closed, next one tomorrow: the interval', 5400, '01:00:00', '01:00:00'],
  ])('window %s', (_case, offsetSeconds, interval, sleep) => {
    expect(pollingSleep(seconds(interval), DAILY, NOW + offsetSeconds * SECOND)).toBe(sleep);
  });

  it('uses the wall clock of the window offset', () => {
    // 13:00 at +02:00 is 11:00 UTC, already past; the next is tomorrow: the interval
    expect(pollingSleep(3600, { ...DAILY, timezone: '+02:00' }, NOW)).toBe('01:00:00');
    // 13:00 at -00:30 is 13:30 UTC: 90 minutes / 3
    expect(pollingSleep(3600, { ...DAILY, timezone: '-00:30' }, NOW)).toBe('00:30:00');
  });

  it('is the interval once the schedule has lapsed', () => {
    expect(pollingSleep(300, { ...DAILY, schedule: '0 0 13 10 3 ? 2026' }, NOW + 2 * 3600 * SECOND)).toBe('00:05:00');
  });
});

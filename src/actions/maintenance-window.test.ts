import { describe, expect, it } from 'vitest';
import { DomainError, ErrorCode } from '../errors.js';
import { isWindowOpen, nextWindowStart, validateMaintenanceWindow, type MaintenanceWindow, type MaintenanceWindowInput } from './maintenance-window.js';

/** Tuesday 2026-03-10 12:00:00 UTC */
const NOW = Date.parse('2026-03-10T12:00:00Z');
const at = (iso: string): number => Date.parse(iso);
const window = (schedule: string, duration = '01:00:00', timezone = '+00:00'): MaintenanceWindow => ({
  schedule,
  duration,
  timezone,
});

function rejection(input: MaintenanceWindowInput, now = NOW): DomainError {
  try {
    validateMaintenanceWindow(input, now);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const domainError = error as DomainError;
    expect(domainError.code).toBe(ErrorCode.maintenanceScheduleInvalid);
    return domainError;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('validateMaintenanceWindow: schedule', () => {
  it.each([
    '0 0 3 * * ?',
    '0 0 3 ? * 1',
    '0 0 3 ? * *',
    '0 0 3 ? * MON-FRI',
    '0 0 3 ? jan mon',
    '0 0/15 * * * ?',
    '0 30 22 ? * 2-6/2',
    '0 0 3 L * ?',
    '0 0 3 15W * ?',
    '0 0 3 ? * 6L',
    '0 0 3 ? * 2#1',
    '0 0 3 ? * L',
    '  0  0 3 * * ?  ',
  ])('accepts the six-field %j', (schedule) => {
    expect(() => validateMaintenanceWindow(window(schedule), NOW)).not.toThrow();
  });

  it.each([
    '0 0 3 * * ? *',
    '0 0 3 * * ? 2026',
    '0 0 3 * * ? 2027',
    '0 0 3 * * ? 2025-2028',
    '0 0 3 * * ? 2020,2030',
    '0 0 3 * * ? 2024/2',
    '0 0 3 * * ? 2099',
  ])('accepts the seven-field %j', (schedule) => {
    expect(() => validateMaintenanceWindow(window(schedule), NOW)).not.toThrow();
  });

  it('rejects a five-field schedule, saying so', () => {
    expect(rejection(window('0 3 * * ?')).message).toMatch(/five fields.*seconds field/);
  });

  it.each([
    ['garbage', /1 field/],
    ['', /missing: schedule/],
    ['0 0 3 * * ? 2026 1', /8 field/],
    ['2030-01-23T00:00:00', /1 field/],
    ['@daily', /1 field/],
    ['0 0 3 * * *', /exactly one of day-of-month and day-of-week must be '\?'/],
    ['0 0 3 1 * 2', /exactly one of day-of-month and day-of-week/],
    ['0 0 3 ? * ?', /exactly one of day-of-month and day-of-week/],
    ['? 0 3 * * ?', /'\?' is allowed only in day-of-month and day-of-week, not in second/],
    ['0 0 3 ? * 0', /day-of-week 0 is out of range/],
    ['0 0 3 ? * 8', /day-of-week 8 is out of range/],
    ['0 0 3 ? * 2-8', /day-of-week 8 is out of range/],
    ['0 0 3 ? * +2', /day-of-week field "\+2" is malformed/],
    ['0 0 3 ? * 6#L', /'#L' in day-of-week is not Quartz/],
    ['0 0 24 * * ?', /hour 24 is out of range 0–23/],
    ['60 0 3 * * ?', /second 60 is out of range 0–59/],
    ['0 0 3 32 * ?', /day-of-month 32 is out of range 1–31/],
    ['0 0 3 * 13 ?', /month 13 is out of range 1–12/],
    ['0 0 3 ? * 1-7/0', /not a valid Quartz cron expression/],
    ['0 0 3 ? * FOO', /not a valid Quartz cron expression/],
    ['0 0 3 L-3 * ?', /not a valid Quartz cron expression/],
    ['0 0 3 * * ? 1969', /year 1969 is out of range 1970–2099/],
    ['0 0 3 * * ? 2100', /year 2100 is out of range/],
    ['0 0 3 * * ? 2:00', /year field "2:00" is malformed/],
  ])('rejects %j', (schedule, message) => {
    const error = rejection(window(schedule));
    expect(error.message).toMatch(message);
  });

  it('names the schedule in the message', () => {
    expect(rejection(window('0 0 3 * * *')).message).toContain('"0 0 3 * * *"');
  });

  it.each(['0 0 3 * * ? 2025', '0 0 3 * * ? 2020,2024', '0 0 3 * * ? 2020-2025'])('rejects %j, pinned to a year already past', (schedule) => {
    expect(rejection(window(schedule)).message).toMatch(/pinned to a year already past/);
  });

  it('rejects a schedule whose last window of the current year has gone by', () => {
    expect(rejection(window('0 0 3 1 1 ? 2026')).message).toMatch(/no maintenance window after the current time/);
  });

  it('rejects a schedule that never fires', () => {
    expect(rejection(window('0 0 3 30 2 ?')).message).toMatch(/no maintenance window after the current time/);
  });

  it('accepts the last window of a year while it is still open', () => {
    const lastOne = window('0 0 3 10 3 ? 2026', '01:00:00');
    expect(() => validateMaintenanceWindow(lastOne, at('2026-03-10T03:30:00Z'))).not.toThrow();
    expect(rejection(lastOne, at('2026-03-10T04:00:00Z')).message).toMatch(/no maintenance window/);
  });

  it('judges "a year already past" on the wall clock of the offset', () => {
    // 2026-12-31 23:30 UTC is already 2027 in +02:00
    const schedule = window('0 0 3 * * ? 2026', '01:00:00', '+02:00');
    expect(rejection(schedule, at('2026-12-31T23:30:00Z')).message).toMatch(/pinned to a year already past/);
  });
});

describe('validateMaintenanceWindow: duration and timezone', () => {
  it.each(['00:30:00', '00:00:01', '23:59:59', '01:00:00'])('accepts the duration %j', (duration) => {
    expect(() => validateMaintenanceWindow(window('0 0 3 * * ?', duration), NOW)).not.toThrow();
  });

  it.each(['24:00:00', '1:00:00', '00:60:00', '00:00:60', '00:30', '00:30:00.5', 'PT30M', ' 00:30:00'])('rejects the duration %j', (duration) => {
    expect(rejection(window('0 0 3 * * ?', duration)).message).toMatch(/duration .* is not HH:mm:ss/);
  });

  it('rejects a zero duration', () => {
    expect(rejection(window('0 0 3 * * ?', '00:00:00')).message).toMatch(/more than zero/);
  });

  it.each(['+01:00', '-05:30', '+00:00', '-00:00', '+18:00', '-18:00', '+14:45'])('accepts the offset %j', (timezone) => {
    expect(() => validateMaintenanceWindow(window('0 0 3 * * ?', '01:00:00', timezone), NOW)).not.toThrow();
  });

  it.each(['+1:00', '01:00', 'UTC', 'Z', 'Europe/Berlin', '+01:60', '+0100', '+01'])('rejects the offset %j', (timezone) => {
    expect(rejection(window('0 0 3 * * ?', '01:00:00', timezone)).message).toMatch(/not a UTC offset ±HH:mm/);
  });

  it.each(['+19:00', '-18:01'])('rejects the offset %j beyond ±18:00', (timezone) => {
    expect(rejection(window('0 0 3 * * ?', '01:00:00', timezone)).message).toMatch(/beyond ±18:00/);
  });
});

describe('validateMaintenanceWindow: all three or none', () => {
  it('accepts no window at all', () => {
    expect(() => validateMaintenanceWindow({}, NOW)).not.toThrow();
    expect(() => validateMaintenanceWindow({ schedule: null, duration: '', timezone: undefined }, NOW)).not.toThrow();
  });

  it.each<[MaintenanceWindowInput, string]>([
    [{ schedule: '0 0 3 * * ?' }, 'duration, timezone'],
    [{ duration: '01:00:00' }, 'schedule, timezone'],
    [{ schedule: '0 0 3 * * ?', duration: '01:00:00' }, 'timezone'],
    [{ schedule: '0 0 3 * * ?', duration: '01:00:00', timezone: '' }, 'timezone'],
    [{ schedule: null, duration: '01:00:00', timezone: '+00:00' }, 'schedule'],
  ])('rejects the partial window %j', (input, missing) => {
    expect(rejection(input).message).toContain(`missing: ${missing}`);
  });
});

describe('weekday numbering (Quartz: 1=Sunday … 7=Saturday)', () => {
  it('fires 1 on Sunday at 03:00', () => {
    const start = nextWindowStart(window('0 0 3 ? * 1'), NOW);
    expect(start).toBe(at('2026-03-15T03:00:00Z'));
    expect(new Date(start ?? 0).getUTCDay()).toBe(0);
  });

  it('fires 7 on Saturday, and so does L alone', () => {
    expect(nextWindowStart(window('0 0 3 ? * 7'), NOW)).toBe(at('2026-03-14T03:00:00Z'));
    expect(nextWindowStart(window('0 0 3 ? * SAT'), NOW)).toBe(at('2026-03-14T03:00:00Z'));
    expect(nextWindowStart(window('0 0 3 ? * L'), NOW)).toBe(at('2026-03-14T03:00:00Z'));
  });

  it('fires MON-FRI on weekdays only', () => {
    expect(nextWindowStart(window('0 0 3 ? * MON-FRI'), NOW)).toBe(at('2026-03-11T03:00:00Z'));
    // from Friday noon the next one is Monday
    expect(nextWindowStart(window('0 0 3 ? * MON-FRI'), at('2026-03-13T12:00:00Z'))).toBe(at('2026-03-16T03:00:00Z'));
    expect(nextWindowStart(window('0 0 3 ? * 2-6'), at('2026-03-13T12:00:00Z'))).toBe(at('2026-03-16T03:00:00Z'));
  });

  it('reads 6L as the last Friday and 2#1 as the first Monday of the month', () => {
    expect(nextWindowStart(window('0 0 3 ? * 6L'), NOW)).toBe(at('2026-03-27T03:00:00Z'));
    expect(nextWindowStart(window('0 0 3 ? * 2#1'), NOW)).toBe(at('2026-04-06T03:00:00Z'));
  });

  it('takes the weekday on the wall clock of the offset', () => {
    // Sunday 03:00 at +05:00 is Saturday 22:00 UTC
    expect(nextWindowStart(window('0 0 3 ? * 1', '01:00:00', '+05:00'), NOW)).toBe(at('2026-03-14T22:00:00Z'));
  });

  it('reads 0/15 as every quarter hour', () => {
    expect(nextWindowStart(window('0 0/15 * * * ?', '00:05:00'), at('2026-03-10T12:07:00Z'))).toBe(at('2026-03-10T12:15:00Z'));
  });
});

describe('years', () => {
  it('waits for a future year', () => {
    expect(nextWindowStart(window('0 0 3 * * ? 2027'), NOW)).toBe(at('2027-01-01T03:00:00Z'));
  });

  it('follows year ranges and lists', () => {
    expect(nextWindowStart(window('0 0 3 * * ? 2025-2028'), NOW)).toBe(at('2026-03-11T03:00:00Z'));
    expect(nextWindowStart(window('0 0 3 * * ? 2020,2029'), NOW)).toBe(at('2029-01-01T03:00:00Z'));
    expect(nextWindowStart(window('0 0 3 1 1 ? 2026,2028'), NOW)).toBe(at('2028-01-01T03:00:00Z'));
  });

  it('has no window once its years are past: undefined and closed', () => {
    const lapsed = window('0 0 3 * * ? 2025');
    expect(nextWindowStart(lapsed, NOW)).toBeUndefined();
    expect(isWindowOpen(lapsed, NOW)).toBe(false);
  });

  it('lapses after the last window of its last year closes', () => {
    const lastOne = window('0 0 3 10 3 ? 2026', '01:00:00');
    expect(isWindowOpen(lastOne, at('2026-03-10T03:30:00Z'))).toBe(true);
    expect(nextWindowStart(lastOne, at('2026-03-10T04:00:00Z'))).toBeUndefined();
    expect(isWindowOpen(lastOne, at('2026-03-10T04:00:00Z'))).toBe(false);
  });
});

describe('window evaluation (daily 03:00 for one hour)', () => {
  const daily = window('0 0 3 * * ?', '01:00:00', '+00:00');

  it('is closed before the window and points at the upcoming start', () => {
    const now = at('2026-03-10T02:00:00Z');
    expect(isWindowOpen(daily, now)).toBe(false);
    expect(nextWindowStart(daily, now)).toBe(at('2026-03-10T03:00:00Z'));
  });

  it('is open inside the window and points at the current start', () => {
    for (const now of [at('2026-03-10T03:00:00.001Z'), at('2026-03-10T03:30:00Z'), at('2026-03-10T03:59:59.999Z')]) {
      expect(isWindowOpen(daily, now)).toBe(true);
      expect(nextWindowStart(daily, now)).toBe(at('2026-03-10T03:00:00Z'));
    }
  });

  it('is closed exactly at the start (strict)', () => {
    const now = at('2026-03-10T03:00:00Z');
    expect(isWindowOpen(daily, now)).toBe(false);
    expect(nextWindowStart(daily, now)).toBe(now);
  });

  it('is closed exactly at the end (strict) and then points at the next day', () => {
    const now = at('2026-03-10T04:00:00Z');
    expect(isWindowOpen(daily, now)).toBe(false);
    expect(nextWindowStart(daily, now)).toBe(at('2026-03-11T03:00:00Z'));
  });

  it('is closed after the window and points at the next day', () => {
    expect(isWindowOpen(daily, NOW)).toBe(false);
    expect(nextWindowStart(daily, NOW)).toBe(at('2026-03-11T03:00:00Z'));
  });

  it('evaluates the schedule on the wall clock of the offset', () => {
    const plusTwo = window('0 0 3 * * ?', '01:00:00', '+02:00');
    expect(nextWindowStart(plusTwo, at('2026-03-10T00:00:00Z'))).toBe(at('2026-03-10T01:00:00Z'));
    expect(isWindowOpen(plusTwo, at('2026-03-10T01:30:00Z'))).toBe(true);
    expect(isWindowOpen(plusTwo, at('2026-03-10T03:30:00Z'))).toBe(false);

    const minusFiveThirty = window('0 0 3 * * ?', '01:00:00', '-05:30');
    expect(nextWindowStart(minusFiveThirty, NOW)).toBe(at('2026-03-11T08:30:00Z'));
    expect(isWindowOpen(minusFiveThirty, at('2026-03-11T09:00:00Z'))).toBe(true);
  });

  it('handles offsets beyond croner’s own ±14:30 limit', () => {
    expect(nextWindowStart(window('0 0 3 * * ?', '01:00:00', '+18:00'), NOW)).toBe(at('2026-03-11T09:00:00Z'));
    expect(nextWindowStart(window('0 0 3 * * ?', '01:00:00', '-18:00'), NOW)).toBe(at('2026-03-10T21:00:00Z'));
  });

  it('spans midnight', () => {
    const lateNight = window('0 0 23 * * ?', '02:00:00');
    expect(isWindowOpen(lateNight, at('2026-03-11T00:30:00Z'))).toBe(true);
    expect(nextWindowStart(lateNight, at('2026-03-11T00:30:00Z'))).toBe(at('2026-03-10T23:00:00Z'));
  });

  it('evaluates the same window repeatedly to the same answers (compiled schedules are reused)', () => {
    for (let i = 0; i < 3; i++) {
      expect(nextWindowStart(daily, NOW)).toBe(at('2026-03-11T03:00:00Z'));
    }
  });

  it('stays correct when more schedules are in use than it keeps compiled', () => {
    for (let minute = 0; minute < 60; minute++) {
      expect(nextWindowStart(window(`0 ${minute} 3 * * ?`), NOW)).toBe(at('2026-03-11T03:00:00Z') + minute * 60_000);
    }
    expect(nextWindowStart(window('0 0 3 * * ?'), NOW)).toBe(at('2026-03-11T03:00:00Z'));
  });

  it('throws on a malformed stored window instead of treating it as lapsed', () => {
    expect(() => nextWindowStart(window('0 0 3 * *'), NOW)).toThrow(DomainError);
    expect(() => isWindowOpen(window('0 0 3 * * ?', '25:00:00'), NOW)).toThrow(DomainError);
    expect(() => isWindowOpen(window('0 0 3 * * ?', '01:00:00', 'UTC'), NOW)).toThrow(DomainError);
  });
});

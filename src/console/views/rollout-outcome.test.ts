import { describe, expect, it } from 'vitest';
import type { Schemas } from '../api';
import { durationMs, outcomeOf, overdueAfterMs } from './rollout-outcome';

// The outcome line's counts from the facts that say them: the rollout's counts, and for each open action
// whether its device polled since the assignment (issue 31: two devices that never came online were shown
// as "running", and the finished rollout said nothing of them).
const AT = Date.UTC(2026, 10, 21, 12);
const TEN_MINUTES = 600_000;
const counts = (finished: number, error: number, running: number, rest: Partial<Schemas['TargetCounts']> = {}) => ({
  notstarted: 0,
  scheduled: 0,
  cancelled: 0,
  ...rest,
  running,
  finished,
  error,
});
const rollout = (totalTargets: number, perStatus: Schemas['TargetCounts']) => ({ id: 7, totalTargets, totalTargetsPerStatus: perStatus }) as Schemas['Rollout'];
const open = (controllerId: string, createdAt: number, lastPollAt: number | undefined) => ({
  action: { createdAt, _links: { target: { href: `http://h/rest/v1/targets/${controllerId}` } } } as unknown as Schemas['Action'],
  lastPollAt,
});

describe('outcomeOf', () => {
  const cases: [string, Parameters<typeof outcomeOf>, Partial<ReturnType<typeof outcomeOf>>][] = [
    ['all updated', [rollout(3, counts(3, 0, 0)), [], AT, TEN_MINUTES], { total: 3, updated: 3, failed: 0, running: 0, silent: [] }],
    [
      '43 updated, 5 failed, 2 never polled since the assignment (one of them never at all), overdue',
      [rollout(50, counts(43, 5, 2)), [open('dev-a', AT, AT - 1000), open('dev-b', AT, undefined)], AT + TEN_MINUTES + 1, TEN_MINUTES],
      {
        updated: 43,
        failed: 5,
        running: 0,
        silent: [
          { controllerId: 'dev-a', overdue: true },
          { controllerId: 'dev-b', overdue: true },
        ],
      },
    ],
    [
      'a device that polled after its assignment is running; a silent one within the overdue time is not overdue',
      [rollout(4, counts(2, 0, 2)), [open('dev-a', AT, AT + 5), open('dev-b', AT, AT - 5)], AT + TEN_MINUTES, TEN_MINUTES],
      { running: 1, silent: [{ controllerId: 'dev-b', overdue: false }] },
    ],
    [
      'groups not started and cancelled actions',
      [rollout(10, counts(2, 1, 0, { scheduled: 4, notstarted: 2, cancelled: 1 })), [], AT, TEN_MINUTES],
      { waiting: 6, cancelled: 1 },
    ],
  ];
  it.each(cases)('%s', (_, args, expected) => expect(outcomeOf(...args)).toMatchObject(expected));
});

describe('overdueAfterMs', () => {
  it.each([
    ['the defaults', { pollingTime: '00:05:00', pollingOverdueTime: '00:05:00' }, 600_000],
    ['a deviation and overrides after the default', { pollingTime: '00:01:00~10%, group==eu -> 00:00:30', pollingOverdueTime: '00:01:00' }, 120_000],
    ['hours', { pollingTime: '01:00:00', pollingOverdueTime: '00:30:00' }, 5_400_000],
  ])('%s', (_, values, expected) => {
    const configs = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value }])) as unknown as Schemas['TenantConfiguration'];
    expect(overdueAfterMs(configs)).toBe(expected);
  });
  it('reads nothing else as a time', () => expect(durationMs(undefined)).toBe(0));
});

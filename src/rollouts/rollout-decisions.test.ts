import { describe, expect, it } from 'vitest';
import { countKeyOf, firstScheduled, groupVerdict, nextGroupToStart, soaked, splitEvenly, startDue, sumCounts, zeroCounts } from './rollout-decisions.js';

const counts = (fields: Partial<ReturnType<typeof zeroCounts>>) => ({ ...zeroCounts(), ...fields });
/** no soak time */
const NONE = { startedAt: 0, soakTime: null, now: 0 };
const HOUR = 3_600_000;

describe('groupVerdict', () => {
  it.each([
    [{ finished: 1, running: 3 }, 4, { success: 50 }, 'continue'],
    [{ finished: 2, running: 2 }, 4, { success: 50 }, 'success'],
    [{ finished: 0, running: 4 }, 4, { success: 0 }, 'success'],
    [{ finished: 3, running: 1 }, 4, { success: 100 }, 'continue'],
    [{ finished: 4 }, 4, { success: 100 }, 'success'],
    [{ error: 1, running: 3 }, 4, { success: 50, error: 25 }, 'continue'],
    [{ error: 2, running: 2 }, 4, { success: 50, error: 25 }, 'error'],
    [{ error: 1, running: 3 }, 4, { success: 50, error: 0 }, 'error'],
    [{ error: 2, finished: 2 }, 4, { success: 50, error: 25 }, 'error'],
    [{}, 0, { success: 100, error: 0 }, 'success'],
    // a dynamic group is measured against its capacity, not the targets that landed in it
    [{ finished: 2, running: 1 }, 10, { success: 50 }, 'continue'],
    // every action closed below the success threshold, the error threshold not tripped (decision 200)
    [{ error: 4 }, 4, { success: 50 }, 'complete'],
    [{ finished: 3, error: 1 }, 4, { success: 100 }, 'complete'],
    [{ finished: 1, cancelled: 2, error: 1 }, 4, { success: 50, error: 25 }, 'complete'],
    [{ finished: 1, notstarted: 3 }, 4, { success: 50 }, 'complete'],
    [{ finished: 1 }, 4, { success: 50 }, 'complete'],
    // a target still to get its action (the group deploying) keeps it open
    [{ finished: 1, scheduled: 3 }, 4, { success: 50 }, 'continue'],
  ] as const)('%j of %i at %j: %s', (fields, capacity, thresholds, verdict) => {
    expect(groupVerdict(counts(fields), capacity, thresholds, NONE)).toBe(verdict);
  });

  it('does not complete the trailing group of a dynamic rollout, which takes more targets', () => {
    expect(groupVerdict(counts({ error: 2 }), 10, { success: 50 }, NONE, false)).toBe('continue');
    expect(groupVerdict(counts({ finished: 5 }), 10, { success: 50 }, NONE, false)).toBe('success');
  });

  it('holds a group that met its success threshold or completed until it has soaked, its errors still watched', () => {
    const started = { startedAt: 1_000, soakTime: HOUR };
    expect(groupVerdict(counts({ finished: 4 }), 4, { success: 50 }, { ...started, now: 1_000 + HOUR - 1 })).toBe('soaking');
    expect(groupVerdict(counts({ finished: 4 }), 4, { success: 50 }, { ...started, now: 1_000 + HOUR })).toBe('success');
    expect(groupVerdict(counts({ finished: 1, error: 3 }), 4, { success: 25, error: 50 }, { ...started, now: 1_000 })).toBe('error');
    expect(groupVerdict(counts({ finished: 1, running: 3 }), 4, { success: 50 }, { ...started, now: 1_000 + HOUR })).toBe('continue');
    expect(groupVerdict(counts({ finished: 1, error: 3 }), 4, { success: 50 }, { ...started, now: 1_000 + HOUR - 1 })).toBe('soaking');
    expect(groupVerdict(counts({ finished: 1, error: 3 }), 4, { success: 50 }, { ...started, now: 1_000 + HOUR })).toBe('complete');
    expect(groupVerdict(counts({}), 0, { success: 100, error: 0 }, { ...started, now: 1_000 })).toBe('soaking');
  });
});

describe('soaked and startDue', () => {
  it.each([
    [{ startedAt: 0, soakTime: null, now: 0 }, true],
    [{ startedAt: null, soakTime: HOUR, now: 0 }, true],
    [{ startedAt: 0, soakTime: HOUR, now: HOUR - 1 }, false],
    [{ startedAt: 0, soakTime: HOUR, now: HOUR }, true],
  ])('%j: %s', (soak, expected) => {
    expect(soaked(soak)).toBe(expected);
  });

  it('starts a scheduled rollout at its start time, not before, and never without one', () => {
    expect(startDue(1_000, 999)).toBe(false);
    expect(startDue(1_000, 1_000)).toBe(true);
    expect(startDue(1_000, 5_000)).toBe(true);
    expect(startDue(null, 5_000)).toBe(false);
  });
});

describe('countKeyOf', () => {
  it.each([
    ['running', 'running', 'running'],
    ['wait_for_confirmation', 'running', 'running'],
    ['canceling', 'stopped', 'running'],
    ['finished', 'running', 'finished'],
    ['downloaded', 'running', 'finished'],
    ['error', 'error', 'error'],
    ['canceled', 'stopped', 'cancelled'],
    [null, 'scheduled', 'scheduled'],
    [null, 'ready', 'notstarted'],
    [null, 'stopped', 'notstarted'],
  ] as const)('%s in a %s group: %s', (action, group, key) => {
    expect(countKeyOf(action, group)).toBe(key);
  });

  it('sums counts', () => {
    expect(sumCounts([counts({ running: 1 }), counts({ running: 2, error: 1 })])).toEqual(counts({ running: 3, error: 1 }));
  });
});

describe('splitEvenly', () => {
  it.each([
    [10, 3, [4, 3, 3]],
    [9, 3, [3, 3, 3]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
  ])('%i targets in %i groups: %j', (targets, groups, sizes) => {
    expect(splitEvenly(targets, groups)).toEqual(sizes);
  });
});

describe('nextGroupToStart', () => {
  it('starts the lowest scheduled group only when none runs', () => {
    expect(
      nextGroupToStart([
        { status: 'finished', position: 1 },
        { status: 'scheduled', position: 3 },
        { status: 'scheduled', position: 2 },
      ]),
    ).toEqual({ status: 'scheduled', position: 2 });
    expect(
      nextGroupToStart([
        { status: 'running', position: 1 },
        { status: 'scheduled', position: 2 },
      ]),
    ).toBeUndefined();
    expect(nextGroupToStart([{ status: 'error', position: 1 }])).toBeUndefined();
  });

  it('triggers the lowest scheduled group even while one runs', () => {
    expect(
      firstScheduled([
        { status: 'running', position: 1 },
        { status: 'scheduled', position: 3 },
        { status: 'scheduled', position: 2 },
      ]),
    ).toEqual({ status: 'scheduled', position: 2 });
    expect(
      firstScheduled([
        { status: 'running', position: 1 },
        { status: 'finished', position: 2 },
      ]),
    ).toBeUndefined();
  });
});

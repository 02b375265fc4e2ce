import { describe, expect, it } from 'vitest';
import { countKeyOf, groupVerdict, nextGroupToStart, splitEvenly, sumCounts, zeroCounts } from './rollout-decisions.js';

const counts = (fields: Partial<ReturnType<typeof zeroCounts>>) => ({ ...zeroCounts(), ...fields });

describe('groupVerdict', () => {
  it.each([
    [{ finished: 1 }, 4, { success: 50 }, 'continue'],
    [{ finished: 2 }, 4, { success: 50 }, 'success'],
    [{ finished: 0 }, 4, { success: 0 }, 'success'],
    [{ finished: 3 }, 4, { success: 100 }, 'continue'],
    [{ finished: 4 }, 4, { success: 100 }, 'success'],
    [{ error: 1 }, 4, { success: 50, error: 25 }, 'continue'],
    [{ error: 2 }, 4, { success: 50, error: 25 }, 'error'],
    [{ error: 1 }, 4, { success: 50, error: 0 }, 'error'],
    [{ error: 4 }, 4, { success: 50 }, 'continue'],
    [{ error: 2, finished: 2 }, 4, { success: 50, error: 25 }, 'error'],
    [{}, 0, { success: 100, error: 0 }, 'success'],
    // a dynamic group is measured against its capacity, not the targets that landed in it
    [{ finished: 2 }, 10, { success: 50 }, 'continue'],
  ] as const)('%j of %i at %j: %s', (fields, capacity, thresholds, verdict) => {
    expect(groupVerdict(counts(fields), capacity, thresholds)).toBe(verdict);
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
    expect(nextGroupToStart([{ status: 'finished', position: 1 }, { status: 'scheduled', position: 3 }, { status: 'scheduled', position: 2 }])).toEqual({ status: 'scheduled', position: 2 });
    expect(nextGroupToStart([{ status: 'running', position: 1 }, { status: 'scheduled', position: 2 }])).toBeUndefined();
    expect(nextGroupToStart([{ status: 'error', position: 1 }])).toBeUndefined();
  });
});

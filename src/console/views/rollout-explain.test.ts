import { describe, expect, it } from 'vitest';
import type { Schemas } from '../api';
import { finishedBelowThreshold } from './rollout-explain';

type Group = Schemas['RolloutGroup'];
type Counts = Group['totalTargetsPerStatus'];

const zero: Counts = { notstarted: 0, scheduled: 0, running: 0, error: 0, finished: 0, cancelled: 0 };

/** A group of capacity 4 as the API shows it, with the given status, success threshold and counts. */
const group = (status: Group['status'], threshold: string, counts: Partial<Counts>): Group =>
  ({
    name: 'group-1',
    status,
    targetCount: 4,
    totalTargets: 4,
    totalTargetsPerStatus: { ...zero, ...counts },
    successCondition: { condition: 'THRESHOLD', expression: threshold },
    successAction: { action: 'NEXTGROUP', expression: '' },
  }) as Group;

describe('finishedBelowThreshold', () => {
  it.each([
    [
      'finished with every action closed below the threshold',
      group('finished', '100', { finished: 2, error: 1, cancelled: 1 }),
      'group-1 finished below its success threshold (2 of 4 successful installs, threshold 100 % of 4): every action closed, 1 failed, 1 cancelled.',
    ],
    [
      'finished with no success at all',
      group('finished', '50', { error: 4 }),
      'group-1 finished below its success threshold (0 of 2 successful installs, threshold 50 % of 4): every action closed, 4 failed, 0 cancelled.',
    ],
    ['finished at its threshold', group('finished', '50', { finished: 2, running: 2 }), undefined],
    ['finished above it', group('finished', '50', { finished: 4 }), undefined],
    ['still running below it', group('running', '100', { finished: 3, running: 1 }), undefined],
    ['errored', group('error', '100', { error: 3, finished: 1 }), undefined],
    ['scheduled', group('scheduled', '100', { scheduled: 4 }), undefined],
  ] as const)('%s', (_case, input, expected) => {
    expect(finishedBelowThreshold(input)).toBe(expected);
  });
});

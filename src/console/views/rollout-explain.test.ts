import { describe, expect, it } from 'vitest';
import type { Schemas } from '../api';
import { formatTime } from '../time';
import { EVALUATOR, explain, finishedBelowThreshold, pauseReason, waitingFor, type OperatorMove, type RolloutFacts } from './rollout-explain';

// Each explanation against the facts it reads: the table of its cases, including the ones that once told the
// wrong story (issue 31: an operator's Pause after a threshold pause and a Resume was blamed on the threshold).
type Group = Schemas['RolloutGroup'];
const AT = Date.UTC(2026, 10, 21, 12);
const counts = (finished: number, error: number, running: number) => ({ notstarted: 0, scheduled: 0, running, finished, error, cancelled: 0 });

function group(name: string, status: Group['status'], overrides: Partial<Group> = {}): Group {
  return {
    id: Number(name.replace(/\D/g, '')),
    name,
    status,
    dynamic: false,
    totalTargets: 10,
    targetCount: 10,
    totalTargetsPerStatus: counts(0, 0, 0),
    successCondition: { condition: 'THRESHOLD', expression: '50' },
    successAction: { action: 'NEXTGROUP', expression: '' },
    errorCondition: { condition: 'THRESHOLD', expression: '10' },
    errorAction: { action: 'PAUSE', expression: '' },
    createdAt: AT,
    createdBy: 'admin',
    lastModifiedAt: AT,
    lastModifiedBy: EVALUATOR,
    _links: {},
    ...overrides,
  };
}

function rollout(status: Schemas['Rollout']['status'], overrides: Partial<Schemas['Rollout']> = {}): Schemas['Rollout'] {
  return { id: 1, name: 'r', status, createdAt: AT, createdBy: 'admin', lastModifiedAt: AT, lastModifiedBy: EVALUATOR, ...overrides } as Schemas['Rollout'];
}

const move = (operation: OperatorMove['operation'], actor = 'ops', at = AT + 60_000): OperatorMove => ({ operation, actor, at });
const errored = group('group-1', 'error', { totalTargetsPerStatus: counts(0, 2, 8) });
const pauseAction = { action: 'PAUSE', expression: '' } as Group['successAction'];

describe('pauseReason', () => {
  const cases: [string, RolloutFacts, string][] = [
    [
      'an operator paused a running rollout',
      { rollout: rollout('paused', { lastModifiedBy: 'ops' }), groups: [group('group-1', 'running')], lastMove: move('pause') },
      `Paused by an operator (ops, ${formatTime(AT + 60_000)}).`,
    ],
    [
      'threshold pause, Resume, then an operator Pause: the operator, though group-1 is still error',
      { rollout: rollout('paused', { lastModifiedBy: 'ops' }), groups: [errored, group('group-2', 'running')], lastMove: move('pause') },
      `Paused by an operator (ops, ${formatTime(AT + 60_000)}).`,
    ],
    [
      'the error threshold paused it, nothing audited',
      { rollout: rollout('paused'), groups: [errored, group('group-2', 'scheduled')], lastMove: undefined },
      'Paused: the error threshold of group-1 was reached (2 failed, threshold 10 % of 10 = more than 1).',
    ],
    [
      'an operator paused and resumed, then the error threshold paused it',
      { rollout: rollout('paused'), groups: [errored, group('group-2', 'scheduled')], lastMove: move('resume') },
      'Paused: the error threshold of group-1 was reached (2 failed, threshold 10 % of 10 = more than 1).',
    ],
    [
      'group-1 errored and was resumed, then group-2 tripped its own threshold: group-2',
      {
        rollout: rollout('paused'),
        groups: [errored, group('group-2', 'error', { totalTargetsPerStatus: counts(1, 3, 6) }), group('group-3', 'scheduled')],
        lastMove: move('resume'),
      },
      'Paused: the error threshold of group-2 was reached (3 failed, threshold 10 % of 10 = more than 1).',
    ],
    [
      'group-1 errored and was resumed, then group-2 succeeded with the success action PAUSE',
      {
        rollout: rollout('paused'),
        groups: [errored, group('group-2', 'finished', { successAction: pauseAction }), group('group-3', 'scheduled')],
        lastMove: move('resume'),
      },
      'Paused: group-2 succeeded and its success action is PAUSE; Resume starts the next group.',
    ],
    [
      'a PAUSE success action with a later group scheduled',
      {
        rollout: rollout('paused'),
        groups: [group('group-1', 'finished', { successAction: pauseAction }), group('group-2', 'scheduled')],
        lastMove: undefined,
      },
      'Paused: group-1 succeeded and its success action is PAUSE; Resume starts the next group.',
    ],
    [
      'the audit entry of the Pause is gone (retention): the rollout was last changed by the operator',
      { rollout: rollout('paused', { lastModifiedBy: 'ops', lastModifiedAt: AT + 5000 }), groups: [errored], lastMove: undefined },
      `Paused by an operator (ops, ${formatTime(AT + 5000)}).`,
    ],
    [
      'the evaluator paused it and no group shows why',
      { rollout: rollout('paused', { lastModifiedAt: AT + 5000 }), groups: [group('group-1', 'running')], lastMove: move('resume') },
      `Paused by the rollout evaluator (${formatTime(AT + 5000)}).`,
    ],
  ];
  it.each(cases)('%s', (_, facts, expected) => {
    expect(pauseReason(facts)).toBe(expected);
    expect(explain(facts)).toEqual([expected]);
  });
});

describe('waitingFor', () => {
  const cases: [string, Group, string][] = [
    [
      'below the success threshold',
      group('group-1', 'running', { totalTargetsPerStatus: counts(2, 0, 8) }),
      'group-1 waits for 3 more successful installs (2 of 5, threshold 50 % of 10).',
    ],
    [
      'at the threshold, soaking',
      group('group-1', 'running', { totalTargetsPerStatus: counts(5, 0, 5), soakTime: '01:00:00' }),
      'group-1 met its success threshold (50 % of 10) and soaks for 01:00:00 from its start before the next group.',
    ],
    [
      'at the threshold, no soak',
      group('group-1', 'running', { totalTargetsPerStatus: counts(6, 0, 4) }),
      'group-1 met its success threshold (50 % of 10); the next evaluation closes it.',
    ],
  ];
  it.each(cases)('%s', (_, subject, expected) => expect(waitingFor(subject)).toBe(expected));
});

describe('explain by status', () => {
  const cases: [string, Schemas['Rollout'], string[]][] = [
    ['waiting for approval, no start time', rollout('waiting_for_approval'), ['Waits for approval; once approved it waits for Start.']],
    [
      'waiting for approval with a start time',
      rollout('waiting_for_approval', { startAt: AT }),
      [`Waits for approval; once approved it starts itself at ${formatTime(AT)}.`],
    ],
    ['ready', rollout('ready'), ['Ready: waits for Start.']],
    ['ready with a start time', rollout('ready', { startAt: AT }), [`Scheduled: starts itself at ${formatTime(AT)}, unless started earlier.`]],
    ['denied with a remark', rollout('approval_denied', { approveDecidedBy: 'qa', approvalRemark: 'wrong set' }), ['Approval denied by qa: wrong set.']],
    ['stopping', rollout('stopping'), ['Stopping: its open actions are being cancelled.']],
    ['stopped', rollout('stopped'), ['Stopped.']],
    ['finished, every target done', rollout('finished', { totalTargets: 10, totalTargetsPerStatus: counts(8, 2, 0) }), ['Finished: every group has run.']],
    [
      'finished with devices still running (a success threshold below 100 %)',
      rollout('finished', { totalTargets: 50, totalTargetsPerStatus: counts(43, 5, 2) }),
      ['Finished: every group has run, but 2 of its 50 targets have not finished their update.'],
    ],
  ];
  it.each(cases)('%s', (_, subject, expected) => expect(explain({ rollout: subject, groups: [], lastMove: undefined })).toEqual(expected));
});

type Counts = Group['totalTargetsPerStatus'];

const zero: Counts = { notstarted: 0, scheduled: 0, running: 0, error: 0, finished: 0, cancelled: 0 };

/** A group of capacity 4 as the API shows it, with the given status, success threshold and counts. */
const closedGroup = (status: Group['status'], threshold: string, counts: Partial<Counts>): Group =>
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
      closedGroup('finished', '100', { finished: 2, error: 1, cancelled: 1 }),
      'group-1 finished below its success threshold (2 of 4 successful installs, threshold 100 % of 4): every action closed, 1 failed, 1 cancelled.',
    ],
    [
      'finished with no success at all',
      closedGroup('finished', '50', { error: 4 }),
      'group-1 finished below its success threshold (0 of 2 successful installs, threshold 50 % of 4): every action closed, 4 failed, 0 cancelled.',
    ],
    ['finished at its threshold', closedGroup('finished', '50', { finished: 2, running: 2 }), undefined],
    ['finished above it', closedGroup('finished', '50', { finished: 4 }), undefined],
    ['still running below it', closedGroup('running', '100', { finished: 3, running: 1 }), undefined],
    ['errored', closedGroup('error', '100', { error: 3, finished: 1 }), undefined],
    ['scheduled', closedGroup('scheduled', '100', { scheduled: 4 }), undefined],
  ] as const)('%s', (_case, input, expected) => {
    expect(finishedBelowThreshold(input)).toBe(expected);
  });
});

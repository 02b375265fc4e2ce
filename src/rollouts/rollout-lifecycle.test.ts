import { readmeStateDiagrams } from '../../test/support/readme-diagrams.js';
import { describe, expect, it } from 'vitest';
import {
  GROUP_STATUSES,
  GROUP_TRANSITIONS,
  nextGroupStatus,
  nextRolloutStatus,
  ROLLOUT_STATUSES,
  ROLLOUT_TRANSITIONS,
  type RolloutEvent,
  type RolloutStatus,
} from './rollout-lifecycle.js';

/** The README's "Rollout lifecycle" table, row by row: [from, event, guards, to]. */
const SPEC_ROWS: readonly (readonly [RolloutStatus | undefined, RolloutEvent, Record<string, boolean>, string])[] = [
  [undefined, 'created', {}, 'ready'],
  [undefined, 'created', { approvalRequired: true }, 'waiting_for_approval'],
  ['waiting_for_approval', 'approved', {}, 'ready'],
  ['waiting_for_approval', 'denied', {}, 'approval_denied'],
  ['ready', 'started', {}, 'running'],
  ['ready', 'scheduledStartReached', {}, 'running'],
  ['ready', 'rescheduled', {}, 'ready'],
  ['waiting_for_approval', 'rescheduled', {}, 'waiting_for_approval'],
  ['running', 'paused', {}, 'paused'],
  ['paused', 'resumed', {}, 'running'],
  ['running', 'errorThresholdReached', {}, 'paused'],
  ['running', 'groupSucceeded', {}, 'running'],
  ['running', 'groupSucceeded', { pauseAfter: true }, 'paused'],
  ['running', 'nextGroupTriggered', {}, 'running'],
  ['finished', 'retried', {}, 'finished'],
  ['running', 'lastGroupFinished', {}, 'finished'],
  ...(['ready', 'waiting_for_approval', 'approval_denied', 'running', 'paused'] as const).flatMap((from) => [
    [from, 'stopRequested', { inFlight: true }, 'stopping'] as const,
    [from, 'stopRequested', {}, 'stopped'] as const,
  ]),
  ['stopping', 'cancelsSettled', {}, 'stopped'],
  ...ROLLOUT_STATUSES.map((from) => [from, 'deleted', {}, 'none'] as const),
];

describe('nextRolloutStatus', () => {
  it.each(SPEC_ROWS)('%s --%s %j--> %s', (from, event, guards, to) => {
    expect(nextRolloutStatus(from, event, guards)).toBe(to);
  });

  const allowed = new Set(SPEC_ROWS.map(([from, event]) => `${from ?? 'none'} ${event}`));
  const refused = [undefined, ...ROLLOUT_STATUSES].flatMap((from) =>
    (Object.keys(ROLLOUT_TRANSITIONS) as RolloutEvent[]).filter((event) => !allowed.has(`${from ?? 'none'} ${event}`)).map((event) => [from, event] as const),
  );
  it.each(refused)('refuses %s --%s-->', (from, event) => {
    expect(nextRolloutStatus(from, event, { inFlight: true, approvalRequired: true, pauseAfter: true })).toBeUndefined();
  });

  it('refuses stop once stopping, stopped or finished, and any move out of stopped but delete', () => {
    for (const from of ['stopping', 'stopped', 'finished'] as const) expect(nextRolloutStatus(from, 'stopRequested')).toBeUndefined();
    const fromStopped = (Object.keys(ROLLOUT_TRANSITIONS) as RolloutEvent[]).filter((event) => nextRolloutStatus('stopped', event) !== undefined);
    expect(fromStopped).toEqual(['deleted']);
  });
});

describe('nextGroupStatus', () => {
  it.each([
    [undefined, 'created', {}, 'ready'],
    [undefined, 'opened', {}, 'running'],
    [undefined, 'opened', { waiting: true }, 'scheduled'],
    ['ready', 'rolloutStarted', {}, 'scheduled'],
    ['scheduled', 'started', {}, 'running'],
    ['scheduled', 'triggered', {}, 'running'],
    ['running', 'succeeded', {}, 'finished'],
    ['running', 'completed', {}, 'finished'],
    ['running', 'errorThresholdReached', {}, 'error'],
    ['ready', 'stopped', {}, 'stopped'],
    ['scheduled', 'stopped', {}, 'stopped'],
    ['running', 'stopped', {}, 'stopped'],
  ] as const)('%s --%s %j--> %s', (from, event, guards, to) => {
    expect(nextGroupStatus(from, event, guards)).toBe(to);
  });

  it('keeps the outcome of finished and errored groups on stop', () => {
    expect(nextGroupStatus('finished', 'stopped')).toBeUndefined();
    expect(nextGroupStatus('error', 'stopped')).toBeUndefined();
  });

  it('has every status reachable', () => {
    const rows = Object.values(GROUP_TRANSITIONS as Readonly<Record<string, Row>>);
    const reached = new Set(rows.flatMap((row) => Object.values(row).flatMap((to) => (typeof to === 'string' ? [to] : Object.values(to)))));
    expect([...reached].sort()).toEqual([...GROUP_STATUSES].sort());
  });
});

type Row = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

function tableEdges(table: Readonly<Record<string, Row>>): string[] {
  return Object.entries(table).flatMap(([event, row]) =>
    Object.entries(row).flatMap(([from, to]) => {
      const source = from === 'none' ? '[*]' : from;
      if (typeof to === 'string') return [`${source} --> ${to === 'none' ? '[*]' : to} : ${event}`];
      return Object.entries(to).map(([guard, target]) => `${source} --> ${target} : ${event} [${guard}]`);
    }),
  );
}

describe('README "Rollout lifecycle" diagrams', () => {
  it('are exactly the edges of ROLLOUT_TRANSITIONS and GROUP_TRANSITIONS', () => {
    const [rollout, group] = readmeStateDiagrams('Rollout lifecycle');
    expect(rollout?.sort()).toEqual(tableEdges(ROLLOUT_TRANSITIONS as Readonly<Record<string, Row>>).sort());
    expect(group?.sort()).toEqual(tableEdges(GROUP_TRANSITIONS as Readonly<Record<string, Row>>).sort());
  });
});

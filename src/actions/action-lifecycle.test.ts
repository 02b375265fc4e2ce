import { readmeStateDiagrams } from '../../test/support/readme-diagrams.js';
import { describe, expect, it } from 'vitest';
import {
  ACTION_EVENTS,
  ACTION_STATUSES,
  ACTION_TRANSITIONS,
  isActive,
  nextActionStatus,
  transitionEntry,
  type ActionEvent,
  type ActionStatus,
} from './action-lifecycle.js';

function next(from: ActionStatus | undefined, event: ActionEvent, confirmationRequired = false) {
  return event === 'assigned' ? nextActionStatus(from, event, { confirmationRequired }) : nextActionStatus(from, event);
}

/** Every allowed move, restated from the README's "Action lifecycle" and decisions 3, 21 and 201: [from, event, to]. */
const ALLOWED: readonly (readonly [ActionStatus, ActionEvent, ActionStatus])[] = [
  ['wait_for_confirmation', 'confirmed', 'running'],
  ['wait_for_confirmation', 'denied', 'wait_for_confirmation'],
  ['running', 'confirmationRevoked', 'wait_for_confirmation'],
  ['wait_for_confirmation', 'autoConfirmActivated', 'running'],
  ['wait_for_confirmation', 'superseded', 'canceled'],
  ['running', 'superseded', 'canceled'],
  ['canceling', 'superseded', 'canceled'],
  ['wait_for_confirmation', 'cancelRequested', 'canceling'],
  ['running', 'cancelRequested', 'canceling'],
  ['wait_for_confirmation', 'forceCanceled', 'canceled'],
  ['running', 'forceCanceled', 'canceled'],
  ['canceling', 'forceCanceled', 'canceled'],
  ['canceling', 'cancelAcknowledged', 'canceled'],
  ['canceling', 'cancelRejected', 'running'],
  ['running', 'installSucceeded', 'finished'],
  ['canceling', 'installSucceeded', 'finished'],
  ['running', 'installFailed', 'error'],
  ['canceling', 'installFailed', 'error'],
  ['running', 'downloadCompleted', 'downloaded'],
];

describe('nextActionStatus', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(next(from, event)).toBe(to);
  });

  it('assigned creates a running action, or one waiting for confirmation', () => {
    expect(nextActionStatus(undefined, 'assigned', { confirmationRequired: false })).toBe('running');
    expect(nextActionStatus(undefined, 'assigned', { confirmationRequired: true })).toBe('wait_for_confirmation');
  });

  it('assignedOffline creates a finished action', () => {
    expect(nextActionStatus(undefined, 'assignedOffline')).toBe('finished');
  });

  const allowed = new Set(ALLOWED.map(([from, event]) => `${from} ${event}`));
  const refused = ACTION_STATUSES.flatMap((from) => ACTION_EVENTS.filter((event) => !allowed.has(`${from} ${event}`)).map((event) => [from, event] as const));

  it.each(refused)('refuses %s --%s-->', (from, event) => {
    expect(next(from, event, false)).toBeUndefined();
    expect(next(from, event, true)).toBeUndefined();
  });

  const CREATION: readonly ActionEvent[] = ['assigned', 'assignedOffline'];
  it.each(ACTION_EVENTS.filter((event) => !CREATION.includes(event)))('refuses %s before the action exists', (event) => {
    expect(next(undefined, event)).toBeUndefined();
  });

  it('never moves a closed action', () => {
    const closed = ACTION_STATUSES.filter((status) => !isActive(status));
    for (const from of closed) for (const event of ACTION_EVENTS) expect(next(from, event)).toBeUndefined();
  });
});

describe('isActive', () => {
  it.each([
    ['wait_for_confirmation', true],
    ['running', true],
    ['canceling', true],
    ['canceled', false],
    ['finished', false],
    ['error', false],
    ['downloaded', false],
  ] as const)('%s: %s', (status, active) => {
    expect(isActive(status)).toBe(active);
  });
});

describe('transitionEntry', () => {
  it.each([
    ['assigned', 'running', { type: 'running' }],
    [
      'assigned',
      'wait_for_confirmation',
      {
        type: 'wait_for_confirmation',
        message: 'Waiting for the confirmation by the device before processing with the deployment',
      },
    ],
    ['assignedOffline', 'finished', { type: 'finished', message: 'Update Server: Action reported as offline deployment' }],
    ['confirmed', 'running', { type: 'running' }],
    ['denied', 'wait_for_confirmation', { type: 'wait_for_confirmation' }],
    ['confirmationRevoked', 'wait_for_confirmation', { type: 'wait_for_confirmation' }],
    ['autoConfirmActivated', 'running', { type: 'running' }],
    ['superseded', 'canceled', { type: 'canceled', message: 'Update Server: close obsolete action due to new update' }],
    ['cancelRequested', 'canceling', { type: 'canceling', message: 'Update Server: manual cancelation requested' }],
    ['forceCanceled', 'canceled', { type: 'canceled', message: 'Update Server: A force quit has been performed.' }],
    ['cancelAcknowledged', 'canceled', { type: 'canceled' }],
    ['cancelRejected', 'running', { type: 'cancel_rejected' }],
    ['installSucceeded', 'finished', { type: 'finished' }],
    ['installFailed', 'error', { type: 'error' }],
    ['downloadCompleted', 'downloaded', { type: 'downloaded' }],
  ] as const)('%s to %s', (event, to, entry) => {
    expect(transitionEntry(event, to)).toEqual(entry);
  });
});

function tableEdges(): string[] {
  return Object.entries(ACTION_TRANSITIONS).flatMap(([event, row]) =>
    Object.entries(row).flatMap(([from, to]: [string, string | Record<string, string>]) => {
      const source = from === 'none' ? '[*]' : from;
      if (typeof to === 'string') return [`${source} --> ${to} : ${event}`];
      return Object.entries(to).map(([guard, target]) => `${source} --> ${target} : ${event} [${guard}]`);
    }),
  );
}

describe('README "Action lifecycle" diagram', () => {
  it('has exactly the edges of ACTION_TRANSITIONS', () => {
    expect((readmeStateDiagrams('Action lifecycle')[0] ?? []).sort()).toEqual(tableEdges().sort());
  });

  it('agrees with the restated moves above', () => {
    const restated = ALLOWED.map(([from, event, to]) => `${from} --> ${to} : ${event}`);
    const guarded = [
      '[*] --> wait_for_confirmation : assigned [confirmationRequired]',
      '[*] --> running : assigned [else]',
      '[*] --> finished : assignedOffline',
    ];
    expect(tableEdges().sort()).toEqual([...restated, ...guarded].sort());
  });
});

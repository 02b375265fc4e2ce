import { describe, expect, it } from 'vitest';
import { nextActionStatus, transitionEntry } from './action-lifecycle.js';
import {
  CANCEL_FEEDBACK,
  CONFIRMATION_FEEDBACK,
  DDI_EXECUTIONS,
  DDI_FINISHED_RESULTS,
  DEPLOYMENT_FEEDBACK,
  cancelFeedback,
  confirmationFeedback,
  deploymentFeedback,
  type FeedbackOutcome,
} from './ddi-feedback.js';
import { ACTION_TYPES } from './deployment-modes.js';

/** The decision without the message text. */
const decision = ({ event, entry }: FeedbackOutcome) => ({ event, entry });

describe('deploymentFeedback (hawkBit postDeploymentBaseActionFeedback)', () => {
  it.each([
    ['closed', 'success', 'soft', { event: 'installSucceeded', entry: 'finished' }],
    ['closed', 'none', 'forced', { event: 'installSucceeded', entry: 'finished' }],
    ['closed', 'failure', 'forced', { event: 'installFailed', entry: 'error' }],
    ['proceeding', 'none', 'forced', { event: undefined, entry: 'running' }],
    ['scheduled', 'none', 'forced', { event: undefined, entry: 'running' }],
    ['resumed', 'none', 'forced', { event: undefined, entry: 'running' }],
    ['download', 'none', 'downloadonly', { event: undefined, entry: 'download' }],
    ['downloaded', 'none', 'downloadonly', { event: 'downloadCompleted', entry: 'downloaded' }],
    ['downloaded', 'success', 'downloadonly', { event: 'downloadCompleted', entry: 'downloaded' }],
    ['downloaded', 'none', 'forced', { event: undefined, entry: 'downloaded' }],
    ['downloaded', 'none', 'soft', { event: undefined, entry: 'downloaded' }],
    ['downloaded', 'none', 'timeforced', { event: undefined, entry: 'downloaded' }],
    ['rejected', 'none', 'forced', { event: undefined, entry: 'warning' }],
    ['canceled', 'success', 'forced', { event: undefined, entry: 'canceled' }],
    ['closed', 'success', 'downloadonly', { event: 'installSucceeded', entry: 'finished' }],
  ] as const)('%s + %s on a %s action', (execution, finished, actionType, expected) => {
    expect(decision(deploymentFeedback({ execution, finished }, actionType))).toEqual(expected);
  });

  it('reads result.finished only for closed, and the action type only for downloaded', () => {
    for (const execution of DDI_EXECUTIONS.filter((e) => e !== 'closed')) {
      for (const finished of DDI_FINISHED_RESULTS) {
        for (const actionType of ACTION_TYPES.filter((t) => execution !== 'downloaded' || t !== 'downloadonly')) {
          expect(deploymentFeedback({ execution, finished }, actionType)).toBe(DEPLOYMENT_FEEDBACK[execution]);
        }
      }
    }
  });
});

describe('cancelFeedback (hawkBit postCancelActionFeedback)', () => {
  it.each([
    ['closed', 'success', { event: 'cancelAcknowledged', entry: 'canceled' }],
    ['closed', 'none', { event: 'cancelAcknowledged', entry: 'canceled' }],
    ['closed', 'failure', { event: 'cancelRejected', entry: 'error' }],
    ['rejected', 'none', { event: 'cancelRejected', entry: 'cancel_rejected' }],
    ['canceled', 'success', { event: undefined, entry: 'warning' }],
    ['proceeding', 'none', { event: undefined, entry: 'running' }],
    ['scheduled', 'none', { event: undefined, entry: 'running' }],
    ['resumed', 'none', { event: undefined, entry: 'running' }],
    ['download', 'none', { event: undefined, entry: 'running' }],
    ['downloaded', 'success', { event: undefined, entry: 'running' }],
  ] as const)('%s + %s', (execution, finished, expected) => {
    expect(decision(cancelFeedback({ execution, finished }))).toEqual(expected);
  });

  it('reads result.finished only for closed', () => {
    for (const execution of DDI_EXECUTIONS.filter((e) => e !== 'closed')) {
      for (const finished of DDI_FINISHED_RESULTS) {
        expect(cancelFeedback({ execution, finished })).toBe(CANCEL_FEEDBACK[execution]);
      }
    }
  });
});

describe('confirmationFeedback (hawkBit postConfirmationActionFeedback)', () => {
  it('confirmed releases the action; denied keeps it waiting, or revokes the confirmation of a running one', () => {
    expect(decision(confirmationFeedback('confirmed', 'wait_for_confirmation'))).toEqual({ event: 'confirmed', entry: 'running' });
    expect(decision(confirmationFeedback('denied', 'wait_for_confirmation'))).toEqual({ event: 'denied', entry: 'wait_for_confirmation' });
    expect(decision(confirmationFeedback('denied', 'running'))).toEqual({ event: 'confirmationRevoked', entry: 'wait_for_confirmation' });
  });
});

/** The status a confirmation row answers: `denied/running` a running action's, the others a waiting one's. */
const confirmationFrom = (key: string) => (key === 'denied/running' ? 'running' : 'wait_for_confirmation');

describe('the feedback tables agree with the lifecycle', () => {
  const deployment: Readonly<Record<string, FeedbackOutcome>> = DEPLOYMENT_FEEDBACK;
  const cancel: Readonly<Record<string, FeedbackOutcome>> = CANCEL_FEEDBACK;

  it('every deployment event is allowed from running, every cancel event from canceling', () => {
    for (const { event } of Object.values(deployment)) {
      if (event !== undefined) expect(nextActionStatus('running', event)).toBeDefined();
    }
    for (const { event } of Object.values(cancel)) {
      if (event !== undefined) expect(nextActionStatus('canceling', event)).toBeDefined();
    }
    for (const [key, { event }] of Object.entries(CONFIRMATION_FEEDBACK)) {
      expect(nextActionStatus(confirmationFrom(key), event)).toBeDefined();
    }
  });

  it("a row's entry is the lifecycle's entry for its event, except a failed cancel (hawkBit records error)", () => {
    const rows: (readonly [string, FeedbackOutcome, 'running' | 'canceling' | 'wait_for_confirmation'])[] = [
      ...Object.entries(deployment).map(([key, row]) => [`deployment ${key}`, row, 'running'] as const),
      ...Object.entries(cancel).map(([key, row]) => [`cancel ${key}`, row, 'canceling'] as const),
      ...Object.entries(CONFIRMATION_FEEDBACK).map(([key, row]) => [`confirmation ${key}`, row, confirmationFrom(key)] as const),
    ];
    for (const [name, { event, entry }, from] of rows) {
      if (event === undefined || name === 'cancel closed/failure') continue;
      const to = nextActionStatus(from, event) ?? from;
      expect(`${name}: ${entry}`).toBe(`${name}: ${transitionEntry(event, to).type}`);
    }
    expect(CANCEL_FEEDBACK['closed/failure'].entry).toBe('error');
  });

  it('server messages carry the "Update Server: " prefix, so DDI actionHistory leaves them out', () => {
    for (const { message } of [...Object.values(deployment), ...Object.values(cancel)]) {
      if (message !== undefined) expect(message).toMatch(/^Update Server: \S/);
    }
  });
});

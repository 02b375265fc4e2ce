/**
 * What a device's DDI feedback does to its action, as tables (hawkBit's DdiRootController, its feedback handlers).
 * A row names the status entry to append and, when the feedback moves the action, the event to apply with
 * `nextActionStatus`; without an event the feedback only appends its entry.
 *
 * The DDI resource checks the action's state first, as hawkBit does: a closed action answers 410 to all three
 * kinds of feedback; deployment feedback while the action waits for confirmation, and confirmation feedback
 * on an action that does not wait, answer 404, except a denial of a running action while the confirmation flow
 * is on (decision 201); cancel feedback on an action that is not canceling answers 405
 * `hawkbit.server.error.action.notCancelable`. Past those checks the only event the lifecycle still refuses is a
 * download-only action's `downloaded` while canceling: the entry is appended and the action stays canceling,
 * so the device is offered the cancel next.
 */
import type { ActionStatus, ActionStatusEntryType, PlainActionEvent } from './action-lifecycle.js';
import type { ActionType } from './deployment-modes.js';

/** `status.execution` of a deployment or cancel feedback body. */
export const DDI_EXECUTIONS = ['closed', 'proceeding', 'canceled', 'scheduled', 'rejected', 'resumed', 'downloaded', 'download'] as const;
export type DdiExecution = (typeof DDI_EXECUTIONS)[number];

/** `status.result.finished` of a deployment or cancel feedback body. */
export const DDI_FINISHED_RESULTS = ['success', 'failure', 'none'] as const;
export type DdiFinishedResult = (typeof DDI_FINISHED_RESULTS)[number];

/** The part of a feedback body the tables read. */
export interface DdiFeedbackStatus {
  readonly execution: DdiExecution;
  readonly finished: DdiFinishedResult;
}

/** `confirmation` of a confirmation feedback body. */
export const DDI_CONFIRMATIONS = ['confirmed', 'denied'] as const;
export type DdiConfirmation = (typeof DDI_CONFIRMATIONS)[number];

/** What one piece of feedback does. */
export interface FeedbackOutcome {
  /** the event to apply; absent: the status stays */
  readonly event?: PlainActionEvent;
  /** the `type` of the status entry appended */
  readonly entry: ActionStatusEntryType;
  /** hawkBit's server text for the entry (when it is added: see each table) */
  readonly message?: string;
}

/** `closed` splits on `result.finished`; every other execution ignores it, as hawkBit does. */
type ResultKey = Exclude<DdiExecution, 'closed'> | `closed/${DdiFinishedResult}`;

const INSTALLED: FeedbackOutcome = {
  event: 'installSucceeded',
  entry: 'finished',
  message: 'Update Server: Target reported CLOSED with OK!',
};
const DOWNLOADED_MESSAGE = 'Update Server: Target confirmed download finished.';

/**
 * `POST deploymentBase/{actionId}/feedback` (hawkBit postDeploymentBaseActionFeedback). `downloaded/downloadonly` is `downloaded` from a
 * download-only action, which closes it; from any other action it is only recorded. The message is added
 * only when the device sent neither `details` nor `code` (hawkBit's addMessageIfEmpty).
 */
export const DEPLOYMENT_FEEDBACK = {
  'closed/success': INSTALLED,
  'closed/none': INSTALLED,
  'closed/failure': {
    event: 'installFailed',
    entry: 'error',
    message: 'Update Server: Target reported CLOSED with ERROR!',
  },
  proceeding: { entry: 'running', message: 'Update Server: Target reported PROCEEDING.' },
  scheduled: { entry: 'running', message: 'Update Server: Target reported SCHEDULED.' },
  resumed: { entry: 'running', message: 'Update Server: Target reported RESUMED.' },
  download: { entry: 'download', message: 'Update Server: Target confirmed download start.' },
  'downloaded/downloadonly': { event: 'downloadCompleted', entry: 'downloaded', message: DOWNLOADED_MESSAGE },
  downloaded: { entry: 'downloaded', message: DOWNLOADED_MESSAGE },
  // a warning only: the action stays active until the operator cancels it or the device reports again
  rejected: { entry: 'warning', message: 'Update Server: Target REJECTED update.' },
  // not a cancel: only cancelAction feedback acknowledges one (hawkBit issue #952)
  canceled: { entry: 'canceled', message: 'Update Server: Target confirmed cancellation.' },
} as const satisfies Readonly<Record<ResultKey | 'downloaded/downloadonly', FeedbackOutcome>>;

const CANCELED: FeedbackOutcome = {
  event: 'cancelAcknowledged',
  entry: 'canceled',
  message: 'Update Server: Cancellation confirmed.',
};
const RUNNING: FeedbackOutcome = { entry: 'running' };

/**
 * `POST cancelAction/{actionId}/feedback` (hawkBit postCancelActionFeedback). Unlike deployment feedback the message is always
 * added, ahead of the device's `details`.
 */
export const CANCEL_FEEDBACK = {
  'closed/success': CANCELED,
  'closed/none': CANCELED,
  'closed/failure': {
    event: 'cancelRejected',
    entry: 'error',
    message: 'Update Server: Target was not able to complete cancellation.',
  },
  rejected: {
    event: 'cancelRejected',
    entry: 'cancel_rejected',
    message: 'Update Server: Target rejected the cancellation request.',
  },
  canceled: {
    entry: 'warning',
    message: 'Update Server: Target reported cancel for a cancel which is not supported by the server.',
  },
  proceeding: RUNNING,
  scheduled: RUNNING,
  resumed: RUNNING,
  downloaded: RUNNING,
  download: RUNNING,
} as const satisfies Readonly<Record<ResultKey, FeedbackOutcome>>;

/**
 * `POST confirmationBase/{actionId}/feedback` (hawkBit postConfirmationActionFeedback): a denial is recorded and
 * the action keeps waiting; `denied/running`, a denial of an action the device had confirmed, revokes that
 * confirmation and the action waits again (decision 201).
 */
export const CONFIRMATION_FEEDBACK = {
  confirmed: { event: 'confirmed', entry: 'running' },
  denied: { event: 'denied', entry: 'wait_for_confirmation' },
  'denied/running': { event: 'confirmationRevoked', entry: 'wait_for_confirmation' },
} as const satisfies Readonly<Record<DdiConfirmation | 'denied/running', FeedbackOutcome>>;

function resultKey({ execution, finished }: DdiFeedbackStatus): ResultKey {
  return execution === 'closed' ? `closed/${finished}` : execution;
}

/** The outcome of deployment feedback on an action of `actionType`. */
export function deploymentFeedback(status: DdiFeedbackStatus, actionType: ActionType): FeedbackOutcome {
  const key = resultKey(status);
  return key === 'downloaded' && actionType === 'downloadonly' ? DEPLOYMENT_FEEDBACK['downloaded/downloadonly'] : DEPLOYMENT_FEEDBACK[key];
}

/** The outcome of cancel feedback. */
export function cancelFeedback(status: DdiFeedbackStatus): FeedbackOutcome {
  return CANCEL_FEEDBACK[resultKey(status)];
}

/** The outcome of confirmation feedback on an action in `status`. */
export function confirmationFeedback(confirmation: DdiConfirmation, status: ActionStatus): FeedbackOutcome {
  return CONFIRMATION_FEEDBACK[confirmation === 'denied' && status === 'running' ? 'denied/running' : confirmation];
}

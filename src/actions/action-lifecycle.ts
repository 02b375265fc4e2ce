/**
 * The action state machine: every status, every event, every allowed move, in one table. Pure data and one
 * decision function; the deployment service and the DDI handlers write `status` only through
 * {@link nextActionStatus}. The README's "Action lifecycle" diagram is checked against the table by a test.
 *
 * The states of the README's "Action lifecycle", with decisions 3 (force cancel is immediate from any active state), 21
 * (a new assignment closes the target's active action as canceled at once, without asking the device) and 201 (a
 * device revokes its confirmation).
 */

/** Action statuses (README "Action lifecycle"); `downloaded` is a finished download-only action. */
export const ACTION_STATUSES = ['wait_for_confirmation', 'running', 'canceling', 'canceled', 'finished', 'error', 'downloaded'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

const ACTIVE_STATUSES: ReadonlySet<ActionStatus> = new Set(['wait_for_confirmation', 'running', 'canceling']);

/** Active: the device still has something to do (mgmt `status: pending`); closed actions never change again. */
export function isActive(status: ActionStatus): boolean {
  return ACTIVE_STATUSES.has(status);
}

/** What `assigned` leads to: the device confirms first (the confirmation flow) or not. */
export interface AssignmentBranches {
  readonly confirmationRequired: ActionStatus;
  readonly else: ActionStatus;
}

/**
 * `ACTION_TRANSITIONS[event][from]` is the status after `event` in `from`; a missing cell is not allowed.
 * `none` is the pseudo-state before the action exists (`[*]` in the diagram).
 */
export const ACTION_TRANSITIONS = {
  assigned: { none: { confirmationRequired: 'wait_for_confirmation', else: 'running' } },
  // an offline assignment records an update made by other means: the action is born closed (hawkBit's
  // OfflineDsAssignmentStrategy)
  assignedOffline: { none: 'finished' },
  confirmed: { wait_for_confirmation: 'running' },
  // hawkBit records the denial and keeps waiting: the device may confirm later, the operator may cancel
  // (hawkBit issue #1667)
  denied: { wait_for_confirmation: 'wait_for_confirmation' },
  // with the confirmation flow on, a device that confirmed revokes its consent before installing: the action
  // waits for its confirmation again (hawkBit's JpaConfirmationManagement.denyAction, decision 201)
  confirmationRevoked: { running: 'wait_for_confirmation' },
  autoConfirmActivated: { wait_for_confirmation: 'running' },
  superseded: { wait_for_confirmation: 'canceled', running: 'canceled', canceling: 'canceled' },
  cancelRequested: { wait_for_confirmation: 'canceling', running: 'canceling' },
  forceCanceled: { wait_for_confirmation: 'canceled', running: 'canceled', canceling: 'canceled' },
  cancelAcknowledged: { canceling: 'canceled' },
  cancelRejected: { canceling: 'running' },
  // a device may finish the update before it sees the cancel request; its outcome wins (hawkBit does the same)
  installSucceeded: { running: 'finished', canceling: 'finished' },
  installFailed: { running: 'error', canceling: 'error' },
  downloadCompleted: { running: 'downloaded' },
} as const satisfies Readonly<Record<string, Partial<Readonly<Record<ActionStatus, ActionStatus>>> | { none: AssignmentBranches | ActionStatus }>>;

export type ActionEvent = keyof typeof ACTION_TRANSITIONS;
export const ACTION_EVENTS = Object.keys(ACTION_TRANSITIONS) as readonly ActionEvent[];
/** Every event but `assigned`, which carries {@link AssignmentGuard} input. */
export type PlainActionEvent = Exclude<ActionEvent, 'assigned'>;
/** The events that create an action (from `[*]`); the others move an existing one. */
export type CreationEvent = 'assigned' | 'assignedOffline';

/**
 * Guard input of `assigned`: true when the confirmation flow is on (config `ddi.confirmation_flow`, or the
 * assignment's `confirmationRequired`) and the target does not auto-confirm.
 */
export interface AssignmentGuard {
  readonly confirmationRequired: boolean;
}

/**
 * The status after `event` in `from` (`undefined`: the action does not exist yet), or `undefined` when the
 * table does not allow the move. Callers turn a refusal into hawkBit's answer:
 * - `cancelRequested` on a closed or canceling action: 405 `hawkbit.server.error.action.notCancelable`;
 *   `forceCanceled` on a closed action: 405 too (hawkBit's key for it: `hawkbit.server.error.action.notForceQuitable`);
 * - device feedback (deployment, cancel or confirmation) on a closed action: 410 Gone; feedback on an active
 *   action in another state than the one it answers is covered in `ddi-feedback.ts`.
 */
export function nextActionStatus(from: ActionStatus | undefined, event: 'assigned', guard: AssignmentGuard): ActionStatus | undefined;
export function nextActionStatus(from: ActionStatus | undefined, event: PlainActionEvent): ActionStatus | undefined;
export function nextActionStatus(from: ActionStatus | undefined, event: ActionEvent, guard?: AssignmentGuard): ActionStatus | undefined {
  const row: Partial<Record<ActionStatus | 'none', ActionStatus | AssignmentBranches>> = ACTION_TRANSITIONS[event];
  const to = row[from ?? 'none'];
  if (typeof to !== 'object') return to;
  return guard?.confirmationRequired === true ? to.confirmationRequired : to.else;
}

/** hawkBit's action status names (`Action.Status`, lower-cased): the `type` of an action status entry. */
export const ACTION_STATUS_ENTRY_TYPES = [
  'finished',
  'error',
  'warning',
  'running',
  'canceled',
  'canceling',
  'retrieved',
  'download',
  'scheduled',
  'cancel_rejected',
  'downloaded',
  'wait_for_confirmation',
] as const;
export type ActionStatusEntryType = (typeof ACTION_STATUS_ENTRY_TYPES)[number];

/** The status entry a transition appends (one entry for each transition, as hawkBit's action status history). */
export interface TransitionEntry {
  readonly type: ActionStatusEntryType;
  /** hawkBit's server text; messages starting with "Update Server: " are hidden from DDI `actionHistory` */
  readonly message?: string;
}

/** Entry types that differ from the new status. */
const ENTRY_TYPES: Partial<Record<ActionEvent, ActionStatusEntryType>> = { cancelRejected: 'cancel_rejected' };

/** hawkBit's messages for the transitions the server makes itself, by event and new status. */
const SERVER_MESSAGES: Partial<Record<ActionEvent, Partial<Record<ActionStatus, string>>>> = {
  assigned: {
    wait_for_confirmation: 'Waiting for the confirmation by the device before processing with the deployment',
  },
  assignedOffline: { finished: 'Update Server: Action reported as offline deployment' },
  // hawkBit's autoclose (OnlineDsAssignmentStrategy.closeObsoleteUpdateActions)
  superseded: { canceled: 'Update Server: close obsolete action due to new update' },
  cancelRequested: { canceling: 'Update Server: manual cancelation requested' },
  forceCanceled: { canceled: 'Update Server: A force quit has been performed.' },
};

/**
 * The entry recording the move to `to` by `event`: its type is the new status (`cancelRejected` records
 * `cancel_rejected`). Device feedback records the entry its feedback table names instead
 * (`ddi-feedback.ts`), which agrees except where hawkBit records `error` for a failed cancel.
 */
export function transitionEntry(event: ActionEvent, to: ActionStatus): TransitionEntry {
  const type = ENTRY_TYPES[event] ?? to;
  const message = SERVER_MESSAGES[event]?.[to];
  return message === undefined ? { type } : { type, message };
}

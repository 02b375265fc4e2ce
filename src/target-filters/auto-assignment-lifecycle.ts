/**
 * The auto-assignment state machine (hawkBit master's AutoAssignment.AutoAssignStatus and
 * JpaAutoAssignmentManagement): every status, every event, every allowed move in one table, and the
 * guard that refuses the others with 409 `hawkbit.server.error.auto.assignment.illegalState`. The README's
 * "Target filters and auto-assignment" repeats the table.
 */
import type { Audit } from '../db/audit.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { AutoAssignActionType } from './target-filter.js';

export const AUTO_ASSIGNMENT_STATUSES = ['waiting_for_approval', 'approval_denied', 'ready', 'running', 'paused'] as const;
export type AutoAssignmentStatus = (typeof AUTO_ASSIGNMENT_STATUSES)[number];

/** An auto-assignment: the targets a FIQL query matches get a set. */
export interface AutoAssignment extends Audit {
  readonly id: number;
  /** unique among auto-assignments; a target filter's auto-assignment bears the filter's name */
  readonly name: string;
  readonly description: string | null;
  /** FIQL over the standard target fields */
  readonly query: string;
  readonly distributionSetId: number;
  /** what the set is named by in links */
  readonly distributionSet: { readonly name: string; readonly version: string };
  readonly actionType: AutoAssignActionType;
  /** whether devices confirm first when the confirmation flow is on; ignored while it is off */
  readonly confirmationRequired: boolean;
  /** epoch ms: a ready auto-assignment starts at the first sweep at or after it; null: at once */
  readonly startAt: number | null;
  readonly status: AutoAssignmentStatus;
  readonly approvalDecidedBy: string | null;
  readonly approvalRemark: string | null;
}

/**
 * `TRANSITIONS[event]` maps each status the event may leave to the status it enters; a status missing from
 * the row is refused. `created` starts from nothing: waiting for approval while approval is on
 * (`auto_assignment_approval_enabled`), otherwise ready — or running at once when a target filter's
 * autoAssignDS attaches the set, which assigns immediately (decision 205).
 */
export const AUTO_ASSIGNMENT_TRANSITIONS = {
  approved: { waiting_for_approval: 'ready' },
  denied: { waiting_for_approval: 'approval_denied' },
  started: { ready: 'running' },
  // the sweep, at its first run at or after startAt (hawkBit's JpaAutoAssignHandler.forEachAutoAssignment)
  startAtReached: { ready: 'running' },
  paused: { running: 'paused' },
  resumed: { paused: 'running' },
} as const satisfies Readonly<Record<string, Partial<Readonly<Record<AutoAssignmentStatus, AutoAssignmentStatus>>>>>;

export type AutoAssignmentEvent = keyof typeof AUTO_ASSIGNMENT_TRANSITIONS;

/** The statuses whose auto-assignment gives its set to targets. */
export const ASSIGNING_STATUSES: readonly AutoAssignmentStatus[] = ['running'];

/** The first status of a new auto-assignment. */
export function initialStatus(guards: { readonly approvalRequired: boolean; readonly attachedToFilter: boolean }): AutoAssignmentStatus {
  if (guards.approvalRequired) return 'waiting_for_approval';
  return guards.attachedToFilter ? 'running' : 'ready';
}

/** hawkBit's messages of AutoAssignmentIllegalStateException, by the status each event needs. */
const REFUSALS: Readonly<Record<AutoAssignmentEvent, string>> = {
  approved: 'Auto assignment not waiting for approval',
  denied: 'Auto assignment not waiting for approval',
  started: 'Auto assignment not ready',
  startAtReached: 'Auto assignment not ready',
  paused: 'Auto assignment not running',
  resumed: 'Auto assignment not paused',
};

/**
 * The status after `event` in `from`.
 * @throws DomainError autoAssignmentIllegalState (409) when the table has no such move
 */
export function nextStatus(event: AutoAssignmentEvent, from: AutoAssignmentStatus): AutoAssignmentStatus {
  const row: Partial<Record<AutoAssignmentStatus, AutoAssignmentStatus>> = AUTO_ASSIGNMENT_TRANSITIONS[event];
  const to = row[from];
  if (to === undefined) throw new DomainError(ErrorCode.autoAssignmentIllegalState, `${REFUSALS[event]}: it is ${from}.`);
  return to;
}

import type { Knex } from 'knex';
import { isActive, nextActionStatus } from '../actions/action-lifecycle.js';
import { actionStore } from '../actions/action-store.js';
import {
  cancelFeedback,
  confirmationFeedback,
  deploymentFeedback,
  type DdiConfirmation,
  type DdiFeedbackStatus,
  type FeedbackOutcome,
} from '../actions/ddi-feedback.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { isRowId } from '../db/row-id.js';
import { inStatementTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { deviceActionStore, type DeviceAction, type EntryCounts } from './device-action-store.js';
import { assertShownBy, findDeviceAction } from './device-actions.js';

/** A deployment or cancel report, as the tables read it plus what is recorded with it. */
export interface DeviceReport extends DdiFeedbackStatus {
  readonly code?: number;
  readonly details: readonly string[];
}

export interface ConfirmationReport {
  readonly confirmation: DdiConfirmation;
  readonly code?: number;
  readonly details: readonly string[];
}

/**
 * Device feedback (hawkBit's DdiRootController feedback endpoints): each report appends one status entry
 * and, where its table (`actions/ddi-feedback.ts`) says so, moves the action through the action store's `moveActions`.
 * Any report resets the action's deploymentFetchCount and records its `code` as lastStatusCode.
 * Every method throws DomainError: entityNotFound for an unknown target or action; actionNotActive (410) for
 * a closed action; quotaExceeded (429) past `max_status_entries_per_action` or `max_messages_per_action` (closing reports are
 * always taken) or `max_messages_per_action_status`, a message longer than {@link MESSAGE_LENGTH} counting as several.
 */
export interface FeedbackService {
  /** `deploymentBase/{id}/feedback`. @throws also entityNotFound while the action waits for confirmation */
  deployment(controllerId: string, actionId: number, report: DeviceReport): Promise<void>;
  /** `cancelAction/{id}/feedback`. @throws also actionNotCancelable (405) unless the action is canceling */
  cancel(controllerId: string, actionId: number, report: DeviceReport): Promise<void>;
  /**
   * `confirmationBase/{id}/feedback`. @throws also entityNotFound unless the action waits for confirmation or,
   * with the confirmation flow on, the device denies a running action it had confirmed (decision 201)
   */
  confirmation(controllerId: string, actionId: number, report: ConfirmationReport): Promise<void>;
}

/** What a report records: its outcome and the entry's messages. */
interface Recorded {
  readonly outcome: FeedbackOutcome;
  readonly messages: readonly string[];
}

/** hawkBit's message column (JpaActionStatus): a longer message is stored as several, each counting against the quotas. */
export const MESSAGE_LENGTH = 512;

export function createFeedbackService(db: Knex, clock: Clock, config: Config): FeedbackService {
  const { maxStatusEntriesPerAction, maxMessagesPerActionStatus, maxMessagesPerAction } = config.quota;
  const tooMany = (message: string, quota: number) => new DomainError(ErrorCode.quotaExceeded, message, { quota });

  /** Refuses a report past the quotas; `counts` reads the action's entry counts, only when a quota needs them. */
  const assertQuota = async (action: DeviceAction, { outcome, messages }: Recorded, counts: () => Promise<EntryCounts>) => {
    if (maxMessagesPerActionStatus > 0 && messages.length > maxMessagesPerActionStatus) {
      throw tooMany(
        `A status report may carry at most ${maxMessagesPerActionStatus} messages of up to ${MESSAGE_LENGTH} characters; this one has ${messages.length}.`,
        maxMessagesPerActionStatus,
      );
    }
    // A closing report is always taken, so that a device can finish an action whatever it reported before.
    const closes = outcome.event !== undefined && !isActive(nextActionStatus(action.status, outcome.event) ?? action.status);
    if (closes || (maxStatusEntriesPerAction <= 0 && maxMessagesPerAction <= 0)) return;
    const { entries, messages: held } = await counts();
    if (maxStatusEntriesPerAction > 0 && entries >= maxStatusEntriesPerAction) {
      throw tooMany(`Action {${action.id}} already holds ${maxStatusEntriesPerAction} status entries, the configured quota.`, maxStatusEntriesPerAction);
    }
    if (maxMessagesPerAction > 0 && held + messages.length > maxMessagesPerAction) {
      throw tooMany(`Action {${action.id}} would hold more than ${maxMessagesPerAction} messages, the configured quota.`, maxMessagesPerAction);
    }
  };

  const decideOn = (action: DeviceAction, actionId: number, decide: (action: DeviceAction) => Recorded): Recorded => {
    if (!action.active) {
      throw new DomainError(ErrorCode.actionNotActive, `Action {${actionId}} is closed (${action.status}) and takes no more feedback.`);
    }
    const decided = decide(action);
    return { ...decided, messages: decided.messages.flatMap(split) };
  };

  /**
   * Finds the action, refuses a closed one, lets `decide` check the state and name the outcome, records it.
   * A report that moves nothing (the commonest: proceeding, downloading) is decided on the action as read
   * without a lock and written in one statement while the action is still in that status (decision 270); any
   * other report, or one whose action moved meanwhile, is decided again with the target and then the action
   * locked (decision 40), run again after a deadlock so that no report is lost.
   */
  const report = async (controllerId: string, actionId: number, code: number | undefined, decide: (action: DeviceAction) => Recorded) => {
    const seen = isRowId(actionId) ? await deviceActionStore.reportedAction(db, controllerId, actionId) : undefined;
    if (seen !== undefined) {
      const recorded = decideOn(seen, actionId, decide);
      const event = recorded.outcome.event;
      if (event === undefined || nextActionStatus(seen.status, event) === undefined) {
        await assertQuota(seen, recorded, () => Promise.resolve(seen.counts));
        const options = { now: clock(), actor: controllerId, messages: recorded.messages, code };
        if (await actionStore.recordReportEntry(db, seen, recorded.outcome.entry, options)) return;
      }
    }
    await inStatementTransaction(db, async (trx) => {
      const action = await findDeviceAction(trx, controllerId, actionId, true);
      const recorded = decideOn(action, actionId, decide);
      await assertQuota(action, recorded, () => deviceActionStore.entryCounts(trx, action.id));
      const options = { now: clock(), actor: controllerId, messages: recorded.messages, code, entryType: recorded.outcome.entry, report: true };
      const event = recorded.outcome.event;
      // A move the lifecycle refuses (a download-only action's download while canceling) is still recorded.
      const moved = event === undefined ? [] : await actionStore.moveActions(trx, [{ action, event }], options);
      // the action's row is locked: it is still in the status it was read in
      if (moved.length === 0) await actionStore.recordReportEntry(trx, action, recorded.outcome.entry, options);
    });
  };

  const codeMessage = (code: number | undefined, text: string) => (code === undefined ? [] : [`${text}: ${code}`]);

  return {
    deployment: (controllerId, actionId, status) =>
      report(controllerId, actionId, status.code, (action) => {
        if (action.status === 'wait_for_confirmation') assertShownBy('deploymentBase', action);
        const outcome = deploymentFeedback(status, action.actionType);
        const messages = [...status.details, ...codeMessage(status.code, 'Device reported status code')];
        // hawkBit adds its own text only when the device said nothing
        return { outcome, messages: messages.length === 0 && outcome.message !== undefined ? [outcome.message] : messages };
      }),
    cancel: (controllerId, actionId, status) =>
      report(controllerId, actionId, status.code, (action) => {
        if (action.status !== 'canceling') {
          throw new DomainError(ErrorCode.actionNotCancelable, `Action {${actionId}} is not being cancelled.`);
        }
        const outcome = cancelFeedback(status);
        const own = outcome.message === undefined ? [] : [outcome.message];
        return { outcome, messages: [...own, ...status.details, ...codeMessage(status.code, 'Device reported status code')] };
      }),
    confirmation: (controllerId, actionId, { confirmation, code, details }) =>
      report(controllerId, actionId, code, (action) => {
        // a device revokes the confirmation it gave, with the flow on; a canceling action stays canceling, so
        // that the device still sees the cancel (hawkBit's assertActionCanBeDenied, decision 201)
        const revokes = confirmation === 'denied' && action.status === 'running' && config.ddi.confirmationFlow;
        if (!revokes) assertShownBy('confirmationBase', action);
        return { outcome: confirmationFeedback(confirmation, action.status), messages: [...details, ...codeMessage(code, 'Confirmation status code')] };
      }),
  };
}

/** hawkBit's JpaActionStatus.addMessage: a message longer than the column becomes several, in order (a surrogate pair kept whole). */
function split(message: string): string[] {
  if (message.length <= MESSAGE_LENGTH) return [message];
  const parts: string[] = [];
  for (let start = 0; start < message.length;) {
    let end = Math.min(start + MESSAGE_LENGTH, message.length);
    if (end < message.length && /[\uD800-\uDBFF]/.test(message.charAt(end - 1))) end -= 1;
    parts.push(message.slice(start, end));
    start = end;
  }
  return parts;
}

/**
 * The single writer of an action's `status`. Every move of an action — assignments, supersession, cancels and
 * auto-confirm on the management side, deployment, cancel and confirmation feedback on the device side — goes
 * through {@link createAction} or {@link applyActionEvent}, which ask the transition table
 * (`action-lifecycle.ts`), append the status entry the transition records and apply the move's effect on
 * the target (`target-status.ts` plus hawkBit's moves of the assigned and installed sets), all on the
 * caller's transaction.
 */
import type { Knex } from 'knex';
import type { UpdateStatus } from '../targets/target-model.js';
import {
  isActive,
  nextActionStatus,
  transitionEntry,
  type ActionStatus,
  type AssignmentGuard,
  type PlainActionEvent,
  type TransitionEntry,
} from './action-lifecycle.js';
import type { ActionType } from './deployment-modes.js';
import type { MaintenanceWindow } from './maintenance-window.js';
import { targetStatusAfter } from './target-status.js';

/** The action fields a move depends on. */
export interface ActionRef {
  readonly id: number;
  readonly targetId: number;
  readonly distributionSetId: number;
  readonly status: ActionStatus;
}

/** What the caller adds to the recorded status entry. */
export interface ActionEventOptions {
  /** epoch ms of the move (the entry's reportedAt and the audit time) */
  readonly now: number;
  /** account or device that caused the move; defaults to the action's previous modifier */
  readonly actor?: string;
  /** messages after the server's own one, in order */
  readonly messages?: readonly string[];
  /** a status code reported with the move (device feedback); also becomes the action's lastStatusCode */
  readonly code?: number;
}

/** A new action's fields. */
export interface NewAction {
  readonly targetId: number;
  readonly distributionSetId: number;
  readonly actionType: ActionType;
  readonly forceTime?: number | null;
  readonly maintenanceWindow?: MaintenanceWindow | null;
  readonly rolloutId?: number | null;
  readonly rolloutGroupId?: number | null;
}

interface TargetSets {
  update_status: UpdateStatus;
  assigned_distribution_set_id: number | null;
  installed_distribution_set_id: number | null;
}

/**
 * Creates an action through `assigned`: `wait_for_confirmation` when `guard.confirmationRequired`, else
 * `running`. The target gets the set as its assigned set and becomes `pending`.
 * @returns the new action's id and status
 */
export async function createAction(
  trx: Knex,
  action: NewAction,
  guard: AssignmentGuard,
  options: ActionEventOptions & { readonly actor: string },
): Promise<ActionRef> {
  const status = nextActionStatus(undefined, 'assigned', guard) as ActionStatus;
  const window = action.maintenanceWindow ?? null;
  const [row] = await trx('actions')
    .insert({
      target_id: action.targetId,
      distribution_set_id: action.distributionSetId,
      rollout_id: action.rolloutId ?? null,
      rollout_group_id: action.rolloutGroupId ?? null,
      active: isActive(status),
      status,
      action_type: action.actionType,
      force_time: action.actionType === 'timeforced' ? (action.forceTime ?? null) : null,
      maintenance_schedule: window?.schedule ?? null,
      maintenance_duration: window?.duration ?? null,
      maintenance_timezone: window?.timezone ?? null,
      created_at: options.now,
      created_by: options.actor,
      last_modified_at: options.now,
      last_modified_by: options.actor,
    })
    .returning<{ id: number }[]>('id');
  const created: ActionRef = { id: (row as { id: number }).id, targetId: action.targetId, distributionSetId: action.distributionSetId, status };
  await appendEntry(trx, created.id, transitionEntry('assigned', status), options);
  const target = await targetSets(trx, action.targetId);
  await trx('targets')
    .where('id', action.targetId)
    .update({
      update_status: targetStatusAfter('assigned', statusInput(target)),
      assigned_distribution_set_id: action.distributionSetId,
    });
  return created;
}

/**
 * Moves an existing action by `event`, if the transition table allows it: writes `status` and `active`,
 * appends the transition's status entry (type from `transitionEntry`, the server message first, then the
 * caller's messages) and applies the effect on the target:
 * - `updateStatus` as `targetStatusAfter` says;
 * - `installSucceeded`: the action's set becomes the installed set, `installedAt` = now;
 * - `installFailed`: the assigned set is cleared (hawkBit);
 * - `cancelAcknowledged`, `forceCanceled`, `superseded` with no other active action: the assigned set goes
 *   back to the installed set (hawkBit's successCancellation);
 * - `downloadCompleted`: nothing is installed.
 * @returns the new status, or undefined when the table refuses the move (nothing is written); the caller
 *   turns that into its error (405 notCancelable, 410 for feedback on a closed action, …)
 */
export async function applyActionEvent(
  trx: Knex,
  action: ActionRef,
  event: PlainActionEvent,
  options: ActionEventOptions,
): Promise<ActionStatus | undefined> {
  const to = nextActionStatus(action.status, event);
  if (to === undefined) return undefined;
  await trx('actions')
    .where('id', action.id)
    .update({
      status: to,
      active: isActive(to),
      ...(options.code === undefined ? {} : { last_status_code: options.code }),
      last_modified_at: options.now,
      ...(options.actor === undefined ? {} : { last_modified_by: options.actor }),
    });
  await appendEntry(trx, action.id, transitionEntry(event, to), options);

  const target = await targetSets(trx, action.targetId);
  const change: Record<string, unknown> = { update_status: targetStatusAfter(event, statusInput(target)) };
  if (event === 'installSucceeded') {
    change['installed_distribution_set_id'] = action.distributionSetId;
    change['installed_at'] = options.now;
  } else if (event === 'installFailed') {
    change['assigned_distribution_set_id'] = null;
  } else if (event === 'cancelAcknowledged' || event === 'forceCanceled' || event === 'superseded') {
    const others = await trx('actions').where({ target_id: action.targetId, active: true }).whereNot('id', action.id).first<{ id: number } | undefined>('id');
    if (others === undefined) change['assigned_distribution_set_id'] = target.installed_distribution_set_id;
    else delete change['update_status'];
  }
  await trx('targets').where('id', action.targetId).update(change);
  return to;
}

/**
 * Appends a status entry that moves nothing (hawkBit's informational status, such as the server's record of
 * a device downloading an artifact): the action's status, `active`, modification time and
 * deploymentFetchCount stay as they are.
 */
export async function appendInformationalEntry(
  trx: Knex,
  actionId: number,
  entry: TransitionEntry,
  options: ActionEventOptions,
): Promise<void> {
  await appendEntry(trx, actionId, entry, options);
}

async function appendEntry(
  trx: Knex,
  actionId: number,
  entry: ReturnType<typeof transitionEntry>,
  { now, messages = [], code }: ActionEventOptions,
): Promise<void> {
  const texts = entry.message === undefined ? [...messages] : [entry.message, ...messages];
  await trx('action_status').insert({
    action_id: actionId,
    status: entry.type,
    messages: JSON.stringify(texts),
    code: code ?? null,
    reported_at: now,
  });
}

async function targetSets(trx: Knex, targetId: number): Promise<TargetSets> {
  return trx('targets')
    .where('id', targetId)
    .first<TargetSets>('update_status', 'assigned_distribution_set_id', 'installed_distribution_set_id');
}

const statusInput = (target: TargetSets) => ({
  updateStatus: target.update_status,
  hasInstalledSet: target.installed_distribution_set_id !== null,
});

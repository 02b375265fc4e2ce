/**
 * The single writer of an action's `status`. Every move of an action — assignments, supersession, cancels and
 * auto-confirm on the management side, deployment, cancel and confirmation feedback on the device side — goes
 * through {@link createAction}/{@link createActions} or {@link applyActionEvent}/{@link applyActionEvents} (the
 * bulk form: supersession, rollout stop, invalidation, auto-confirm), which ask the transition table
 * (`action-lifecycle.ts`), append the status entry the transition records and apply the move's effect on
 * the target (`target-status.ts` plus hawkBit's moves of the assigned and installed sets), all on the
 * caller's transaction, with the webhook events of the move (decision 150).
 */
import type { Knex } from 'knex';
import { statement, type Param, type Queryable, type Statement } from '../db/prepared-statements.js';
import { lockingActions, lockTargetsOf } from '../db/row-locks.js';
import { recordEvents } from '../events/outbox.js';
import type { UpdateStatus } from '../targets/target-model.js';
import { actionCreated, actionMoved, updateStatusChanged } from './action-events.js';
import {
  isActive,
  type ActionStatusEntryType,
  nextActionStatus,
  transitionEntry,
  type ActionStatus,
  type AssignmentGuard,
  type CreationEvent,
  type PlainActionEvent,
} from './action-lifecycle.js';
import type { ActionType } from './deployment-modes.js';
import type { MaintenanceWindow } from './maintenance-window.js';
import { targetStatusAfter } from './target-status.js';
import { ACTION_INSERT_CHUNK } from '../db/chunks.js';

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
  /**
   * the entry type device feedback records when its table (`ddi-feedback.ts`) names another one than the
   * transition's (hawkBit records `error` for a refused cancel)
   */
  readonly entryType?: ActionStatusEntryType;
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
  controller_id: string;
  update_status: UpdateStatus;
  assigned_distribution_set_id: number | null;
  installed_distribution_set_id: number | null;
}

/**
 * Creates an action through `assigned`: `wait_for_confirmation` when `guard.confirmationRequired`, else
 * `running`. The target gets the set as its assigned set and becomes `pending`.
 * @returns the new action's id and status
 */
export async function createAction(trx: Knex, action: NewAction, guard: AssignmentGuard, options: ActionCreationOptions): Promise<ActionRef> {
  return (await createActions(trx, [{ ...action, guard }], options))[0] as ActionRef;
}

/** How new actions come into being. */
export interface ActionCreationOptions extends ActionEventOptions {
  readonly actor: string;
  /**
   * `assigned` (default): the device is to install the set, each action's guard picks its first status;
   * `assignedOffline`: the set was installed by other means, the action is born `finished` and the guard is
   * not read
   */
  readonly event?: CreationEvent;
}

/**
 * {@link createAction} for many targets at once (a rollout group starting), in a few statements per
 * {@link ACTION_INSERT_CHUNK} actions: each target at most once, each action with its own guard. Through
 * `assignedOffline` the target gets the set as its assigned and installed set (`installedAt` = now) and
 * becomes `in_sync`, as `target-status.ts` says.
 * @returns the new actions, in the order given
 */
export async function createActions(
  trx: Knex,
  actions: readonly (NewAction & { readonly guard: AssignmentGuard })[],
  options: ActionCreationOptions,
): Promise<ActionRef[]> {
  const event = options.event ?? 'assigned';
  const created: ActionRef[] = [];
  for (let start = 0; start < actions.length; start += ACTION_INSERT_CHUNK) {
    const chunk = actions.slice(start, start + ACTION_INSERT_CHUNK);
    const rows = chunk.map((action) => {
      const status = (event === 'assigned' ? nextActionStatus(undefined, event, action.guard) : nextActionStatus(undefined, event)) as ActionStatus;
      const window = action.maintenanceWindow ?? null;
      return {
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
      };
    });
    const inserted = await trx('actions').insert(rows).returning<{ id: number; target_id: number }[]>(['id', 'target_id']);
    const idOf = new Map(inserted.map((row) => [row.target_id, row.id]));
    const refs = chunk.map((action, index): ActionRef => ({
      id: idOf.get(action.targetId) as number,
      targetId: action.targetId,
      distributionSetId: action.distributionSetId,
      status: rows[index]?.status as ActionStatus,
    }));
    await appendEntries(
      trx,
      refs.map((ref) => ({ actionId: ref.id, entry: transitionEntry(event, ref.status) })),
      options,
    );
    const targets = new Map(
      (
        await trx('targets')
          .whereIn(
            'id',
            refs.map((ref) => ref.targetId),
          )
          .select<(TargetSets & { id: number })[]>('id', 'controller_id', 'update_status')
      ).map((row) => [row.id, row]),
    );
    // both creation events set the target's status whatever it was (target-status.ts)
    const bySet = new Map<number, number[]>();
    for (const { targetId, distributionSetId } of refs) bySet.set(distributionSetId, [...(bySet.get(distributionSetId) ?? []), targetId]);
    for (const [setId, targetIds] of bySet) {
      const installed = event === 'assignedOffline' ? { installed_distribution_set_id: setId, installed_at: options.now } : {};
      await trx('targets')
        .whereIn('id', targetIds)
        .update({ update_status: targetStatusAfter(event, ANY_TARGET), assigned_distribution_set_id: setId, ...installed });
    }
    const newStatus = targetStatusAfter(event, ANY_TARGET);
    await recordEvents(
      trx,
      refs.flatMap((ref, index) => {
        const target = targets.get(ref.targetId) as TargetSets;
        const subject = { id: ref.id, controllerId: target.controller_id, distributionSetId: ref.distributionSetId };
        return [actionCreated(subject, ref.status, chunk[index] as NewAction), ...updateStatusChanged(target.controller_id, target.update_status, newStatus)];
      }),
      options.now,
    );
    created.push(...refs);
  }
  return created;
}

/** The creation events do not depend on the target's previous status; any input does. */
const ANY_TARGET = { updateStatus: 'pending', hasInstalledSet: false } as const;

/**
 * Moves an existing action by `event`, if the transition table allows it: writes `status` and `active`,
 * appends the transition's status entry (type from `transitionEntry`, the server message first, then the
 * caller's messages) and applies the effect on the target:
 * - `updateStatus` as `targetStatusAfter` says;
 * - `installSucceeded`: the action's set becomes the installed set, `installedAt` = now, and the device is asked
 *   for its attributes again (hawkBit: they usually change with an update);
 * - `installFailed`: the assigned set is cleared (hawkBit);
 * - `cancelAcknowledged`, `forceCanceled`, `superseded` with no other active action: the assigned set goes
 *   back to the installed set (hawkBit's successCancellation);
 * - `downloadCompleted`: nothing is installed; the attributes are asked for again, as after an install.
 * @returns the new status, or undefined when the table refuses the move (nothing is written); the caller
 *   turns that into its error (405 notCancelable, 410 for feedback on a closed action, …)
 */
export async function applyActionEvent(
  trx: Queryable,
  action: ActionRef,
  event: PlainActionEvent,
  options: ActionEventOptions,
): Promise<ActionStatus | undefined> {
  const to = nextActionStatus(action.status, event);
  if (to === undefined) return undefined;
  await moveAction.run(trx, to, isActive(to) ? 1 : 0, options.code ?? null, options.now, options.actor ?? null, action.id);
  const entry = transitionEntry(event, to);
  await appendEntry(trx, action.id, options.entryType === undefined ? entry : { ...entry, type: options.entryType }, options);

  const target = (await targetSets.get(trx, action.targetId)) as TargetSets;
  const otherActive = CANCELLATIONS.has(event) && (await otherActiveAction.get(trx, action.targetId, action.id)) !== undefined;
  const change = targetChangeOf(event, action, target, otherActive, options.now);
  const columns = Object.keys(change);
  if (columns.length > 0) await targetChange(columns).run(trx, ...Object.values(change), action.targetId);
  const subject = { id: action.id, controllerId: target.controller_id, distributionSetId: action.distributionSetId };
  await recordEvents(
    trx,
    [
      ...actionMoved(subject, action.status, to),
      ...updateStatusChanged(target.controller_id, target.update_status, change['update_status'] as UpdateStatus | undefined),
    ],
    options.now,
  );
  return to;
}

/**
 * The events after which the target's assigned set goes back to its installed set, unless another action of
 * the target is still active (hawkBit's successCancellation).
 */
const CANCELLATIONS: ReadonlySet<PlainActionEvent> = new Set(['cancelAcknowledged', 'forceCanceled', 'superseded']);

/**
 * The target columns a move of `action` by `event` writes (see {@link applyActionEvent}); `otherActive`, read
 * for {@link CANCELLATIONS} only: the target has another active action, which keeps its sets and status.
 */
function targetChangeOf(event: PlainActionEvent, action: ActionRef, target: TargetSets, otherActive: boolean, now: number): Record<string, Param> {
  const change: Record<string, Param> = { update_status: targetStatusAfter(event, statusInput(target)) };
  if (event === 'installSucceeded') {
    change['installed_distribution_set_id'] = action.distributionSetId;
    change['installed_at'] = now;
    change['request_attributes'] = 1;
  } else if (event === 'downloadCompleted') {
    change['request_attributes'] = 1;
  } else if (event === 'installFailed') {
    change['assigned_distribution_set_id'] = null;
  } else if (CANCELLATIONS.has(event)) {
    if (otherActive) delete change['update_status'];
    else change['assigned_distribution_set_id'] = target.installed_distribution_set_id;
  }
  return change;
}

/** One move of {@link applyActionEvents}. */
export interface ActionMove {
  readonly action: ActionRef;
  readonly event: PlainActionEvent;
}

/**
 * {@link applyActionEvent} for many actions at once (an assignment superseding, a rollout stopping, a set
 * invalidated, auto-confirmation releasing), in a few statements per {@link ACTION_INSERT_CHUNK} moves instead of
 * several per action: the same transition table, status entries, effects on the targets and events. At most
 * one move per target (one active action per target, decision 21); a move the table refuses is skipped.
 * @returns the moves made and each action's new status, in the order given
 */
export async function applyActionEvents(
  trx: Knex,
  moves: readonly ActionMove[],
  options: ActionEventOptions,
): Promise<(ActionMove & { readonly to: ActionStatus })[]> {
  const made: (ActionMove & { readonly to: ActionStatus })[] = [];
  for (const move of moves) {
    const to = nextActionStatus(move.action.status, move.event);
    if (to !== undefined) made.push({ ...move, to });
  }
  if (new Set(made.map(({ action }) => action.targetId)).size < made.length) throw new Error('applyActionEvents: two moves of one target');
  for (let start = 0; start < made.length; start += ACTION_INSERT_CHUNK) {
    const chunk = made.slice(start, start + ACTION_INSERT_CHUNK);
    const audit = { last_modified_at: options.now, ...(options.actor === undefined ? {} : { last_modified_by: options.actor }) };
    const code = options.code === undefined ? {} : { last_status_code: options.code };
    for (const to of new Set(chunk.map((move) => move.to))) {
      const ids = chunk.filter((move) => move.to === to).map(({ action }) => action.id);
      await trx('actions')
        .whereIn('id', ids)
        .update({ status: to, active: isActive(to), ...code, ...audit });
    }
    await appendEntries(
      trx,
      chunk.map(({ action, event, to }) => ({ actionId: action.id, entry: transitionEntry(event, to) })),
      options,
    );
    const targetIds = chunk.map(({ action }) => action.targetId);
    const targets = new Map(
      (
        await trx('targets')
          .whereIn('id', targetIds)
          .select<(TargetSets & { id: number })[]>('id', 'controller_id', 'update_status', 'assigned_distribution_set_id', 'installed_distribution_set_id')
      ).map((row) => [row.id, row]),
    );
    // read after the moves: a cancelled action is no longer active, so what is left is another one
    const stillActive = new Set((await trx('actions').whereIn('target_id', targetIds).where('active', true).distinct().pluck('target_id')) as number[]);
    const changes = new Map<string, { change: Record<string, Param>; targetIds: number[] }>();
    const events = [];
    for (const { action, event, to } of chunk) {
      const target = targets.get(action.targetId) as TargetSets;
      const change = targetChangeOf(event, action, target, stillActive.has(action.targetId), options.now);
      const key = JSON.stringify(change);
      changes.set(key, { change, targetIds: [...(changes.get(key)?.targetIds ?? []), action.targetId] });
      const subject = { id: action.id, controllerId: target.controller_id, distributionSetId: action.distributionSetId };
      events.push(
        ...actionMoved(subject, action.status, to),
        ...updateStatusChanged(target.controller_id, target.update_status, change['update_status'] as UpdateStatus | undefined),
      );
    }
    for (const { change, targetIds: ids } of changes.values()) await trx('targets').whereIn('id', ids).update(change);
    await recordEvents(trx, events, options.now);
  }
  return made;
}

/**
 * Reads the actions `query` selects (a query of `actions`) as {@link ActionRef}s, their rows locked in id
 * order; the caller has locked their targets (decision 40).
 */
function lockedActionRefs(trx: Knex, query: Knex.QueryBuilder): Promise<ActionRef[]> {
  return lockingActions(trx, query)
    .select<{ id: number; target_id: number; distribution_set_id: number; status: ActionStatus }[]>('id', 'target_id', 'distribution_set_id', 'status')
    .then((rows) => rows.map((row) => ({ id: row.id, targetId: row.target_id, distributionSetId: row.distribution_set_id, status: row.status })));
}

/** The target's actions in `status`, their rows locked in id order; the caller has locked the target (decision 40). */
export function lockedActionsInStatus(trx: Knex, targetId: number, status: ActionStatus): Promise<ActionRef[]> {
  return lockedActionRefs(trx, trx('actions').where({ target_id: targetId, status }));
}

/** Which active actions: those of a distribution set, of a rollout, or of some targets. */
export type ActiveActionScope = { readonly distributionSetId: number } | { readonly rolloutId: number } | { readonly targetIds: readonly number[] };

const activeActions = (trx: Knex, scope: ActiveActionScope) => {
  const query = trx('actions').where('active', true);
  if ('targetIds' in scope) return query.whereIn('target_id', scope.targetIds);
  return query.where('distributionSetId' in scope ? { distribution_set_id: scope.distributionSetId } : { rollout_id: scope.rolloutId });
};

/** The scope's active actions, their rows locked in id order; the caller has locked their targets (decision 40). */
export function lockedActiveActions(trx: Knex, scope: ActiveActionScope): Promise<ActionRef[]> {
  return lockedActionRefs(trx, activeActions(trx, scope));
}

/** Locks the targets of the scope's active actions (decision 40), for a transaction that cancels them later. */
export async function lockTargetsOfActiveActions(trx: Knex, scope: ActiveActionScope): Promise<void> {
  await lockTargetsOf(trx, activeActions(trx, scope).select('target_id'));
}

/**
 * Cancels the scope's active actions, locking their targets and then them (decision 40): `soft` asks the
 * devices (`cancelRequested`; canceling ones stay as they are), `force` closes them at once (`forceCanceled`).
 * A rollout stopping and a set being invalidated cancel this way.
 */
export async function cancelActiveActions(trx: Knex, scope: ActiveActionScope, cancelation: 'soft' | 'force', options: ActionEventOptions): Promise<void> {
  await lockTargetsOfActiveActions(trx, scope);
  const actions = await lockedActionRefs(trx, activeActions(trx, scope));
  const event: PlainActionEvent = cancelation === 'force' ? 'forceCanceled' : 'cancelRequested';
  const moves = actions.filter((action) => cancelation === 'force' || action.status !== 'canceling').map((action) => ({ action, event }));
  await applyActionEvents(trx, moves, options);
}

// Prepared (src/db/prepared-statements.ts): device feedback moves actions through here.
const moveAction = statement(
  'action-move',
  `UPDATE actions SET status = ?, active = ?, last_status_code = COALESCE(?, last_status_code), last_modified_at = ?,
    last_modified_by = COALESCE(?, last_modified_by) WHERE id = ?`,
);
const targetSets = statement<TargetSets>(
  'action-target-sets',
  'SELECT controller_id, update_status, assigned_distribution_set_id, installed_distribution_set_id FROM targets WHERE id = ?',
);
const otherActiveAction = statement<{ id: number }>('action-other-active', 'SELECT id FROM actions WHERE target_id = ? AND active = true AND id <> ? LIMIT 1');
const insertEntry = statement('action-entry', 'INSERT INTO action_status (action_id, status, messages, code, reported_at) VALUES (?, ?, ?, ?, ?)');

/** The UPDATE of a target's `columns`, by id: one statement per set of columns a move writes. */
const targetChanges = new Map<string, Statement<never>>();
function targetChange(columns: readonly string[]): Statement<never> {
  const key = columns.join(',');
  let found = targetChanges.get(key);
  if (found === undefined) {
    // numbered, not named after its columns: PostgreSQL cuts statement names at 63 bytes
    found = statement(`action-target-change:${targetChanges.size}`, `UPDATE targets SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`);
    targetChanges.set(key, found);
  }
  return found;
}

/**
 * Appends a status entry without moving the action: device feedback that only reports (proceeding,
 * download …), and the server's notes that a device fetched its deployment or an artifact.
 */
export async function recordActionEntry(trx: Queryable, actionId: number, type: ActionStatusEntryType, options: ActionEventOptions): Promise<void> {
  await appendEntry(trx, actionId, { type }, options);
}

async function appendEntry(
  trx: Queryable,
  actionId: number,
  entry: ReturnType<typeof transitionEntry>,
  { now, messages = [], code }: ActionEventOptions,
): Promise<void> {
  await insertEntry.run(trx, actionId, entry.type, entryMessages(entry, messages), code ?? null, now);
}

const entryMessages = (entry: ReturnType<typeof transitionEntry>, messages: readonly string[]) =>
  JSON.stringify(entry.message === undefined ? [...messages] : [entry.message, ...messages]);

async function appendEntries(
  trx: Knex,
  entries: readonly { readonly actionId: number; readonly entry: ReturnType<typeof transitionEntry> }[],
  { now, messages = [], code }: ActionEventOptions,
): Promise<void> {
  if (entries.length === 0) return;
  await trx('action_status').insert(
    entries.map(({ actionId, entry }) => ({
      action_id: actionId,
      status: entry.type,
      messages: entryMessages(entry, messages),
      code: code ?? null,
      reported_at: now,
    })),
  );
}

const statusInput = (target: TargetSets) => ({
  updateStatus: target.update_status,
  hasInstalledSet: target.installed_distribution_set_id !== null,
});

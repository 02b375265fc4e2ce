/**
 * The single writer of an action's `status` (decision 261). An action comes into being through
 * {@link createAction}/{@link createActions}; every later move — supersession, cancels, rollout stop, set
 * invalidation and auto-confirm on the management side, deployment, cancel and confirmation feedback on the
 * device side — goes through {@link moveActions}, one move or many. Both ask the transition table
 * (`action-lifecycle.ts`), append the status entry the transition records and apply the move's effect on
 * the target (`target-status.ts`), all on the caller's transaction, with the webhook events of the move
 * (decision 150).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { dialectOf } from '../db/database.js';
import { statement, type Queryable } from '../db/prepared-statements.js';
import { inStatementTransaction } from '../db/transaction.js';
import { lockingActions, lockTargetsOf } from '../db/row-locks.js';
import { recordEvents, type OutboxEvent } from '../events/outbox.js';
import type { UpdateStatus } from '../targets/target-model.js';
import { actionCreated, actionMoved, updateStatusChanged } from './action-events.js';
import {
  isActive,
  type ActionEvent,
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
import { targetEffectOf, targetStatusAfter, type SetEffect } from './target-status.js';
import { ACTION_MOVE_CHUNK } from '../db/chunks.js';

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
  /**
   * device feedback: the move also records the report on the action, whose deployment fetches count from 0
   * again (decision 270: the report in the move's statement, not in one of its own)
   */
  readonly report?: boolean;
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
async function createAction(trx: Queryable, action: NewAction, guard: AssignmentGuard, options: ActionCreationOptions): Promise<ActionRef> {
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
 * {@link createAction} for many targets at once (a rollout group starting, an assignment), each target at most
 * once, each action with its own guard: the same five prepared statements per {@link ACTION_MOVE_CHUNK} actions
 * (a round; a break for the event loop between rounds) as {@link moveActions}, whatever their number, the
 * actions bound as one JSON array (decision 255) — the actions' INSERT … SELECT returning their ids (in the
 * order given), the status entries, a read of the targets, the targets' UPDATE and the outbox. What the creation does to the target is `TARGET_EFFECTS`'
 * row of the event (`target-status.ts`): through `assigned` the set becomes its assigned set and it becomes
 * `pending`; through `assignedOffline` the set becomes its assigned and installed set (`installedAt` = now)
 * and it becomes `in_sync`.
 * @returns the new actions, in the order given
 */
async function createActions(
  trx: Queryable,
  actions: readonly (NewAction & { readonly guard: AssignmentGuard })[],
  options: ActionCreationOptions,
): Promise<ActionRef[]> {
  const event = options.event ?? 'assigned';
  const created: ActionRef[] = [];
  const round = ACTION_MOVE_CHUNK[dialectOf(trx)];
  for (let start = 0; start < actions.length; start += round) {
    // SQLite runs each round without a break: one between them (decision 266)
    if (start > 0) await yieldToEventLoop();
    const chunk = actions.slice(start, start + round);
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
      };
    });
    const inserted = await insertActions.all(trx, options.now, options.actor, options.now, options.actor, JSON.stringify(rows));
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
    const targets = new Map((await targetsOfMoves.all(trx, JSON.stringify(refs.map((ref) => ref.targetId)))).map((row) => [row.id, row]));
    const changes: TargetChange[] = [];
    const events: OutboxEvent[] = [];
    refs.forEach((ref, index) => {
      const target = targets.get(ref.targetId) as TargetRow;
      // the creation events have an effect on every target (target-status.ts)
      const change = targetChangeOf(event, ref, target) as TargetChange;
      changes.push(change);
      const subject = { id: ref.id, controllerId: target.controller_id, distributionSetId: ref.distributionSetId };
      events.push(
        actionCreated(subject, ref.status, chunk[index] as NewAction),
        ...updateStatusChanged(target.controller_id, target.update_status, change.update_status),
      );
    });
    await changeTargets.run(trx, options.now, JSON.stringify(changes));
    await recordEvents(trx, events, options.now);
    created.push(...refs);
  }
  return created;
}

/** One move: the action and the event that moves it. */
export interface ActionMove {
  readonly action: ActionRef;
  readonly event: PlainActionEvent;
}

/** A move {@link moveActions} made, with the action's new status. */
export interface MadeMove extends ActionMove {
  readonly to: ActionStatus;
}

/**
 * The one writer of an existing action's move (device feedback, cancels, supersession, rollout stop, set
 * invalidation, auto-confirm; decision 261). Each move the transition table (`action-lifecycle.ts`) allows
 * writes the action's `status` and `active`, appends the transition's status entry (type from
 * `transitionEntry` unless `options.entryType` names another, the server message first, then the caller's
 * messages), applies its effect on the target as `TARGET_EFFECTS` says (`target-status.ts`) and records the
 * webhook events of both (decision 150); a move the table refuses is skipped and writes nothing. All of it
 * on the caller's transaction — a knex one or a `StatementTransaction` — in five prepared statements per
 * {@link ACTION_MOVE_CHUNK} moves (a round; a break for the event loop between rounds), whatever their number,
 * the moves bound as one JSON array. At most one move per target (one active action per target, decision
 * 21); the caller has locked the targets and then the actions (decision 40).
 * @returns the moves made and each action's new status, in the order given; the caller turns a refused
 *   move into its error (405 notCancelable, 410 for feedback on a closed action, …)
 */
async function moveActions(trx: Queryable, moves: readonly ActionMove[], options: ActionEventOptions): Promise<MadeMove[]> {
  const made: MadeMove[] = [];
  for (const move of moves) {
    const to = nextActionStatus(move.action.status, move.event);
    if (to !== undefined) made.push({ ...move, to });
  }
  if (new Set(made.map(({ action }) => action.targetId)).size < made.length) throw new Error('moveActions: two moves of one target');
  const round = ACTION_MOVE_CHUNK[dialectOf(trx)];
  for (let start = 0; start < made.length; start += round) {
    // SQLite runs each round without a break: one between them (decision 266)
    if (start > 0) await yieldToEventLoop();
    const chunk = made.slice(start, start + round);
    await moveRows.run(
      trx,
      options.code ?? null,
      options.now,
      options.actor ?? null,
      options.report === true ? 1 : 0,
      JSON.stringify(chunk.map(({ action, to }) => ({ id: action.id, status: to, active: isActive(to) }))),
    );
    await appendEntries(
      trx,
      chunk.map(({ action, event, to }) => {
        const entry = transitionEntry(event, to);
        return { actionId: action.id, entry: options.entryType === undefined ? entry : { ...entry, type: options.entryType } };
      }),
      options,
    );
    // read after the moves: a closed action is no longer active, so an active one left is another one
    const targets = new Map((await targetsOfMoves.all(trx, JSON.stringify(chunk.map(({ action }) => action.targetId)))).map((row) => [row.id, row]));
    const changes: TargetChange[] = [];
    const events: OutboxEvent[] = [];
    for (const { action, event, to } of chunk) {
      const target = targets.get(action.targetId) as TargetRow;
      const change = targetChangeOf(event, action, target);
      if (change !== undefined) changes.push(change);
      const subject = { id: action.id, controllerId: target.controller_id, distributionSetId: action.distributionSetId };
      events.push(...actionMoved(subject, action.status, to), ...updateStatusChanged(target.controller_id, target.update_status, change?.update_status));
    }
    if (changes.length > 0) await changeTargets.run(trx, options.now, JSON.stringify(changes));
    await recordEvents(trx, events, options.now);
  }
  return made;
}

/** A target as a move reads it, after the move: whether it still has an active action. */
interface TargetRow extends TargetSets {
  readonly id: number;
  readonly still_active: number | boolean;
}

/**
 * One target's row of the target UPDATE: `assigned` and `installed` are written when their flag is set (null
 * is a value: no set); `installed` also sets `installed_at`.
 */
interface TargetChange {
  readonly id: number;
  readonly update_status: UpdateStatus;
  readonly set_assigned: boolean;
  readonly assigned: number | null;
  readonly set_installed: boolean;
  readonly installed: number | null;
  readonly request_attributes: boolean;
}

/** What `event` moving `action` writes to its target, as `TARGET_EFFECTS` says; undefined for nothing. */
function targetChangeOf(event: ActionEvent, action: ActionRef, target: TargetRow): TargetChange | undefined {
  const effect = targetEffectOf(event);
  if (effect === undefined || (effect.unlessOtherActive === true && Boolean(target.still_active))) return undefined;
  const sets: Readonly<Record<SetEffect, number | null>> = {
    actionSet: action.distributionSetId,
    installed: target.installed_distribution_set_id,
    none: null,
  };
  return {
    id: action.targetId,
    update_status: targetStatusAfter(event, { updateStatus: target.update_status, hasInstalledSet: target.installed_distribution_set_id !== null }),
    set_assigned: effect.assignedSet !== undefined,
    assigned: effect.assignedSet === undefined ? null : sets[effect.assignedSet],
    set_installed: effect.installedSet !== undefined,
    installed: effect.installedSet === undefined ? null : sets[effect.installedSet],
    request_attributes: effect.requestAttributes === true,
  };
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
function lockedActionsInStatus(trx: Knex, targetId: number, status: ActionStatus): Promise<ActionRef[]> {
  return lockedActionRefs(trx, trx('actions').where({ target_id: targetId, status }));
}

/** Which active actions: those of a distribution set, of a rollout, or of some targets. */
export type ActiveActionScope = { readonly distributionSetId: number } | { readonly rolloutId: number } | { readonly targetIds: readonly number[] };

const activeActions = (trx: Knex, scope: ActiveActionScope) => {
  // some targets' active actions: the condition of the partial index `actions_one_active_per_target` as it
  // is written there, which SQLite's planner matches only so; with a bound `active = ?` and the lock's
  // order by id it read every active action along `actions (active)` instead (decision 276)
  if ('targetIds' in scope) return trx('actions').whereRaw('actions.active').whereIn('target_id', scope.targetIds);
  return trx('actions')
    .where('active', true)
    .where('distributionSetId' in scope ? { distribution_set_id: scope.distributionSetId } : { rollout_id: scope.rolloutId });
};

/** The scope's active actions, their rows locked in id order; the caller has locked their targets (decision 40). */
function lockedActiveActions(trx: Knex, scope: ActiveActionScope): Promise<ActionRef[]> {
  return lockedActionRefs(trx, activeActions(trx, scope));
}

/** Locks the targets of the scope's active actions (decision 40), for a transaction that cancels them later. */
async function lockTargetsOfActiveActions(trx: Knex, scope: ActiveActionScope): Promise<void> {
  await lockTargetsOf(trx, activeActions(trx, scope).select('target_id'));
}

/**
 * Cancels the scope's active actions, locking their targets and then them (decision 40): `soft` asks the
 * devices (`cancelRequested`; canceling ones stay as they are), `force` closes them at once (`forceCanceled`).
 * A rollout stopping and a set being invalidated cancel this way. The actions are read, locked and moved a
 * round of {@link ACTION_MOVE_CHUNK} at a time, in id order.
 */
async function cancelActiveActions(trx: Knex, scope: ActiveActionScope, cancelation: 'soft' | 'force', options: ActionEventOptions): Promise<void> {
  await lockTargetsOfActiveActions(trx, scope);
  const event: PlainActionEvent = cancelation === 'force' ? 'forceCanceled' : 'cancelRequested';
  // a round of the writer's at a time, in id order, so that SQLite reads no more at once than it moves (decision 266);
  // until a read finds none: a locking read with a LIMIT may come back short on PostgreSQL
  const round = ACTION_MOVE_CHUNK[dialectOf(trx)];
  for (let after = 0; ;) {
    const actions = await lockedActionRefs(trx, activeActions(trx, scope).where('id', '>', after).limit(round));
    if (actions.length === 0) return;
    const moves = actions.filter((action) => cancelation === 'force' || action.status !== 'canceling').map((action) => ({ action, event }));
    await moveActions(trx, moves, options);
    after = (actions.at(-1) as ActionRef).id;
    await yieldToEventLoop();
  }
}

// Prepared (src/db/prepared-statements.ts), one text per dialect: the moves are one JSON array, expanded by
// json_each on SQLite and jsonb_to_recordset on PostgreSQL, so that one statement serves any number of them.
// On PostgreSQL a table is matched to the array's ids through `id = ANY (ARRAY(…))` (its `$n` the array's own
// parameter again): the planner takes that for about 10 rows and reads the primary key, where a join with
// the function, which it takes for 100 rows, scanned the whole table of a fleet of up to 20,000–30,000
// targets (decision 279).
/** The new actions, in the order given, so that their ids ascend in it; the audit columns are the creation's. */
const actionColumns = `target_id, distribution_set_id, rollout_id, rollout_group_id, active, status, action_type, force_time,
    maintenance_schedule, maintenance_duration, maintenance_timezone`;
const insertActions = statement<{ id: number; target_id: number }>('action-inserts', {
  sqlite: `INSERT INTO actions (${actionColumns}, created_at, created_by, last_modified_at, last_modified_by)
    SELECT ${actionColumns.replace(/(\w+)/g, "value ->> '$1'")}, ?, ?, ?, ? FROM json_each(?) ORDER BY key RETURNING id, target_id`,
  postgres: `INSERT INTO actions (${actionColumns}, created_at, created_by, last_modified_at, last_modified_by)
    SELECT ${actionColumns.replace(/(\w+)/g, 'm.$1')}, ?::bigint, ?, ?::bigint, ? FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS e(value, n),
      jsonb_to_record(e.value) AS m(target_id integer, distribution_set_id integer, rollout_id integer, rollout_group_id integer, active boolean,
        status text, action_type text, force_time bigint, maintenance_schedule text, maintenance_duration text, maintenance_timezone text)
    ORDER BY e.n RETURNING id, target_id`,
});
const moveRows = statement('action-moves', {
  sqlite: `UPDATE actions SET status = m.status, active = m.active, last_status_code = COALESCE(?, last_status_code), last_modified_at = ?,
    last_modified_by = COALESCE(?, last_modified_by), deployment_fetch_count = CASE WHEN ? THEN 0 ELSE deployment_fetch_count END
    FROM (SELECT value ->> 'id' AS id, value ->> 'status' AS status, value ->> 'active' AS active FROM json_each(?)) AS m WHERE actions.id = m.id`,
  postgres: `UPDATE actions SET status = m.status, active = m.active, last_status_code = COALESCE(?::integer, last_status_code),
    last_modified_at = ?, last_modified_by = COALESCE(?, last_modified_by),
    deployment_fetch_count = CASE WHEN CAST(? AS boolean) THEN 0 ELSE deployment_fetch_count END
    FROM jsonb_to_recordset(?::jsonb) AS m(id integer, status text, active boolean)
    WHERE actions.id = m.id AND actions.id = ANY (ARRAY(SELECT (e ->> 'id')::integer FROM jsonb_array_elements($5::jsonb) AS e))`,
});
const targetsOfMoves = statement<TargetRow>('action-move-targets', {
  sqlite: `SELECT t.id, t.controller_id, t.update_status, t.assigned_distribution_set_id, t.installed_distribution_set_id,
    EXISTS (SELECT 1 FROM actions a WHERE a.target_id = t.id AND a.active = 1) AS still_active
    FROM targets t WHERE t.id IN (SELECT value FROM json_each(?))`,
  postgres: `SELECT t.id, t.controller_id, t.update_status, t.assigned_distribution_set_id, t.installed_distribution_set_id,
    EXISTS (SELECT 1 FROM actions a WHERE a.target_id = t.id AND a.active) AS still_active
    FROM targets t WHERE t.id = ANY (ARRAY(SELECT value::integer FROM jsonb_array_elements_text(?::jsonb) AS m(value)))`,
});
/** {@link TargetChange} rows: every column written, those a move leaves alone with their own value. */
const targetColumns = `update_status = m.update_status,
    assigned_distribution_set_id = CASE WHEN m.set_assigned THEN m.assigned ELSE targets.assigned_distribution_set_id END,
    installed_distribution_set_id = CASE WHEN m.set_installed THEN m.installed ELSE targets.installed_distribution_set_id END,
    installed_at = CASE WHEN m.set_installed THEN ? ELSE targets.installed_at END,
    request_attributes = CASE WHEN m.request_attributes THEN true ELSE targets.request_attributes END`;
const changeTargets = statement('action-move-target-changes', {
  sqlite: `UPDATE targets SET ${targetColumns}
    FROM (SELECT value ->> 'id' AS id, value ->> 'update_status' AS update_status, value ->> 'set_assigned' AS set_assigned,
      value ->> 'assigned' AS assigned, value ->> 'set_installed' AS set_installed, value ->> 'installed' AS installed,
      value ->> 'request_attributes' AS request_attributes FROM json_each(?)) AS m WHERE targets.id = m.id`,
  postgres: `UPDATE targets SET ${targetColumns.replace('THEN ?', 'THEN ?::bigint')}
    FROM jsonb_to_recordset(?::jsonb) AS m(id integer, update_status text, set_assigned boolean, assigned integer, set_installed boolean,
      installed integer, request_attributes boolean)
    WHERE targets.id = m.id AND targets.id = ANY (ARRAY(SELECT (e ->> 'id')::integer FROM jsonb_array_elements($2::jsonb) AS e))`,
});
const insertEntry = statement('action-entry', 'INSERT INTO action_status (action_id, status, messages, code, reported_at) VALUES (?, ?, ?, ?, ?)');
const insertEntries = statement('action-entries', {
  sqlite: `INSERT INTO action_status (action_id, status, messages, code, reported_at)
    SELECT value ->> 'action_id', value ->> 'type', value ->> 'messages', ?, ? FROM json_each(?) ORDER BY key`,
  postgres: `INSERT INTO action_status (action_id, status, messages, code, reported_at)
    SELECT m.action_id, m.type, m.messages, ?::integer, ?::bigint FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS e(value, n),
      jsonb_to_record(e.value) AS m(action_id integer, type text, messages text) ORDER BY e.n`,
});

/**
 * Device feedback that does not move the action (proceeding, downloading …: the commonest device report): appends
 * its status entry, one row by plain parameters (decision 261), and records the report on the action — its
 * deployment fetches count from 0 again, a `code` becomes its last status code, modified at `now` by `actor` —
 * only while the action is still active in `action.status`, the status the report was decided on. The caller
 * read it without a lock (decision 270), or holds the target's and the action's locks (decision 40). One
 * statement on PostgreSQL, which locks the action's row alone, for the statement: a writer that holds one row
 * and waits for nothing else needs no order.
 * @returns false when the action has moved or closed since: nothing is written, and the caller decides again
 */
async function recordReportEntry(
  db: Queryable,
  action: Pick<ActionRef, 'id' | 'status'>,
  type: ActionStatusEntryType,
  { now, messages = [], code, actor }: ActionEventOptions & { readonly actor: string },
): Promise<boolean> {
  const entry = [type, JSON.stringify(messages), code ?? null, now] as const;
  if (dialectOf(db) === 'postgres') return (await reportEntry.run(db, code ?? null, now, actor, action.id, action.status, ...entry)) === 1;
  return inStatementTransaction(db, async (trx) => {
    if ((await reportedIn.run(trx, code ?? null, now, actor, action.id, action.status)) === 0) return false;
    await insertEntry.run(trx, action.id, ...entry);
    return true;
  });
}
const REPORTED = `UPDATE actions SET deployment_fetch_count = 0, last_status_code = COALESCE(CAST(? AS integer), last_status_code),
    last_modified_at = CAST(? AS bigint), last_modified_by = ? WHERE id = ? AND status = ? AND active = true`;
const reportedIn = statement('action-reported-in', REPORTED);
// PostgreSQL only: SQLite has no data-modifying WITH, and runs the two statements in-process
const reportEntry = statement(
  'action-report-entry',
  `WITH reported AS (${REPORTED} RETURNING id) INSERT INTO action_status (action_id, status, messages, code, reported_at)
    SELECT id, CAST(? AS text), CAST(? AS text), CAST(? AS integer), CAST(? AS bigint) FROM reported`,
);

/** Appends status entries, one per action, in one statement; each entry's messages: its server message, then the caller's. */
async function appendEntries(
  trx: Queryable,
  entries: readonly { readonly actionId: number; readonly entry: ReturnType<typeof transitionEntry> }[],
  { now, messages = [], code }: ActionEventOptions,
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(({ actionId, entry }) => ({
    action_id: actionId,
    type: entry.type,
    messages: JSON.stringify(entry.message === undefined ? [...messages] : [entry.message, ...messages]),
  }));
  await insertEntries.run(trx, code ?? null, now, JSON.stringify(rows));
}

/** The writer of actions (decision 261): their creation, their moves, and the locked reads that come before them. */
export const actionStore = {
  createAction,
  createActions,
  moveActions,
  lockedActionsInStatus,
  lockedActiveActions,
  lockTargetsOfActiveActions,
  cancelActiveActions,
  recordReportEntry,
};

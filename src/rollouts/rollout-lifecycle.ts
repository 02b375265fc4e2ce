/**
 * The rollout and deploy-group state machines: every status, every event, every allowed move, in two tables
 * on one screen, and the only functions that write a rollout's or a group's `status`. The README's "Rollout
 * lifecycle" diagrams are checked against the tables by a test.
 *
 * The README's "Rollout lifecycle" (the whole table), with hawkBit's group statuses (RolloutGroupStatus:
 * `ready` before the start and `error` when the error threshold trips), decision 4 (stop marks
 * unfinished groups `stopped`), decisions 100–105 (scheduled start, rescheduling, triggering the next
 * group, retry, a group's PAUSE success action) and 200 (a group whose actions have all closed finishes).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { created, modified } from '../db/audit.js';
import { afterCommit } from '../db/transaction.js';
import { recordEvents, type OutboxEvent } from '../events/outbox.js';
import { rolloutGroupStore, type NewGroupRow } from './rollout-group-store.js';
import { rolloutStore, type NewRolloutRow, type RolloutColumns } from './rollout-store.js';

export const ROLLOUT_STATUSES = ['ready', 'waiting_for_approval', 'approval_denied', 'running', 'paused', 'stopping', 'stopped', 'finished'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

export const GROUP_STATUSES = ['ready', 'scheduled', 'running', 'finished', 'error', 'stopped'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** A guarded cell: the status when the named guard holds, else `else`. */
type Branches<S extends string> = Readonly<Record<string, S>> & { readonly else: S };
/** `none` is the pseudo-state before creation and after deletion (`[*]` in the diagrams). */
type Table<S extends string> = Readonly<Record<string, Partial<Readonly<Record<S | 'none', S | 'none' | Branches<S>>>>>>;

const stop = { inFlight: 'stopping', else: 'stopped' } as const;

/** `ROLLOUT_TRANSITIONS[event][from]` is the status after `event` in `from`; a missing cell is refused (400). */
export const ROLLOUT_TRANSITIONS = {
  created: { none: { approvalRequired: 'waiting_for_approval', else: 'ready' } },
  approved: { waiting_for_approval: 'ready' },
  denied: { waiting_for_approval: 'approval_denied' },
  started: { ready: 'running' },
  // the evaluator, at the first run at or after the rollout's startAt (decision 100)
  scheduledStartReached: { ready: 'running' },
  // PUT startAt: only before the start (decision 100)
  rescheduled: { ready: 'ready', waiting_for_approval: 'waiting_for_approval' },
  paused: { running: 'paused' },
  // the service evaluates the rollout at once after this move
  resumed: { paused: 'running' },
  errorThresholdReached: { running: 'paused' },
  // a group finished (`succeeded` or `completed`); one whose success action is PAUSE pauses the rollout
  // while groups remain (decision 105)
  groupSucceeded: { running: { pauseAfter: 'paused', else: 'running' } },
  // the next scheduled group starts now, whatever the running ones' conditions and soak times (decision 102)
  nextGroupTriggered: { running: 'running' },
  // static rollouts only: a dynamic rollout runs until stopped
  lastGroupFinished: { running: 'finished' },
  stopRequested: { ready: stop, waiting_for_approval: stop, approval_denied: stop, running: stop, paused: stop },
  // the evaluator: the devices acknowledged their cancels, or the operator force-cancelled the actions
  cancelsSettled: { stopping: 'stopped' },
  // a new rollout over the failed targets; the finished one stays as it is (decision 103)
  retried: { finished: 'finished' },
  deleted: Object.fromEntries(ROLLOUT_STATUSES.map((status) => [status, 'none'])),
} as const satisfies Table<RolloutStatus>;

/** `GROUP_TRANSITIONS[event][from]`, likewise for deploy groups. */
export const GROUP_TRANSITIONS = {
  created: { none: 'ready' },
  // a dynamic group opened while the rollout runs waits when an earlier group is still scheduled or running
  opened: { none: { waiting: 'scheduled', else: 'running' } },
  rolloutStarted: { ready: 'scheduled' },
  started: { scheduled: 'running' },
  // the operator's triggerNextGroup, before the evaluator would start it (decision 102)
  triggered: { scheduled: 'running' },
  succeeded: { running: 'finished' },
  // every action closed below the success threshold, the error threshold not tripped: the group is done
  // all the same and its success action fires (hawkBit's isRolloutGroupComplete, decision 200)
  completed: { running: 'finished' },
  errorThresholdReached: { running: 'error' },
  // finished and errored groups keep their outcome
  stopped: { ready: 'stopped', scheduled: 'stopped', running: 'stopped' },
} as const satisfies Table<GroupStatus>;

export type RolloutEvent = keyof typeof ROLLOUT_TRANSITIONS;
export type GroupEvent = keyof typeof GROUP_TRANSITIONS;
/**
 * Guard inputs: `approvalRequired` (config `rollout_approval_enabled`), `inFlight` (active actions remain),
 * `waiting`, `pauseAfter` (the group's success action is PAUSE and groups remain scheduled).
 */
export type Guards = Readonly<Partial<Record<'approvalRequired' | 'inFlight' | 'waiting' | 'pauseAfter', boolean>>>;

function next<S extends string>(table: Table<S>, event: string, from: S | undefined, guards: Guards): S | 'none' | undefined {
  const cell: S | 'none' | Branches<S> | undefined = table[event]?.[from ?? 'none'];
  if (cell === undefined || typeof cell === 'string') return cell;
  const held = Object.keys(cell).find((guard) => guard !== 'else' && guards[guard as keyof Guards] === true);
  return held === undefined ? cell.else : cell[held];
}

/** The rollout's status after `event` (`none`: deleted), or undefined when the table refuses the move. */
export const nextRolloutStatus = (from: RolloutStatus | undefined, event: RolloutEvent, guards: Guards = {}) =>
  next<RolloutStatus>(ROLLOUT_TRANSITIONS, event, from, guards);

/** The group's status after `event`, or undefined when the table refuses the move. */
export const nextGroupStatus = (from: GroupStatus | undefined, event: GroupEvent, guards: Guards = {}) =>
  next<GroupStatus>(GROUP_TRANSITIONS, event, from, guards) as GroupStatus | undefined;

export interface Change {
  readonly now: number;
  readonly actor: string;
  /** where the moves are logged at info once their transaction commits (decision 236) */
  readonly logger: Logger;
}

/** What a move's log line may add: the counts and thresholds behind a verdict. */
export type MoveDetail = Readonly<Record<string, unknown>>;

/** `rollout status changed`: one line per move of a rollout that changes its status. */
function logRolloutMove(trx: Knex, rolloutId: number, from: RolloutStatus | null, to: RolloutStatus | 'none', event: RolloutEvent, change: Change) {
  const line = { rolloutId, from, to: to === 'none' ? 'deleted' : to, event, actor: change.actor };
  afterCommit(trx, () => change.logger.info(line, 'rollout status changed'));
}

/**
 * `rollout group status changed`: one line per rollout and pair of statuses before and after the event, naming
 * the groups, so that starting or stopping a rollout of 500 groups is one line.
 */
function logGroupMoves(
  trx: Knex,
  moves: readonly { readonly rolloutId: number; readonly id: number; readonly from: GroupStatus | null; readonly to: GroupStatus }[],
  event: GroupEvent,
  change: Change,
  detail: MoveDetail,
) {
  if (moves.length === 0) return;
  const lines = new Map<string, { rolloutId: number; groupIds: number[]; from: GroupStatus | null; to: GroupStatus }>();
  for (const { rolloutId, id, from, to } of moves) {
    const key = `${rolloutId} ${from} ${to}`;
    const line = lines.get(key) ?? { rolloutId, groupIds: [], from, to };
    line.groupIds.push(id);
    lines.set(key, line);
  }
  afterCommit(trx, () => {
    for (const line of lines.values()) change.logger.info({ ...line, event, actor: change.actor, ...detail }, 'rollout group status changed');
  });
}

/**
 * Inserts a rollout through `created`.
 * @returns the new rollout's id and status
 */
export async function insertRollout(trx: Knex, row: NewRolloutRow, guards: Guards, change: Change) {
  const { now, actor } = change;
  const status = nextRolloutStatus(undefined, 'created', guards) as RolloutStatus;
  const id = await rolloutStore.insert(trx, row, status, created(actor, now));
  await recordEvents(trx, [{ type: 'rollout.statusChanged', data: { rolloutId: id, previousStatus: null, status } }], now);
  logRolloutMove(trx, id, null, status, 'created', change);
  return { id, status };
}

/**
 * Moves a rollout by `event` if the table allows it, writing `columns` with it; `deleted` deletes the row
 * (its groups go with it, its actions stay without it).
 * @returns the new status, or undefined when refused (nothing is written)
 */
export async function moveRollout(
  trx: Knex,
  rollout: { readonly id: number; readonly status: RolloutStatus },
  event: RolloutEvent,
  change: Change,
  guards: Guards = {},
  columns: RolloutColumns = {},
): Promise<RolloutStatus | 'none' | undefined> {
  const { now, actor } = change;
  const to = nextRolloutStatus(rollout.status, event, guards);
  if (to === 'none') await rolloutStore.delete(trx, rollout.id);
  else if (to !== undefined) await rolloutStore.writeStatus(trx, rollout.id, to, columns, modified(actor, now));
  if (to !== undefined && to !== rollout.status) {
    const data = { rolloutId: rollout.id, previousStatus: rollout.status, status: to === 'none' ? 'deleted' : to };
    await recordEvents(trx, [{ type: 'rollout.statusChanged', data }], now);
    logRolloutMove(trx, rollout.id, rollout.status, to, event, change);
  }
  return to;
}

/**
 * Inserts groups through `created` or `opened`.
 * @returns their ids and status, in order
 */
export async function insertGroups(trx: Knex, rows: readonly NewGroupRow[], event: 'created' | 'opened', guards: Guards, change: Change) {
  if (rows.length === 0) return [];
  const { now, actor } = change;
  const status = nextGroupStatus(undefined, event, guards) as GroupStatus;
  const ids = await rolloutGroupStore.insert(trx, rows, status, status === 'running' ? now : null, created(actor, now));
  const moves = ids.map((id, index) => ({ rolloutId: (rows[index] as NewGroupRow).rolloutId, id, from: null, to: status }));
  logGroupMoves(trx, moves, event, change, {});
  return ids.map((id) => ({ id, status }));
}

/**
 * Moves the given groups by `event`; the table refuses a group in any other state, and it keeps its status.
 * A group entering `running` records when (its soak time counts from then, decision 104). `detail` goes
 * into the log line (the counts behind a verdict).
 * @returns the ids of the groups moved
 */
export async function moveGroups(
  trx: Knex,
  groups: readonly { readonly rolloutId: number; readonly id: number; readonly status: GroupStatus }[],
  event: GroupEvent,
  change: Change,
  detail: MoveDetail = {},
): Promise<number[]> {
  const { now, actor } = change;
  const moves: { rolloutId: number; id: number; from: GroupStatus; to: GroupStatus }[] = [];
  const finished: number[] = [];
  for (const group of groups) {
    const to = nextGroupStatus(group.status, event);
    if (to === undefined) continue;
    await rolloutGroupStore.writeStatus(trx, group.id, to, to === 'running' ? now : undefined, modified(actor, now));
    moves.push({ rolloutId: group.rolloutId, id: group.id, from: group.status, to });
    if (to === 'finished') finished.push(group.id);
  }
  logGroupMoves(trx, moves, event, change, detail);
  if (finished.length > 0) {
    const rows = await rolloutGroupStore.names(trx, finished);
    const events = rows.map((row): OutboxEvent => ({
      type: 'rolloutGroup.finished',
      data: { rolloutId: row.rolloutId, rolloutGroupId: row.id, name: row.name },
    }));
    await recordEvents(trx, events, now);
  }
  return moves.map((move) => move.id);
}

import type { Knex } from 'knex';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { isRowId } from '../db/row-id.js';
import { lockingActions, lockTargetsOf } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import type { TargetDetails } from '../targets/target-model.js';
import type { TargetService } from '../targets/target-service.js';
import { createRollout } from './rollout-creation.js';
import { lockRollout, type RolloutContext } from './rollout-context.js';
import { firstScheduled, zeroCounts } from './rollout-decisions.js';
import { moveRollout, nextRolloutStatus, type Change, type RolloutEvent } from './rollout-lifecycle.js';
import { GROUP_FIQL_FIELDS, ROLLOUT_FIQL_FIELDS } from './rollout-fields.js';
import { groupCounts, groupOf, groupsOf, rolloutNotFound, rolloutsOf, type GroupRow, type RolloutRow } from './rollout-queries.js';
import { retryRollout } from './rollout-retry.js';
import { beginRollout, evaluateRunning, startGroup } from './rollout-steps.js';
import { cancelRolloutActions, illegalState, stopLockedRollout } from './rollout-stop.js';
import type { NewRollout, Rollout, RolloutChanges, RolloutGroup } from './rollout.js';

/**
 * Rollouts on the management side (README "Management API", "Rollout lifecycle"). Every operation runs in
 * one transaction with the rollout's row locked; a move the status table refuses is 400
 * `hawkbit.server.error.rollout.illegalState`. Unknown rollouts and groups are 404 entityNotFound.
 */
export interface RolloutService {
  /** Creates a rollout, see `createRollout` for its rules and errors. */
  create(input: NewRollout, actor: string): Promise<Rollout>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<Rollout>>;
  get(id: number): Promise<Rollout>;
  /** Deletes the rollout with its groups; its active actions are asked to cancel (decision 4). Any status. */
  remove(id: number, actor: string): Promise<void>;
  /** waiting_for_approval → ready, recording who decided and the remark. */
  approve(id: number, remark: string | undefined, actor: string): Promise<void>;
  /** waiting_for_approval → approval_denied (terminal: only delete remains). */
  deny(id: number, remark: string | undefined, actor: string): Promise<void>;
  /** ready → running: every group waits its turn, the first starts and its targets get their actions. */
  start(id: number, actor: string): Promise<void>;
  /** running → paused: the evaluator leaves it alone; actions already issued go on. */
  pause(id: number, actor: string): Promise<void>;
  /** paused → running, evaluated at once (a group that errored stays so; the next group may start). */
  resume(id: number, actor: string): Promise<void>;
  /** → stopping or stopped, see `stopLockedRollout`; 400 once stopping, stopped or finished. */
  stop(id: number, actor: string): Promise<void>;
  /**
   * Changes name and description (any status) and startAt (only ready or waiting_for_approval, decision 100).
   * @throws DomainError rolloutIllegalState, entityAlreadyExists (name)
   */
  update(id: number, changes: RolloutChanges, actor: string): Promise<Rollout>;
  /**
   * Starts the first scheduled group of a running rollout now, whatever the running groups' conditions and
   * soak times (decision 102). @throws DomainError rolloutIllegalState (not running, no scheduled group)
   */
  triggerNextGroup(id: number, actor: string): Promise<void>;
  /** A new rollout over a finished rollout's failed targets, see `retryRollout`. */
  retry(id: number, actor: string): Promise<Rollout>;
  /** @throws DomainError entityNotFound, rsql* */
  groups(id: number, page: PageRequest, q?: string): Promise<Page<RolloutGroup>>;
  group(id: number, groupId: number): Promise<RolloutGroup>;
  /** The targets of a group. @throws DomainError entityNotFound, rsql* */
  groupTargets(id: number, groupId: number, page: PageRequest, q?: string): Promise<Page<TargetDetails>>;
}

const groupNotFound = (id: number) => new DomainError(ErrorCode.entityNotFound, `RolloutGroup with given identifier {${id}} does not exist.`);

export function createRolloutService(ctx: RolloutContext, targets: TargetService): RolloutService {
  const { db, clock } = ctx;

  const find = async (trx: Knex, id: number): Promise<Rollout> => {
    const row = isRowId(id) ? ((await trx('rollouts').where('id', id).first()) as RolloutRow | undefined) : undefined;
    if (!row) throw rolloutNotFound(id);
    return (await rolloutsOf(trx, [row]))[0] as Rollout;
  };
  const groupRow = async (id: number, groupId: number) => {
    await find(db, id);
    const row = (await db('rollout_groups').where({ id: groupId, rollout_id: id }).first()) as GroupRow | undefined;
    if (!row) throw groupNotFound(groupId);
    return row;
  };

  /** Runs `then` after `event` moved the locked rollout; refused: illegalState. */
  const operate = (id: number, event: RolloutEvent, actor: string, then?: (trx: Knex, rollout: RolloutRow, change: Change) => Promise<void>, columns = {}) =>
    inTransaction(db, async (trx) => {
      const rollout = await lockRollout(trx, id);
      const change = { now: clock(), actor };
      const to = await moveRollout(trx, rollout, event, change, {}, columns);
      if (to === undefined) throw illegalState(rollout, event);
      if (then) await then(trx, { ...rollout, ...columns, status: to === 'none' ? rollout.status : to }, change);
    });

  return {
    async create(input, actor) {
      return find(db, await createRollout(ctx, input, actor));
    },
    async list(request, q) {
      const builder = db('rollouts').select('rollouts.*');
      if (q !== undefined) builder.where(compileFiql(q, ROLLOUT_FIQL_FIELDS));
      const { rows, total } = await fetchPage<RolloutRow>(builder, request, 'rollouts.id');
      return { rows: await rolloutsOf(db, rows), total };
    },
    get: (id) => find(db, id),
    remove: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockRollout(trx, id);
        // Deleting the rollout clears the rollout of every action it created, closed ones too: decision 40's
        // order for all of them, their targets and then the actions.
        const all = () => trx('actions').where('rollout_id', id);
        await lockTargetsOf(trx, all().select('target_id'));
        await lockingActions(trx, all()).select('id');
        const change = { now: clock(), actor };
        await cancelRolloutActions(trx, id, 'soft', change);
        await moveRollout(trx, rollout, 'deleted', change);
      }),
    approve: (id, remark, actor) => operate(id, 'approved', actor, undefined, { approval_decided_by: actor, approval_remark: remark ?? null }),
    deny: (id, remark, actor) => operate(id, 'denied', actor, undefined, { approval_decided_by: actor, approval_remark: remark ?? null }),
    start: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockRollout(trx, id);
        if (!(await beginRollout(trx, ctx, rollout, 'started', { now: clock(), actor }))) throw illegalState(rollout, 'started');
      }),
    pause: (id, actor) => operate(id, 'paused', actor),
    resume: (id, actor) => operate(id, 'resumed', actor, (trx, rollout, change) => evaluateRunning(trx, ctx, rollout, change)),
    stop: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockRollout(trx, id);
        if ((await stopLockedRollout(trx, rollout, 'soft', { now: clock(), actor })) === undefined) throw illegalState(rollout, 'stopped');
      }),
    async update(id, changes, actor) {
      await inTransaction(db, async (trx) => {
        const rollout = await lockRollout(trx, id);
        if (changes.startAt !== undefined && nextRolloutStatus(rollout.status, 'rescheduled') === undefined) throw illegalState(rollout, 'rescheduled');
        if (changes.name !== undefined && (await trx('rollouts').where('name', changes.name).whereNot('id', id).first('id'))) {
          throw new DomainError(ErrorCode.entityAlreadyExists, `Rollout with name {${changes.name}} already exists`);
        }
        const columns = {
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
        };
        const change = { now: clock(), actor };
        if (changes.startAt !== undefined) await moveRollout(trx, rollout, 'rescheduled', change, {}, { ...columns, start_at: changes.startAt });
        else
          await trx('rollouts')
            .where('id', id)
            .update({ ...columns, last_modified_at: change.now, last_modified_by: actor });
      });
      return find(db, id);
    },
    triggerNextGroup: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockRollout(trx, id);
        if (nextRolloutStatus(rollout.status, 'nextGroupTriggered') === undefined) {
          throw new DomainError(ErrorCode.rolloutIllegalState, `Rollout {${id}} is ${rollout.status}: only a running rollout starts its next group.`);
        }
        const next = firstScheduled(await groupsOf(trx, id));
        if (next === undefined) throw new DomainError(ErrorCode.rolloutIllegalState, `Rollout {${id}} has no scheduled group left to start.`);
        const change = { now: clock(), actor };
        await moveRollout(trx, rollout, 'nextGroupTriggered', change);
        await startGroup(trx, ctx, rollout, next, 'triggered', change);
      }),
    async retry(id, actor) {
      return find(db, await retryRollout(ctx, id, actor));
    },
    async groups(id, request, q) {
      await find(db, id);
      const builder = db('rollout_groups').where('rollout_id', id).select('rollout_groups.*');
      if (q !== undefined) builder.where(compileFiql(q, GROUP_FIQL_FIELDS));
      const { rows, total } = await fetchPage<GroupRow>(builder, request, 'rollout_groups.id');
      const counts = await groupCounts(db, rows);
      return { rows: rows.map((row) => groupOf(row, counts.get(row.id) ?? zeroCounts())), total };
    },
    async group(id, groupId) {
      const row = await groupRow(id, groupId);
      return groupOf(row, (await groupCounts(db, [row])).get(row.id) ?? zeroCounts());
    },
    async groupTargets(id, groupId, request, q) {
      await groupRow(id, groupId);
      return targets.listIn(db('rollout_group_targets').where('rollout_group_id', groupId).select('target_id'), request, q);
    },
  };
}

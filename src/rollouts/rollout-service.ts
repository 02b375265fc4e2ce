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
import { zeroCounts } from './rollout-decisions.js';
import { moveGroups, moveRollout, type Change, type RolloutEvent } from './rollout-lifecycle.js';
import { GROUP_FIQL_FIELDS, ROLLOUT_FIQL_FIELDS } from './rollout-fields.js';
import { groupCounts, groupOf, rolloutNotFound, rolloutsOf, type GroupRow, type RolloutRow } from './rollout-queries.js';
import { evaluateRunning } from './rollout-steps.js';
import { cancelRolloutActions, illegalState, stopLockedRollout } from './rollout-stop.js';
import type { NewRollout, Rollout, RolloutGroup } from './rollout.js';

/**
 * Rollouts on the management side (spec "Rollouts" endpoints, "Rollout status"). Every operation runs in
 * one transaction with the rollout's row locked; a move the status table refuses is 400
 * `hawkbit.server.error.rollout.illegalState`. Unknown rollouts and groups are 404 entityNotFound.
 */
export interface RolloutService {
  /** Creates a rollout, see `createRollout` for its rules and errors. */
  create(input: NewRollout, actor: string): Promise<Rollout>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<Rollout>>;
  get(id: number): Promise<Rollout>;
  /** Deletes the rollout with its groups; its active actions are asked to cancel (NOTES #4). Any status. */
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
      operate(id, 'started', actor, async (trx, rollout, change) => {
        await moveGroups(trx, (await trx('rollout_groups').where('rollout_id', id).orderBy('position')) as GroupRow[], 'rolloutStarted', change);
        await evaluateRunning(trx, ctx, rollout, change);
      }),
    pause: (id, actor) => operate(id, 'paused', actor),
    resume: (id, actor) => operate(id, 'resumed', actor, (trx, rollout, change) => evaluateRunning(trx, ctx, rollout, change)),
    stop: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockRollout(trx, id);
        if ((await stopLockedRollout(trx, rollout, 'soft', { now: clock(), actor })) === undefined) throw illegalState(rollout, 'stopped');
      }),
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

import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { isRowId } from '../db/row-id.js';
import { inTransaction } from '../db/transaction.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import type { TargetDetails } from '../targets/target-model.js';
import type { TargetService } from '../targets/target-service.js';
import { createRollout } from './rollout-creation.js';
import { changeBy, lockedRollout, type RolloutContext } from './rollout-context.js';
import { firstScheduled } from './rollout-decisions.js';
import { moveRollout, nextRolloutStatus, type Change, type RolloutEvent } from './rollout-lifecycle.js';
import { GROUP_FIQL_FIELDS, ROLLOUT_FIQL_FIELDS } from './rollout-fields.js';
import { rolloutGroupStore } from './rollout-group-store.js';
import { retryRollout } from './rollout-retry.js';
import { beginRollout, evaluateRunning, startGroup } from './rollout-steps.js';
import { cancelRolloutActions, illegalState, stopLockedRollout } from './rollout-stop.js';
import { rolloutStore, type RolloutColumns, type RolloutRow } from './rollout-store.js';
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
  list(query: ListRequest): Promise<Page<Rollout>>;
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
  groups(id: number, query: ListRequest): Promise<Page<RolloutGroup>>;
  group(id: number, groupId: number): Promise<RolloutGroup>;
  /** The targets of a group. @throws DomainError entityNotFound, rsql* */
  groupTargets(id: number, groupId: number, query: ListRequest): Promise<Page<TargetDetails>>;
  /** Folds the group count changes PostgreSQL's triggers appended (decision 265). */
  foldCounts(): Promise<void>;
}

/**
 * @param logger the warnings of the steps an operation takes (a group started, targets absorbed), as the
 *   evaluator's; the skipped targets it warns about are remembered apart from the evaluator's (decision 263)
 */
export function createRolloutService(db: Knex, clock: Clock, config: Config, logger: Logger, targets: TargetService): RolloutService {
  const ctx: RolloutContext = { db, clock, config, logger, warnedTargets: new Set<string>() };

  const find = async (trx: Knex, id: number): Promise<Rollout> => {
    const row = isRowId(id) ? await rolloutStore.find(trx, id) : undefined;
    if (!row) throw notFound('Rollout', id);
    return (await rolloutStore.withCounts(trx, [row]))[0] as Rollout;
  };
  const groupRow = async (id: number, groupId: number) => {
    await find(db, id);
    const row = await rolloutGroupStore.find(db, id, groupId);
    if (!row) throw notFound('RolloutGroup', groupId);
    return row;
  };

  /** Runs `then` after `event` moved the locked rollout; refused: illegalState. */
  const operate = (
    id: number,
    event: RolloutEvent,
    actor: string,
    then?: (trx: Knex, rollout: RolloutRow, change: Change) => Promise<void>,
    columns: RolloutColumns = {},
  ) =>
    inTransaction(db, async (trx) => {
      const rollout = await lockedRollout(trx, id);
      const change = changeBy(ctx, actor);
      const to = await moveRollout(trx, rollout, event, change, {}, columns);
      if (to === undefined) throw illegalState(rollout, event);
      if (then) await then(trx, { ...rollout, ...columns, status: to === 'none' ? rollout.status : to }, change);
    });

  return {
    async create(input, actor) {
      return find(db, await createRollout(ctx, input, actor));
    },
    async list({ page, q }) {
      const { rows, total } = await rolloutStore.page(db, page, q, ROLLOUT_FIQL_FIELDS);
      return { rows: await rolloutStore.withCounts(db, rows), total };
    },
    get: (id) => find(db, id),
    remove: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockedRollout(trx, id);
        // Deleting the rollout clears the rollout of every action it created, closed ones too: decision 40's
        // order for all of them, their targets and then the actions.
        await rolloutStore.lockActions(trx, id);
        const change = changeBy(ctx, actor);
        await cancelRolloutActions(trx, id, 'soft', change);
        await moveRollout(trx, rollout, 'deleted', change);
      }),
    approve: (id, remark, actor) => operate(id, 'approved', actor, undefined, { approvalDecidedBy: actor, approvalRemark: remark ?? null }),
    deny: (id, remark, actor) => operate(id, 'denied', actor, undefined, { approvalDecidedBy: actor, approvalRemark: remark ?? null }),
    async start(id, actor) {
      await inTransaction(db, async (trx) => {
        const rollout = await lockedRollout(trx, id);
        if (!(await beginRollout(trx, ctx, rollout, 'started', changeBy(ctx, actor)))) throw illegalState(rollout, 'started');
      });
    },
    pause: (id, actor) => operate(id, 'paused', actor),
    resume: (id, actor) => operate(id, 'resumed', actor, (trx, rollout, change) => evaluateRunning(trx, ctx, rollout, change)),
    stop: (id, actor) =>
      inTransaction(db, async (trx) => {
        const rollout = await lockedRollout(trx, id);
        if ((await stopLockedRollout(trx, rollout, 'soft', changeBy(ctx, actor))) === undefined) throw illegalState(rollout, 'stopped');
      }),
    async update(id, changes, actor) {
      await inTransaction(db, async (trx) => {
        const rollout = await lockedRollout(trx, id);
        if (changes.startAt !== undefined && nextRolloutStatus(rollout.status, 'rescheduled') === undefined) throw illegalState(rollout, 'rescheduled');
        if (changes.name !== undefined && (await rolloutStore.nameTaken(trx, changes.name, id))) {
          throw alreadyExists('Rollout', { name: changes.name });
        }
        const columns = {
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
        };
        const change = changeBy(ctx, actor);
        if (changes.startAt !== undefined) await moveRollout(trx, rollout, 'rescheduled', change, {}, { ...columns, startAt: changes.startAt });
        else await rolloutStore.update(trx, id, columns, modified(actor, change.now));
      });
      return find(db, id);
    },
    async triggerNextGroup(id, actor) {
      await inTransaction(db, async (trx) => {
        const rollout = await lockedRollout(trx, id);
        if (nextRolloutStatus(rollout.status, 'nextGroupTriggered') === undefined) {
          throw new DomainError(ErrorCode.rolloutIllegalState, `Rollout {${id}} is ${rollout.status}: only a running rollout starts its next group.`);
        }
        const next = firstScheduled(await rolloutGroupStore.ofRollout(trx, id));
        if (next === undefined) throw new DomainError(ErrorCode.rolloutIllegalState, `Rollout {${id}} has no scheduled group left to start.`);
        const change = changeBy(ctx, actor);
        await moveRollout(trx, rollout, 'nextGroupTriggered', change);
        await startGroup(trx, ctx, rollout, next, 'triggered', change);
      });
    },
    async retry(id, actor) {
      return find(db, await retryRollout(ctx, id, actor));
    },
    async groups(id, { page, q }) {
      await find(db, id);
      const { rows, total } = await rolloutGroupStore.page(db, id, page, q, GROUP_FIQL_FIELDS);
      return { rows: await rolloutGroupStore.withCounts(db, rows), total };
    },
    async group(id, groupId) {
      const row = await groupRow(id, groupId);
      return (await rolloutGroupStore.withCounts(db, [row]))[0] as RolloutGroup;
    },
    async groupTargets(id, groupId, query) {
      await groupRow(id, groupId);
      // the group's size as the triggers keep it, when no filter narrows the list (decision 278)
      const total = query.q === undefined ? await rolloutGroupStore.keptSize(db, groupId) : undefined;
      return targets.listIn(rolloutGroupStore.memberIdQuery(db, groupId), query, total);
    },
    foldCounts: () => rolloutGroupStore.foldCounts(db),
  };
}

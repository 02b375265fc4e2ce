/**
 * Auto-assignment (README "Target filters and auto-assignment"): a running auto-assignment's set goes to
 * every target its query matches that does not have the set assigned and has no active action (decision 8),
 * when a target filter's set is attached, when a device registers itself or uploads attributes
 * (`autoAssignTarget`), and in the periodic sweep, which first starts the ready auto-assignments whose
 * startAt has come (hawkBit master's JpaAutoAssignHandler). Targets whose type does not accept the set, or
 * that hold `max_actions_per_target` actions, are skipped.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { actionStore } from '../actions/action-store.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { modified } from '../db/audit.js';
import { lockDistributionSet, lockTargets } from '../db/row-locks.js';
import { afterCommit, inTransaction } from '../db/transaction.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { ASSIGNING_STATUSES, nextStatus, type AutoAssignment } from './auto-assignment-lifecycle.js';
import { autoAssignmentStore as store } from './auto-assignment-store.js';
import { targetFilterStore as sql, type AutoAssignScope } from './target-filter-store.js';
import { AUTO_ASSIGNMENT_CHUNK } from '../db/chunks.js';

/** What auto-assignment runs on. */
export interface AutoAssignmentContext {
  readonly db: Knex;
  readonly clock: Clock;
  readonly config: Config;
}

interface RunState {
  readonly scope: AutoAssignScope;
  readonly assignment: AutoAssignment;
}

/**
 * Assigns an auto-assignment's set to its candidates (all of them, or the one target `controllerId`), in
 * transactions of {@link AUTO_ASSIGNMENT_CHUNK} targets, through `createAction`. Nothing happens unless it is running and its
 * set is still valid and complete.
 * @returns the number of actions created
 */
export async function runAutoAssignment(ctx: AutoAssignmentContext, id: number, controllerId?: string): Promise<number> {
  let assigned = 0;
  let after = 0;
  for (;;) {
    const state = await runState(ctx.db, id);
    if (state === undefined) return assigned;
    const ids = await sql.candidateIds(ctx.db, state.scope, ctx.config.quota.maxActionsPerTarget, { after, limit: AUTO_ASSIGNMENT_CHUNK, controllerId });
    if (ids.length === 0) return assigned;
    assigned += await inTransaction(ctx.db, (trx) => assignChunk(trx, ctx, id, ids));
    if (ids.length < AUTO_ASSIGNMENT_CHUNK) return assigned;
    after = ids[ids.length - 1] as number;
  }
}

/**
 * Runs every running auto-assignment for one target (DDI auto-registration and configData), in id order;
 * the first that assigns wins, as the target then has an active action.
 * @returns whether the target got an action
 */
export async function autoAssignTarget(ctx: AutoAssignmentContext, controllerId: string): Promise<boolean> {
  for (const id of await store.idsIn(ctx.db, ASSIGNING_STATUSES)) {
    if ((await runAutoAssignment(ctx, id, controllerId)) > 0) return true;
  }
  return false;
}

/**
 * The periodic sweep: starts the ready auto-assignments whose startAt has come, then runs every running one.
 * One that fails does not stop the others; the failures are thrown together at the end, for the scheduler
 * to log. Each start and each auto-assignment that assigned targets is one `info` line (decision 236); a
 * sweep that changed nothing logs nothing.
 * @returns the number of actions created
 */
export async function sweepAutoAssignments(ctx: AutoAssignmentContext, logger: Logger): Promise<number> {
  await startDue(ctx, logger);
  let assigned = 0;
  const failures: unknown[] = [];
  for (const id of await store.idsIn(ctx.db, ASSIGNING_STATUSES)) {
    try {
      const created = await runAutoAssignment(ctx, id);
      if (created > 0) logger.info({ autoAssignmentId: id, assigned: created }, 'auto-assignment assigned targets');
      assigned += created;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `auto-assignment failed for ${failures.length} auto-assignment(s)`);
  return assigned;
}

/** ready → running for each due auto-assignment, under its row lock so that a concurrent move wins or waits. */
async function startDue({ db, clock }: AutoAssignmentContext, logger: Logger): Promise<void> {
  const now = clock();
  for (const id of await store.dueIds(db, now)) {
    await inTransaction(db, async (trx) => {
      const current = await store.find(trx, id, true);
      if (current?.status !== 'ready' || (current.startAt !== null && current.startAt > now)) return;
      const to = nextStatus('startAtReached', current.status);
      await store.update(trx, id, { status: to }, modified('system', now));
      const line = { autoAssignmentId: id, from: current.status, to, event: 'startAtReached', actor: 'system' };
      afterCommit(trx, () => logger.info(line, 'auto-assignment status changed'));
    });
  }
}

/** The auto-assignment, if it is running and its set may still be assigned (valid and complete). */
async function runState(db: Knex, id: number): Promise<RunState | undefined> {
  const assignment = await store.find(db, id);
  if (!assignment || !ASSIGNING_STATUSES.includes(assignment.status)) return undefined;
  const set = await distributionSetStore.row(db, assignment.distributionSetId);
  if (!set || !set.valid || !set.complete) return undefined;
  return { scope: { query: assignment.query, distributionSetId: set.id, distributionSetTypeId: set.typeId }, assignment };
}

/**
 * One transaction: the set and the auto-assignment are locked against invalidation and changes, in the
 * order an invalidation takes them, then the targets against concurrent assignments (decision 40;
 * PostgreSQL, SQLite has one writer); then the candidates are checked again under those locks.
 */
async function assignChunk(trx: Knex, { clock, config }: AutoAssignmentContext, id: number, ids: readonly number[]) {
  const setId = await store.setIdOf(trx, id);
  if (setId === undefined) return 0;
  await lockDistributionSet(trx, setId, 'share');
  if ((await store.setIdOf(trx, id, true)) !== setId) return 0;
  await lockTargets(trx, ids);
  const state = await runState(trx, id);
  if (state === undefined) return 0;
  const targets = await sql.candidatesAmong(trx, state.scope, config.quota.maxActionsPerTarget, ids);
  const { distributionSetId, actionType, confirmationRequired, createdBy, name } = state.assignment;
  const now = clock();
  for (const target of targets) {
    await actionStore.createAction(
      trx,
      { targetId: target.id, distributionSetId, actionType },
      { confirmationRequired: config.ddi.confirmationFlow && confirmationRequired && !target.autoConfirmActive },
      { now, actor: createdBy, messages: [`Auto assignment: ${name}`] },
    );
  }
  return targets.length;
}

import type { Knex } from 'knex';
import { dialectOf } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { lockRollout, type RolloutContext } from './rollout-context.js';
import { STEPS } from './rollout-steps.js';

/** The actor of the evaluator's moves, as hawkBit's scheduler records it. */
export const EVALUATOR_ACTOR = 'system';
/**
 * The evaluator's `pg_try_advisory_lock` keys: 'falc' as the first int4, and a hash of the schema as the
 * second. Advisory locks belong to the whole database, so without the schema two Falconet installations
 * in one database (each in its own schema, as the test suite runs them) would skip each other's ticks.
 */
const LOCK_KEYS = `${0x66616c63}, hashtext(current_schema())`;

/** The outcome of one tick. */
export interface TickResult {
  /** false when another process held the evaluator lock and this tick did nothing */
  readonly evaluated: boolean;
  /** rollouts whose step ran */
  readonly rollouts: number;
}

export interface RolloutEvaluator {
  /**
   * One evaluation of every rollout that has a step for its status (running, stopping, and ready once its
   * start time has come; hawkBit's RolloutScheduler, decision 100), each step
   * in its own transaction with the rollout's row locked. On PostgreSQL one process at a time evaluates
   * (an advisory lock; the others skip the tick). A failing rollout does not stop the others; the failures
   * are thrown together at the end, for the scheduler to log.
   */
  tick(): Promise<TickResult>;
}

export function createRolloutEvaluator(ctx: RolloutContext): RolloutEvaluator {
  const { db, clock, logger } = ctx;

  const evaluateAll = async () => {
    const now = clock();
    // a ready rollout is due only once its start time has come (decision 100); the step checks again, locked
    const due = (await db('rollouts')
      .whereIn('status', Object.keys(STEPS))
      .where((query) => void query.whereNot('status', 'ready').orWhere('start_at', '<=', now))
      .orderBy('id')
      .pluck('id')) as number[];
    const failures: unknown[] = [];
    for (const id of due) {
      try {
        await inTransaction(db, async (trx) => {
          const rollout = await lockRollout(trx, id);
          await STEPS[rollout.status]?.(trx, ctx, rollout, { now: clock(), actor: EVALUATOR_ACTOR });
        });
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `rollout evaluation failed for ${failures.length} rollout(s)`);
    return due.length;
  };

  return {
    async tick() {
      // the span the lock is held: the wait for a pooled connection and the unlock are no part of it
      const span = { startedAt: Date.now(), finishedAt: 0 };
      const rollouts = await withEvaluatorLock(db, async () => {
        span.startedAt = Date.now();
        try {
          return await evaluateAll();
        } finally {
          span.finishedAt = Date.now();
        }
      });
      logger.debug({ evaluated: rollouts !== undefined, rollouts, ...span }, 'rollout evaluation');
      return { evaluated: rollouts !== undefined, rollouts: rollouts ?? 0 };
    },
  };
}

/**
 * Runs `evaluate` holding the evaluator's session advisory lock on one pooled connection (PostgreSQL), or
 * straight away (SQLite: one process, one writer).
 * @returns undefined when another process holds the lock
 */
async function withEvaluatorLock<T>(db: Knex, evaluate: () => Promise<T>): Promise<T | undefined> {
  if (dialectOf(db) !== 'postgres') return evaluate();
  const client = db.client as Knex.Client;
  const connection: unknown = await client.acquireConnection();
  try {
    const locked = (await db.raw(`select pg_try_advisory_lock(${LOCK_KEYS}) as locked`).connection(connection)) as { rows: { locked: boolean }[] };
    if (locked.rows[0]?.locked !== true) return undefined;
    try {
      return await evaluate();
    } finally {
      await db.raw(`select pg_advisory_unlock(${LOCK_KEYS})`).connection(connection);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

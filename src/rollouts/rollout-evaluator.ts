import { withAdvisoryLock } from '../db/advisory-lock.js';
import { inTransaction } from '../db/transaction.js';
import { completeDeployments } from './group-deployment.js';
import { changeBy, lockedRollout, type RolloutContext } from './rollout-context.js';
import { rolloutGroupStore } from './rollout-group-store.js';
import type { RolloutStatus } from './rollout-lifecycle.js';
import { STEPS } from './rollout-steps.js';
import { rolloutStore } from './rollout-store.js';

/** The actor of the evaluator's moves, as hawkBit's scheduler records it. */
export const EVALUATOR_ACTOR = 'system';

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
    const due = await rolloutStore.dueIds(db, Object.keys(STEPS) as RolloutStatus[], now);
    const failures: unknown[] = [];
    for (const id of due) {
      try {
        await inTransaction(db, async (trx) => {
          const rollout = await lockedRollout(trx, id);
          await STEPS[rollout.status]?.(trx, ctx, rollout, changeBy(ctx, EVALUATOR_ACTOR));
        });
      } catch (error) {
        failures.push(error);
      }
    }
    // groups left half-deployed by a stopped process (decision 187); those the steps above started were
    // completed after their commit (decision 261)
    for (const id of await rolloutGroupStore.deployingRolloutIds(db)) {
      try {
        await completeDeployments(ctx, id);
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
      const rollouts = await withAdvisoryLock(db, 'rolloutEvaluator', 'try', async () => {
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

/**
 * One evaluation of one rollout, by its status (CONVENTIONS rule 2): the decisions come from
 * `rollout-decisions.ts`, the moves from `rollout-lifecycle.ts`. Each step runs on the caller's transaction
 * with the rollout's row locked ({@link lockRollout}).
 */
import type { Knex } from 'knex';
import { absorbNewTargets } from './dynamic-absorption.js';
import { deployGroup } from './group-deployment.js';
import type { RolloutContext } from './rollout-context.js';
import { groupVerdict, nextGroupToStart, zeroCounts } from './rollout-decisions.js';
import { moveGroups, moveRollout, type Change, type RolloutStatus } from './rollout-lifecycle.js';
import { groupCounts, type GroupRow, type RolloutRow } from './rollout-queries.js';

type Step = (trx: Knex, ctx: RolloutContext, rollout: RolloutRow, change: Change) => Promise<void>;

/**
 * Spec "Rollout status", evaluator rows: each running group is judged against its capacity — the error
 * threshold pauses the group (`error`) and the rollout; the success threshold finishes the group and the
 * next scheduled group starts (its targets get their actions). When no group is left running or
 * scheduled, a static rollout is finished; a dynamic one absorbs new targets instead and never finishes.
 */
export const evaluateRunning: Step = async (trx, ctx, rollout, change) => {
  const groups = (await trx('rollout_groups').where('rollout_id', rollout.id).orderBy('position')) as GroupRow[];
  const thresholds = { success: Number(rollout.success_condition), error: rollout.error_condition === null ? undefined : Number(rollout.error_condition) };
  for (let round = 0; round <= groups.length; round++) {
    const counts = await groupCounts(trx, groups);
    for (const group of groups.filter((candidate) => candidate.status === 'running')) {
      const verdict = groupVerdict(counts.get(group.id) ?? zeroCounts(), group.capacity, thresholds);
      if (verdict === 'error') {
        await moveGroups(trx, [group], 'errorThresholdReached', change);
        await moveRollout(trx, rollout, 'errorThresholdReached', change);
        return;
      }
      if (verdict === 'success') {
        await moveGroups(trx, [group], 'succeeded', change);
        await moveRollout(trx, rollout, 'groupSucceeded', change);
        group.status = 'finished';
      }
    }
    const next = nextGroupToStart(groups);
    if (next === undefined) break;
    await moveGroups(trx, [next], 'started', change);
    next.status = 'running';
    await deployGroup(trx, ctx, rollout, next.id, change);
  }
  if (!rollout.dynamic && !groups.some((group) => group.status === 'running' || group.status === 'scheduled')) {
    await moveRollout(trx, rollout, 'lastGroupFinished', change);
    return;
  }
  if (rollout.dynamic) await absorbNewTargets(trx, ctx, rollout, groups, change);
};

/** Spec: a stopping rollout is stopped once none of its actions is active any more. */
export const settleStopping: Step = async (trx, _ctx, rollout, change) => {
  const active = await trx('actions').where({ rollout_id: rollout.id, active: true }).first<{ id: number } | undefined>('id');
  if (active === undefined) await moveRollout(trx, rollout, 'cancelsSettled', change);
};

/** The evaluator's step per rollout status; rollouts in other states are left alone (a paused one too). */
export const STEPS: Readonly<Partial<Record<RolloutStatus, Step>>> = {
  running: evaluateRunning,
  stopping: settleStopping,
};

/**
 * One evaluation of one rollout, by its status (docs/CONVENTIONS.md rule 2): the decisions come from
 * `rollout-decisions.ts`, the moves from `rollout-lifecycle.ts`. Each step runs on the caller's transaction
 * with the rollout's row locked ({@link lockedRollout}).
 */
import type { Knex } from 'knex';
import { absorbNewTargets } from './dynamic-absorption.js';
import { completeAfterCommit, deployFirstRound } from './group-deployment.js';
import type { RolloutContext } from './rollout-context.js';
import { groupVerdict, nextGroupToStart, startDue, zeroCounts } from './rollout-decisions.js';
import { rolloutGroupStore, type GroupRow } from './rollout-group-store.js';
import { moveGroups, moveRollout, type Change, type RolloutStatus } from './rollout-lifecycle.js';
import { rolloutStore, type RolloutRow } from './rollout-store.js';

type Step = (trx: Knex, ctx: RolloutContext, rollout: RolloutRow, change: Change) => Promise<void>;

/**
 * README "Rollout lifecycle", evaluator rows: each running group is judged against its capacity and its own
 * conditions (decision 101) — the error threshold pauses the group (`error`) and the rollout; the success
 * threshold finishes the group once it has soaked (decision 104), as do all its actions closed below it
 * (decision 200), and the next scheduled group starts (its targets get their actions), unless the group's
 * success action is PAUSE (decision 105). When no group is
 * left running or scheduled, a static rollout is finished; a dynamic one absorbs new targets instead and
 * never finishes.
 */
export const evaluateRunning: Step = async (trx, ctx, rollout, change) => {
  const groups = await rolloutGroupStore.ofRollout(trx, rollout.id);
  // a group left deploying (a pause, a stopped process) is completed after the commit (decision 261)
  if (groups.some((group) => group.deploying)) completeAfterCommit(trx, ctx, rollout.id);
  // the trailing group of a dynamic rollout takes more targets: closed actions do not complete it (hawkBit)
  const trailing = groups.at(-1)?.dynamic === true ? groups.at(-1) : undefined;
  for (let round = 0; round <= groups.length; round++) {
    const counts = await rolloutGroupStore.counts(trx, groups);
    // a group still deploying to its targets is judged once every target has its action (decision 187)
    for (const group of groups.filter((candidate) => candidate.status === 'running' && !candidate.deploying)) {
      const thresholds = { success: group.successThreshold, error: group.errorThreshold ?? undefined };
      const soak = { startedAt: group.startedAt, soakTime: group.soakTime, now: change.now };
      const groupCounts = counts.get(group.id) ?? zeroCounts();
      const verdict = groupVerdict(groupCounts, group.capacity, thresholds, soak, group !== trailing);
      // what the log line of the move shows of the verdict (decision 236)
      const detail = { counts: groupCounts, capacity: group.capacity, successThreshold: thresholds.success, errorThreshold: thresholds.error };
      if (verdict === 'error') {
        await moveGroups(trx, [group], 'errorThresholdReached', change, detail);
        await moveRollout(trx, rollout, 'errorThresholdReached', change);
        return;
      }
      if (verdict === 'success' || verdict === 'complete') {
        await moveGroups(trx, [group], verdict === 'success' ? 'succeeded' : 'completed', change, detail);
        group.status = 'finished';
        const pauseAfter = group.successAction === 'pause' && groups.some((other) => other.status === 'scheduled');
        if ((await moveRollout(trx, rollout, 'groupSucceeded', change, { pauseAfter })) === 'paused') return;
      }
    }
    const next = nextGroupToStart(groups);
    if (next === undefined) break;
    await startGroup(trx, ctx, rollout, next, 'started', change);
  }
  if (!rollout.dynamic && !groups.some((group) => group.status === 'running' || group.status === 'scheduled')) {
    await moveRollout(trx, rollout, 'lastGroupFinished', change);
    return;
  }
  if (rollout.dynamic) await absorbNewTargets(trx, ctx, rollout, groups, change);
};

/**
 * Starts a scheduled group (the evaluator's `started`, the operator's `triggered`): it runs and its targets
 * get their actions, the first round of them on `trx`, the others by `completeDeployments` after the
 * commit (decision 187), which starting the group registers (decision 261).
 */
export async function startGroup(
  trx: Knex,
  ctx: RolloutContext,
  rollout: RolloutRow,
  group: GroupRow,
  event: 'started' | 'triggered',
  change: Change,
): Promise<void> {
  await moveGroups(trx, [group], event, change);
  group.status = 'running';
  group.startedAt = change.now;
  await deployFirstRound(trx, ctx, rollout, group, change);
}

/**
 * ready → running by `event` (the operator's `started`, the evaluator's `scheduledStartReached`): every group
 * waits its turn, then the rollout is evaluated at once, so the first group starts.
 * @returns false when the table refuses the move (nothing changed)
 */
export async function beginRollout(
  trx: Knex,
  ctx: RolloutContext,
  rollout: RolloutRow,
  event: 'started' | 'scheduledStartReached',
  change: Change,
): Promise<boolean> {
  const to = await moveRollout(trx, rollout, event, change);
  if (to === undefined) return false;
  await moveGroups(trx, await rolloutGroupStore.ofRollout(trx, rollout.id), 'rolloutStarted', change);
  await evaluateRunning(trx, ctx, { ...rollout, status: to as RolloutStatus }, change);
  return true;
}

/** Decision 100: a ready rollout with a start time starts itself at the first evaluation at or after it. */
export const startWhenDue: Step = async (trx, ctx, rollout, change) => {
  if (startDue(rollout.startAt, change.now)) await beginRollout(trx, ctx, rollout, 'scheduledStartReached', change);
};

/** Decision 4: a stopping rollout is stopped once none of its actions is active any more. */
export const settleStopping: Step = async (trx, _ctx, rollout, change) => {
  if (!(await rolloutStore.hasActiveActions(trx, rollout.id))) await moveRollout(trx, rollout, 'cancelsSettled', change);
};

/** The evaluator's step per rollout status; rollouts in other states are left alone (a paused one too). */
export const STEPS: Readonly<Partial<Record<RolloutStatus, Step>>> = {
  ready: startWhenDue,
  running: evaluateRunning,
  stopping: settleStopping,
};

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { deploymentStore } from '../actions/deployment-store.js';
import { deployToTargets } from '../actions/target-deployment.js';
import { lockRollout, lockTargets } from '../db/row-locks.js';
import { followCommit, inTransaction } from '../db/transaction.js';
import type { RolloutContext } from './rollout-context.js';
import { rolloutGroupStore, type GroupRow } from './rollout-group-store.js';
import type { Change } from './rollout-lifecycle.js';
import { rolloutStore, type RolloutRow } from './rollout-store.js';
import { DEPLOY_CHUNK, DEPLOY_ROUND } from '../db/chunks.js';
import { dialectOf } from '../db/database.js';

/**
 * Deploys the rollout's set to `ids`, targets of a running group that have no action of the group yet
 * (README "Rollout lifecycle": a starting group's targets get the set and their actions), with the rollout's
 * type and forcetime, through `deployToTargets` (a target's active action is superseded). With the
 * confirmation flow on, the actions wait for confirmation when the group requires it (decision 101).
 * Targets whose type no longer accepts the set, or that hold `max_actions_per_target` actions, are skipped
 * with a warning.
 * @returns the number of actions created
 */
async function deployTo(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, group: GroupRow, ids: readonly number[], now: number): Promise<number> {
  const groupId = group.id;
  const set = await rolloutStore.setOf(trx, rollout.distributionSetId);
  await lockTargets(trx, ids);
  const compatible = await rolloutStore.compatibleTargets(trx, ids, set.typeId);
  const full = await deploymentStore.atActionQuota(trx, ids, ctx.config.quota.maxActionsPerTarget);
  const skipped = ids.length - compatible.length;
  if (skipped > 0)
    ctx.logger.warn({ rollout: rollout.id, group: groupId, skipped }, 'rollout: targets whose type does not accept the distribution set are skipped');
  if (full.size > 0)
    ctx.logger.warn({ rollout: rollout.id, group: groupId, skipped: full.size }, 'rollout: targets holding max_actions_per_target actions are skipped');
  const targets = compatible.filter((target) => !full.has(target.id));
  const deployment = {
    distributionSetId: rollout.distributionSetId,
    actionType: rollout.actionType,
    forceTime: rollout.forceTime,
    rolloutId: rollout.id,
    rolloutGroupId: groupId,
  };
  const options = {
    now,
    actor: rollout.createdBy,
    messages: [`Assignment initiated by rollout '${rollout.name}'`],
    confirmationFlow: ctx.config.ddi.confirmationFlow && group.confirmationRequired,
  };
  // SQLite runs each slice without a break: DEPLOY_CHUNK targets at a time, with one between them (decision 252)
  const slice = dialectOf(trx) === 'sqlite' ? DEPLOY_CHUNK : targets.length;
  let created = 0;
  for (let start = 0; start < targets.length; start += slice) {
    if (start > 0) await yieldToEventLoop();
    created += (await deployToTargets(trx, targets.slice(start, start + slice), deployment, options)).length;
  }
  return created;
}

/**
 * Deploys to every target of a running group that has no action of the group yet, on `trx`, in rounds of
 * {@link DEPLOY_CHUNK}: targets a running dynamic group has just absorbed.
 * @returns the number of actions created
 */
export async function deployGroup(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, group: GroupRow, { now }: Change): Promise<number> {
  const waiting = await rolloutGroupStore.waitingMembers(trx, group.id);
  let deployed = 0;
  for (let start = 0; start < waiting.length; start += DEPLOY_CHUNK) {
    deployed += await deployTo(trx, ctx, rollout, group, waiting.slice(start, start + DEPLOY_CHUNK), now);
    // requests get in between the rounds (on SQLite they wait for this transaction's end, but are read and
    // answered without a stall)
    await yieldToEventLoop();
  }
  return deployed;
}

/**
 * Deploys to the first {@link DEPLOY_CHUNK} targets of a group that has just started, on `trx`; when more
 * are waiting, the group is marked `deploying` and {@link completeDeployments} gives them their actions
 * after the commit, each round in a transaction of its own (decision 187), registered here to follow the
 * commit (decision 261) so that no operation that starts a group can forget it.
 */
export async function deployFirstRound(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, group: GroupRow, { now }: Change): Promise<void> {
  const waiting = await rolloutGroupStore.waitingMembers(trx, group.id, { after: 0, limit: DEPLOY_CHUNK + 1 });
  await deployTo(trx, ctx, rollout, group, waiting.slice(0, DEPLOY_CHUNK), now);
  if (waiting.length > DEPLOY_CHUNK) {
    await rolloutGroupStore.setDeploying(trx, group.id, true);
    group.deploying = true;
    completeAfterCommit(trx, ctx, rollout.id);
  }
}

/** Makes {@link completeDeployments} of the rollout follow the commit of `trx` (decision 261). */
export function completeAfterCommit(trx: Knex, ctx: RolloutContext, rolloutId: number): void {
  followCommit(trx, `completeDeployments:${rolloutId}`, () => completeDeployments(ctx, rolloutId));
}

/** Where a pass of {@link completeDeployments} is: the group and the last target it went through. */
interface Cursor {
  readonly groupId: number;
  readonly after: number;
}

/**
 * One round of {@link completeDeployments}, in its own transaction with the rollout's row locked: the next
 * {@link DEPLOY_ROUND} waiting targets of a deploying group after `cursor` get their actions; the group is
 * done once fewer are left, or once it no longer runs (stopped meanwhile).
 * @returns where the next round goes on, or undefined when no group of the rollout is deploying (or it is gone)
 */
function deployRound(ctx: RolloutContext, rolloutId: number, cursor: Cursor | undefined): Promise<Cursor | undefined> {
  return inTransaction(ctx.db, async (trx) => {
    await lockRollout(trx, rolloutId);
    const rollout = await rolloutStore.find(trx, rolloutId);
    if (!rollout) return undefined;
    const group = (await rolloutGroupStore.ofRollout(trx, rolloutId)).find((candidate) => candidate.deploying);
    if (!group) return undefined;
    if (group.status !== 'running') {
      await rolloutGroupStore.setDeploying(trx, group.id, false);
      return { groupId: group.id, after: 0 };
    }
    const after = cursor?.groupId === group.id ? cursor.after : 0;
    const round = DEPLOY_ROUND[dialectOf(trx)];
    const ids = await rolloutGroupStore.waitingMembers(trx, group.id, { after, limit: round });
    await deployTo(trx, ctx, rollout, group, ids, ctx.clock());
    if (ids.length < round) await rolloutGroupStore.setDeploying(trx, group.id, false);
    return { groupId: group.id, after: ids.at(-1) ?? after };
  });
}

/**
 * Gives the targets of the rollout's deploying groups their actions, one transaction of {@link DEPLOY_ROUND}
 * targets after another with a break for the event loop between them (decision 187): after the commit of
 * whatever started or resumed such a group ({@link completeAfterCommit}), and at every evaluator tick, which
 * completes what a stopped process left.
 */
export async function completeDeployments(ctx: RolloutContext, rolloutId: number): Promise<void> {
  let cursor: Cursor | undefined;
  for (;;) {
    cursor = await deployRound(ctx, rolloutId, cursor);
    if (cursor === undefined) return;
    await yieldToEventLoop();
  }
}

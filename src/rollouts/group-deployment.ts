import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { deploymentStore } from '../actions/deployment-store.js';
import { deployToTargets } from '../actions/target-deployment.js';
import { lockTargets } from '../db/row-locks.js';
import type { RolloutContext } from './rollout-context.js';
import { rolloutGroupStore, type GroupRow } from './rollout-group-store.js';
import type { Change } from './rollout-lifecycle.js';
import { rolloutStore, type RolloutRow } from './rollout-store.js';

/** targets locked and deployed per round */
const CHUNK = 500;

/**
 * Deploys the rollout's set to the targets of a running group that have no action of the group yet: a
 * starting group's targets, or targets a running dynamic group has just absorbed (README "Rollout lifecycle":
 * a starting group's targets get the set and their actions), with the rollout's type and forcetime, through
 * `deployToTargets` (a target's active action is superseded). With the confirmation flow on, the actions
 * wait for confirmation when the group requires it (decision 101). Targets whose type no longer accepts the
 * set, or that hold `max_actions_per_target` actions, are skipped with a warning.
 * @returns the number of actions created
 */
export async function deployGroup(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, group: GroupRow, { now }: Change): Promise<number> {
  const groupId = group.id;
  const confirmationFlow = ctx.config.ddi.confirmationFlow && group.confirmationRequired;
  const set = await rolloutStore.setOf(trx, rollout.distributionSetId);
  const waiting = await rolloutGroupStore.waitingMembers(trx, groupId);
  let deployed = 0;
  for (let start = 0; start < waiting.length; start += CHUNK) {
    const ids = waiting.slice(start, start + CHUNK);
    await lockTargets(trx, ids);
    const compatible = await rolloutStore.compatibleTargets(trx, ids, set.typeId);
    const full = await deploymentStore.atActionQuota(trx, ids, ctx.config.quota.maxActionsPerTarget);
    const skipped = ids.length - compatible.length;
    if (skipped > 0)
      ctx.logger.warn({ rollout: rollout.id, group: groupId, skipped }, 'rollout: targets whose type does not accept the distribution set are skipped');
    if (full.size > 0)
      ctx.logger.warn({ rollout: rollout.id, group: groupId, skipped: full.size }, 'rollout: targets holding max_actions_per_target actions are skipped');
    const targets = compatible.filter((target) => !full.has(target.id));
    const created = await deployToTargets(
      trx,
      targets,
      {
        distributionSetId: rollout.distributionSetId,
        actionType: rollout.actionType,
        forceTime: rollout.forceTime,
        rolloutId: rollout.id,
        rolloutGroupId: groupId,
      },
      { now, actor: rollout.createdBy, messages: [`Assignment initiated by rollout '${rollout.name}'`], confirmationFlow },
    );
    deployed += created.length;
    // A group of thousands would hold the event loop for one long task: requests get in between the chunks
    // (on SQLite they wait for this transaction's end, but are read and answered without a stall).
    await yieldToEventLoop();
  }
  return deployed;
}

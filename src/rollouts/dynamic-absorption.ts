/**
 * The trailing dynamic group (README "Rollout lifecycle", hawkBit's dynamic groups and decision 23): at every
 * evaluation of a running dynamic rollout, targets that newly match its filter join the trailing group up
 * to its capacity (the template's targetCount); in a running group they are deployed at once, in a
 * scheduled one they wait for the group to start. A full or closed trailing group gets a new group behind
 * it (`group-<n><nameSuffix>`), up to `max_rollout_groups_per_rollout`, where absorbing ends with a warning.
 * Nothing is absorbed once the set is invalidated; targets whose type does not accept the set are skipped
 * with a warning (once per process).
 */
import type { Knex } from 'knex';
import { created } from '../db/audit.js';
import { deployGroup } from './group-deployment.js';
import { settingsOf } from './group-plan.js';
import type { RolloutContext } from './rollout-context.js';
import { rolloutGroupStore, type GroupRow } from './rollout-group-store.js';
import { insertGroups, type Change } from './rollout-lifecycle.js';
import { rolloutStore, type RolloutRow } from './rollout-store.js';

const MAX_WARNED = 100_000;

const openStatuses = new Set(['scheduled', 'running']);

export async function absorbNewTargets(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, groups: GroupRow[], change: Change): Promise<void> {
  if (rollout.absorptionEndedAt !== null) return;
  const set = await rolloutStore.setOf(trx, rollout.distributionSetId);
  if (!set.valid) return;
  warnIncompatible(ctx, rollout, await rolloutStore.incompatibleNewTargets(trx, rollout, set.typeId, 1000));

  for (;;) {
    const trailing = groups[groups.length - 1] as GroupRow;
    const size = await rolloutGroupStore.size(trx, trailing.id);
    if (!trailing.dynamic || !openStatuses.has(trailing.status) || size >= trailing.capacity) {
      const opened = await openGroup(trx, ctx, rollout, groups, change);
      if (!opened) return;
      continue;
    }
    const room = trailing.capacity - size;
    const ids = await rolloutStore.newTargetIds(trx, rollout, set.typeId, room);
    if (ids.length === 0) return;
    await rolloutGroupStore.addMembers(
      trx,
      rollout.id,
      ids.map((id) => ({ groupId: trailing.id, targetId: id })),
    );
    if (trailing.status === 'running') await deployGroup(trx, ctx, rollout, trailing, change);
    if (ids.length < room) return;
  }
}

/** Opens the next dynamic group behind the trailing one, or ends absorbing at the group quota. */
async function openGroup(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, groups: GroupRow[], change: Change): Promise<boolean> {
  const quota = ctx.config.quota.maxRolloutGroupsPerRollout;
  if (quota > 0 && groups.length >= quota) {
    await rolloutStore.endAbsorption(trx, rollout.id, change.now);
    ctx.logger.warn({ rollout: rollout.id, groups: groups.length }, 'dynamic rollout: max_rollout_groups_per_rollout reached, no more targets are absorbed');
    return false;
  }
  const position = (groups[groups.length - 1] as GroupRow).position + 1;
  const name = `group-${position}${rollout.dynamicNameSuffix ?? ''}`;
  const row = {
    rolloutId: rollout.id,
    position,
    name,
    description: name,
    dynamic: true,
    capacity: rollout.dynamicTargetCount ?? 1,
    targetFilterQuery: null,
    targetPercentage: null,
    // a dynamic group takes the rollout's settings
    ...settingsOf({}, rollout),
  };
  const waiting = groups.some((group) => openStatuses.has(group.status));
  const [opened] = await insertGroups(trx, [row], 'opened', { waiting }, change);
  const { id, status } = opened as { id: number; status: GroupRow['status'] };
  groups.push({ ...row, id, status, startedAt: status === 'running' ? change.now : null, deploying: false, ...created(change.actor, change.now) });
  return true;
}

function warnIncompatible(ctx: RolloutContext, rollout: RolloutRow, incompatible: readonly { id: number; controllerId: string }[]): void {
  const { warnedTargets } = ctx;
  const fresh = incompatible.filter((row) => !warnedTargets.has(`${rollout.id}:${row.id}`));
  if (fresh.length === 0) return;
  if (warnedTargets.size > MAX_WARNED) warnedTargets.clear();
  for (const row of fresh) warnedTargets.add(`${rollout.id}:${row.id}`);
  ctx.logger.warn(
    { rollout: rollout.id, targets: fresh.map((row) => row.controllerId) },
    'dynamic rollout: targets whose type does not accept the distribution set are skipped',
  );
}

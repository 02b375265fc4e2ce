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
import { compatibleWith } from '../actions/target-deployment.js';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { deployGroup } from './group-deployment.js';
import type { RolloutContext } from './rollout-context.js';
import { INSERT_CHUNK } from './rollout-creation.js';
import { settingsColumns } from './group-plan.js';
import { insertGroups, type Change } from './rollout-lifecycle.js';
import { settingsOfRow, type GroupRow, type RolloutRow } from './rollout-queries.js';

const MAX_WARNED = 100_000;

const openStatuses = new Set(['scheduled', 'running']);

export async function absorbNewTargets(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, groups: GroupRow[], change: Change): Promise<void> {
  if (rollout.absorption_ended_at !== null) return;
  const set = await trx('distribution_sets').where('id', rollout.distribution_set_id).first<{ type_id: number; valid: boolean | number }>('type_id', 'valid');
  if (!set.valid) return;
  const matching = () =>
    trx('targets')
      .where(compileFiql(rollout.target_filter_query, TARGET_FIQL_FIELDS))
      .whereNotExists((sub: Knex.QueryBuilder) => {
        sub.select(1).from('rollout_group_targets as rgt').where('rgt.rollout_id', rollout.id).whereRaw('rgt.target_id = targets.id');
      });
  await warnIncompatible(ctx, rollout, matching().whereNot(compatibleWith(set.type_id)));

  for (;;) {
    const trailing = groups[groups.length - 1] as GroupRow;
    const size = Number(((await trx('rollout_group_targets').where('rollout_group_id', trailing.id).count({ n: '*' }).first()) as { n: number | string }).n);
    if (!trailing.dynamic || !openStatuses.has(trailing.status) || size >= trailing.capacity) {
      const opened = await openGroup(trx, ctx, rollout, groups, change);
      if (!opened) return;
      continue;
    }
    const room = trailing.capacity - size;
    const ids = (await matching().where(compatibleWith(set.type_id)).orderBy('targets.id').limit(room).pluck('targets.id')) as number[];
    if (ids.length === 0) return;
    const rows = ids.map((id) => ({ rollout_group_id: trailing.id, target_id: id, rollout_id: rollout.id }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) await trx('rollout_group_targets').insert(rows.slice(start, start + INSERT_CHUNK));
    if (trailing.status === 'running') await deployGroup(trx, ctx, rollout, trailing, change);
    if (ids.length < room) return;
  }
}

/** Opens the next dynamic group behind the trailing one, or ends absorbing at the group quota. */
async function openGroup(trx: Knex, ctx: RolloutContext, rollout: RolloutRow, groups: GroupRow[], change: Change): Promise<boolean> {
  const quota = ctx.config.quota.maxRolloutGroupsPerRollout;
  if (quota > 0 && groups.length >= quota) {
    await trx('rollouts').where('id', rollout.id).update({ absorption_ended_at: change.now });
    ctx.logger.warn({ rollout: rollout.id, groups: groups.length }, 'dynamic rollout: max_rollout_groups_per_rollout reached, no more targets are absorbed');
    return false;
  }
  const position = (groups[groups.length - 1] as GroupRow).position + 1;
  const name = `group-${position}${rollout.dynamic_name_suffix ?? ''}`;
  const row = {
    rollout_id: rollout.id,
    position,
    name,
    description: name,
    dynamic: true,
    capacity: rollout.dynamic_target_count ?? 1,
    target_filter_query: null,
    target_percentage: null,
    // a dynamic group takes the rollout's settings
    ...settingsColumns(settingsOfRow(rollout)),
  };
  const waiting = groups.some((group) => openStatuses.has(group.status));
  const [created] = await insertGroups(trx, [row], 'opened', { waiting }, change);
  const { id, status } = created as { id: number; status: GroupRow['status'] };
  const audit = { created_at: change.now, created_by: change.actor, last_modified_at: change.now, last_modified_by: change.actor };
  groups.push({ ...row, id, status, started_at: status === 'running' ? change.now : null, ...audit });
  return true;
}

async function warnIncompatible(ctx: RolloutContext, rollout: RolloutRow, incompatible: Knex.QueryBuilder): Promise<void> {
  const rows = await incompatible.orderBy('targets.id').limit(1000).select<{ id: number; controller_id: string }[]>('targets.id', 'targets.controller_id');
  const { warnedTargets } = ctx;
  const fresh = rows.filter((row) => !warnedTargets.has(`${rollout.id}:${row.id}`));
  if (fresh.length === 0) return;
  if (warnedTargets.size > MAX_WARNED) warnedTargets.clear();
  for (const row of fresh) warnedTargets.add(`${rollout.id}:${row.id}`);
  ctx.logger.warn(
    { rollout: rollout.id, targets: fresh.map((row) => row.controller_id) },
    'dynamic rollout: targets whose type does not accept the distribution set are skipped',
  );
}

import type { Knex } from 'knex';

/**
 * What rollouts need beyond the tables of 002: each group target row names its rollout, so that a target
 * is in at most one group of a rollout (unique), and dynamic absorption and the counts read one index; a
 * dynamic rollout remembers when absorbing ended at the group quota; and at most one action per target is
 * active, enforced by a partial unique index (decision 21; several processes may assign at once).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.integer('rollout_id').references('rollouts.id').onDelete('CASCADE');
  });
  await db.raw('update rollout_group_targets set rollout_id = (select g.rollout_id from rollout_groups g where g.id = rollout_group_targets.rollout_group_id)');
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.unique(['rollout_id', 'target_id']);
  });
  await db.schema.alterTable('rollouts', (table) => {
    table.bigInteger('absorption_ended_at');
  });
  await db.raw('create unique index actions_one_active_per_target on actions (target_id) where active');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index actions_one_active_per_target');
  await db.schema.alterTable('rollouts', (table) => {
    table.dropColumn('absorption_ended_at');
  });
  await db.schema.alterTable('rollout_group_targets', (table) => {
    table.dropUnique(['rollout_id', 'target_id']);
    table.dropColumn('rollout_id');
  });
}

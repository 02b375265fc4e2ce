import type { Knex } from 'knex';

/**
 * Scheduled, custom and time-phased rollouts (decisions 100–104): a rollout's start time, and the defaults
 * its groups take (success action, confirmation, soak time); each group's own filter, share, conditions,
 * actions, confirmation and soak time, and when it started running. Existing groups take their rollout's
 * conditions, hawkBit's description (the name) and share (100 / static groups); group names become unique
 * within a rollout, as hawkBit keeps them.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('rollouts', (table) => {
    table.bigInteger('start_at');
    table.string('success_action', 16).notNullable().defaultTo('nextgroup');
    table.boolean('confirmation_required').notNullable().defaultTo(true);
    table.bigInteger('soak_time');
  });
  await db.schema.alterTable('rollout_groups', (table) => {
    table.string('description', 512);
    table.string('target_filter_query', 1024);
    table.double('target_percentage');
    table.string('success_condition', 16).notNullable().defaultTo('50');
    table.string('error_condition', 16);
    table.string('success_action', 16).notNullable().defaultTo('nextgroup');
    table.boolean('confirmation_required').notNullable().defaultTo(true);
    table.bigInteger('soak_time');
    table.bigInteger('started_at');
    table.unique(['rollout_id', 'name']);
  });
  const ofRollout = (column: string) => db.raw(`(select r.${column} from rollouts r where r.id = rollout_groups.rollout_id)`);
  await db('rollout_groups').update({
    description: db.ref('name'),
    success_condition: ofRollout('success_condition'),
    error_condition: ofRollout('error_condition'),
  });
  await db('rollout_groups')
    .where('dynamic', false)
    .update({
      target_percentage: db.raw('100.0 / (select count(*) from rollout_groups g where g.rollout_id = rollout_groups.rollout_id and g.dynamic = ?)', [false]),
    });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('rollout_groups', (table) => {
    table.dropUnique(['rollout_id', 'name']);
    for (const column of [
      'description',
      'target_filter_query',
      'target_percentage',
      'success_condition',
      'error_condition',
      'success_action',
      'confirmation_required',
      'soak_time',
      'started_at',
    ]) {
      table.dropColumn(column);
    }
  });
  await db.schema.alterTable('rollouts', (table) => {
    for (const column of ['start_at', 'success_action', 'confirmation_required', 'soak_time']) table.dropColumn(column);
  });
}

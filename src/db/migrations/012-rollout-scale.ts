import type { Knex } from 'knex';

/**
 * Rollouts over large fleets (decision 187): a running deploy group whose targets are still getting their
 * actions, in transactions of a bounded number of targets each, is marked `deploying` until the last one is
 * through, so that the evaluator completes it after a crash and does not judge it before.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('rollout_groups', (table) => {
    table.boolean('deploying').notNullable().defaultTo(false);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('rollout_groups', (table) => {
    table.dropColumn('deploying');
  });
}

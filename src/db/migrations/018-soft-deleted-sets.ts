import type { Knex } from 'knex';

/**
 * A distribution set that a rollout or a target still references, but no action, is soft-deleted instead
 * of refused (decision 213): it keeps its row, marked deleted.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('distribution_sets', (table) => {
    table.boolean('deleted').notNullable().defaultTo(false);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('distribution_sets', (table) => {
    table.dropColumn('deleted');
  });
}

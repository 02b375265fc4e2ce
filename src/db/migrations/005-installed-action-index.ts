import type { Knex } from 'knex';

/**
 * The DDI poll looks up the action that installed a target's set (the installedBase link) by target, set
 * and status. Without this index SQLite's planner picks the index on `distribution_set_id` and walks every
 * action of a widely installed set on each poll (20,000 rows for a set on 20,000 targets).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('actions', (table) => {
    table.index(['target_id', 'distribution_set_id', 'status']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('actions', (table) => {
    table.dropIndex(['target_id', 'distribution_set_id', 'status']);
  });
}

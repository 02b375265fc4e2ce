import type { Knex } from 'knex';

/**
 * Saved target filters and their auto-assignment (hawkBit's TargetFilterQuery).
 * Deleting a set detaches it from the filters that auto-assign it, as hawkBit does, so the reference is
 * ON DELETE SET NULL. Invalidation needs nothing new: `distribution_sets.valid` exists since 002.
 * hawkBit's auto-assign weight has no column: Falconet has no action weights (decision 183).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('target_filters', (table) => {
    table.increments('id');
    table.string('name', 128).notNullable().unique();
    table.string('query', 1024).notNullable();
    table.integer('auto_assign_distribution_set_id').references('distribution_sets.id').onDelete('SET NULL').index();
    table.string('auto_assign_action_type', 16);
    table.boolean('auto_assign_confirmation_required');
    // hawkBit's autoAssignInitiatedBy: the account the auto-assigned actions are created by
    table.string('auto_assign_initiated_by', 64);
    table.bigInteger('created_at').notNullable();
    table.string('created_by', 64).notNullable();
    table.bigInteger('last_modified_at').notNullable();
    table.string('last_modified_by', 64).notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('target_filters');
}

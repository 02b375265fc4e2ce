import type { Knex } from 'knex';

/**
 * Auto-assignments become rows of their own (hawkBit master's sp_auto_assignment, decision 205): a query,
 * a set and a status. A target filter's auto-assignment is the row named like the filter with the filter's
 * query, so the filter's auto-assign columns move here, each as a running auto-assignment created by the
 * account that attached the set (hawkBit's migration V1_20_3 does the same). Deleting a set deletes its
 * auto-assignments, as hawkBit's foreign key does.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('auto_assignments', (table) => {
    table.increments('id');
    table.string('name', 128).notNullable().unique();
    table.string('description', 512);
    table.string('query', 1024).notNullable();
    table.integer('distribution_set_id').notNullable().references('distribution_sets.id').onDelete('CASCADE').index();
    table.string('action_type', 16).notNullable();
    table.boolean('confirmation_required').notNullable();
    table.bigInteger('start_at');
    table.string('status', 32).notNullable().index();
    table.string('approval_decided_by', 64);
    table.string('approval_remark', 255);
    table.bigInteger('created_at').notNullable();
    table.string('created_by', 64).notNullable();
    table.bigInteger('last_modified_at').notNullable();
    table.string('last_modified_by', 64).notNullable();
  });
  await db.raw(
    `insert into auto_assignments
       (name, query, distribution_set_id, action_type, confirmation_required, status, created_at, created_by, last_modified_at, last_modified_by)
     select name, query, auto_assign_distribution_set_id, coalesce(auto_assign_action_type, 'forced'),
            coalesce(auto_assign_confirmation_required, ?), 'running',
            last_modified_at, coalesce(auto_assign_initiated_by, created_by), last_modified_at, coalesce(auto_assign_initiated_by, created_by)
       from target_filters where auto_assign_distribution_set_id is not null order by id`,
    [true],
  );
  await db.schema.alterTable('target_filters', (table) => {
    table.dropForeign(['auto_assign_distribution_set_id']);
    table.dropIndex(['auto_assign_distribution_set_id']);
    table.dropColumns('auto_assign_distribution_set_id', 'auto_assign_action_type', 'auto_assign_confirmation_required', 'auto_assign_initiated_by');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('target_filters', (table) => {
    table.integer('auto_assign_distribution_set_id').references('distribution_sets.id').onDelete('SET NULL').index();
    table.string('auto_assign_action_type', 16);
    table.boolean('auto_assign_confirmation_required');
    table.string('auto_assign_initiated_by', 64);
  });
  await db.raw(
    `update target_filters set
       auto_assign_distribution_set_id = (select a.distribution_set_id from auto_assignments a where a.name = target_filters.name and a.query = target_filters.query),
       auto_assign_action_type = (select a.action_type from auto_assignments a where a.name = target_filters.name and a.query = target_filters.query),
       auto_assign_confirmation_required = (select a.confirmation_required from auto_assignments a where a.name = target_filters.name and a.query = target_filters.query),
       auto_assign_initiated_by = (select a.created_by from auto_assignments a where a.name = target_filters.name and a.query = target_filters.query)`,
  );
  await db.schema.dropTable('auto_assignments');
}

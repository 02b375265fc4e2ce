import type { Knex } from 'knex';

/**
 * The audit log (decision 160): one row per successful operator write, and the ids of the entities it
 * names in a table of their own, so that `entityid==…` finds an entry among those of a bulk create.
 * Retention deletes by `at`; reading filters by entity id.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('audit_log', (table) => {
    table.increments('id');
    table.bigInteger('at').notNullable().index();
    table.text('actor').notNullable();
    table.string('operation', 128).notNullable();
    table.string('method', 16).notNullable();
    table.text('path').notNullable();
    table.string('entity_type', 64).notNullable();
    table.integer('status').notNullable();
    table.string('request_id', 64).notNullable();
    table.string('client_address', 64).notNullable();
    table.text('before');
    table.text('after');
  });
  await db.schema.createTable('audit_log_entities', (table) => {
    table.integer('audit_id').notNullable().references('audit_log.id').onDelete('CASCADE');
    table.text('entity_id').notNullable();
    table.index(['audit_id']);
    table.index(['entity_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('audit_log_entities');
  await db.schema.dropTable('audit_log');
}

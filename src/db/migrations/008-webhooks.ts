import type { Knex } from 'knex';

/**
 * Webhooks (decisions 150–153): subscriptions, the event types each one wants, and the outbox of deliveries.
 * An event is written as one delivery row per subscription wanting it, in the transaction of the change it
 * reports; the dispatcher delivers each subscription's rows in id order.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('webhooks', (table) => {
    table.increments('id');
    table.string('name', 128).notNullable();
    table.string('url', 2048).notNullable();
    table.string('secret', 128).notNullable();
    table.boolean('enabled').notNullable().defaultTo(true);
    table.bigInteger('created_at').notNullable();
    table.string('created_by', 64).notNullable();
    table.bigInteger('last_modified_at').notNullable();
    table.string('last_modified_by', 64).notNullable();
  });
  await db.schema.createTable('webhook_event_types', (table) => {
    table.integer('webhook_id').notNullable().references('webhooks.id').onDelete('CASCADE');
    table.string('event_type', 64).notNullable();
    table.primary(['event_type', 'webhook_id']);
  });
  await db.schema.createTable('webhook_deliveries', (table) => {
    table.bigIncrements('id');
    table.integer('webhook_id').notNullable().references('webhooks.id').onDelete('CASCADE');
    table.string('message_id', 64).notNullable();
    table.string('event_type', 64).notNullable();
    table.text('payload').notNullable();
    table.string('status', 16).notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.bigInteger('next_attempt_at').notNullable();
    table.bigInteger('last_attempt_at');
    table.integer('last_response_code');
    table.string('last_error', 512);
    table.bigInteger('delivered_at');
    table.bigInteger('created_at').notNullable();
    table.index(['webhook_id', 'status', 'id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('webhook_deliveries');
  await db.schema.dropTable('webhook_event_types');
  await db.schema.dropTable('webhooks');
}

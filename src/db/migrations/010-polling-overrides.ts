import type { Knex } from 'knex';

/**
 * Per-target polling overrides (decision 110): the interval of the first `[[ddi.polling_overrides]]` entry
 * whose query the target matches, as configured (`00:02:00~15%`), null for the default; and the override list
 * it was computed for, so that a start with an unchanged list does not recompute every target.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('targets', (table) => {
    table.string('polling_override', 16);
  });
  await db.schema.createTable('polling_override_state', (table) => {
    table.integer('id').primary();
    table.text('overrides').notNullable();
  });
  await db('polling_override_state').insert({ id: 1, overrides: '[]' });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('polling_override_state');
  await db.schema.alterTable('targets', (table) => {
    table.dropColumn('polling_override');
  });
}

import type { Knex } from 'knex';

/**
 * hawkBit 1.0's software-module completeness (decision 212): a module type's `minArtifacts`, the number of
 * artifacts a module of the type needs to be complete; 0, which every existing type keeps, asks for none.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('software_module_types', (table) => {
    table.integer('min_artifacts').notNullable().defaultTo(0);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('software_module_types', (table) => {
    table.dropColumn('min_artifacts');
  });
}

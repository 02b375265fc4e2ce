import type { Knex } from 'knex';

const audit = (table: Knex.CreateTableBuilder): void => {
  table.bigInteger('created_at').notNullable();
  table.string('created_by', 64).notNullable();
  table.bigInteger('last_modified_at').notNullable();
  table.string('last_modified_by', 64).notNullable();
};

/** The seeded types (decision 11): key, name, maximum modules of the type per set, DS types' module types. */
const MODULE_TYPES = [
  { key: 'os', name: 'OS', description: 'Operating system', maxAssignments: 1 },
  { key: 'firmware', name: 'Firmware', description: 'Device firmware', maxAssignments: 1 },
  { key: 'runtime', name: 'Runtime', description: 'Runtime environment', maxAssignments: 1 },
  { key: 'application', name: 'Application', description: 'Application', maxAssignments: 2147483647 },
];
const DS_TYPES = [
  { key: 'os', name: 'OS only', description: 'Operating system only', mandatory: ['os'], optional: ['firmware'] },
  {
    key: 'os_app',
    name: 'OS with app(s)',
    description: 'Operating system with optional runtime and applications',
    mandatory: ['os'],
    optional: ['firmware', 'runtime', 'application'],
  },
  { key: 'app', name: 'App(s) only', description: 'Applications only', mandatory: ['application'], optional: ['runtime'] },
];

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('software_module_types', (table) => {
    table.increments('id');
    table.string('key', 64).notNullable().unique();
    table.string('name', 64).notNullable().unique();
    table.string('description', 512);
    table.string('colour', 16);
    table.integer('max_assignments').notNullable().defaultTo(1);
    audit(table);
  });
  await db.schema.createTable('distribution_set_types', (table) => {
    table.increments('id');
    table.string('key', 64).notNullable().unique();
    table.string('name', 64).notNullable().unique();
    table.string('description', 512);
    table.string('colour', 16);
    audit(table);
  });
  await db.schema.createTable('distribution_set_type_module_types', (table) => {
    table.integer('distribution_set_type_id').notNullable().references('distribution_set_types.id').onDelete('CASCADE');
    table.integer('software_module_type_id').notNullable().references('software_module_types.id').onDelete('RESTRICT');
    table.boolean('mandatory').notNullable();
    table.primary(['distribution_set_type_id', 'software_module_type_id']);
  });
  await db.schema.createTable('sessions', (table) => {
    table.string('token_hash', 64).primary();
    table.string('username', 64).notNullable();
    table.bigInteger('created_at').notNullable();
    table.bigInteger('expires_at').notNullable().index();
  });

  const now = Date.now();
  const stamp = { created_at: now, created_by: 'system', last_modified_at: now, last_modified_by: 'system' };
  await db('software_module_types').insert(MODULE_TYPES.map(({ maxAssignments, ...type }) => ({ ...type, max_assignments: maxAssignments, ...stamp })));
  const moduleTypeIds = new Map<string, number>(
    (await db('software_module_types').select('id', 'key')).map((row: { id: number; key: string }) => [row.key, row.id]),
  );
  for (const { mandatory, optional, ...type } of DS_TYPES) {
    const [row]: { id: number }[] = await db('distribution_set_types').insert({ ...type, ...stamp }, ['id']);
    const links = [...mandatory.map((key) => ({ key, mandatory: true })), ...optional.map((key) => ({ key, mandatory: false }))];
    await db('distribution_set_type_module_types').insert(
      links.map(({ key, mandatory: isMandatory }) => ({
        distribution_set_type_id: row?.id,
        software_module_type_id: moduleTypeIds.get(key),
        mandatory: isMandatory,
      })),
    );
  }
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['sessions', 'distribution_set_type_module_types', 'distribution_set_types', 'software_module_types']) {
    await db.schema.dropTable(table);
  }
}

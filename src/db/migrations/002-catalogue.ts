import type { Knex } from 'knex';

type Table = Knex.CreateTableBuilder;

const audit = (table: Table): void => {
  table.bigInteger('created_at').notNullable();
  table.string('created_by', 64).notNullable();
  table.bigInteger('last_modified_at').notNullable();
  table.string('last_modified_by', 64).notNullable();
};
const reference = (table: Table, column: string, target: string, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL') =>
  table.integer(column).references(`${target}.id`).onDelete(onDelete);

/**
 * The catalogue (types, modules, artifacts, sets, tags, targets, metadata) and the deployment records
 * that reference it (actions with their status history, rollouts with their groups). Deletion rules of
 * decision 5 are RESTRICT foreign keys: a module in a set, a set referenced by actions or rollouts, a type
 * in use cannot be deleted; services check first and name the reason (or soft-delete a set, decision 213),
 * the keys guard against races.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('target_types', (table) => {
    table.increments('id');
    table.string('key', 64).notNullable().unique();
    table.string('name', 64).notNullable().unique();
    table.string('description', 512);
    table.string('colour', 16);
    audit(table);
  });
  await db.schema.createTable('target_type_distribution_set_types', (table) => {
    reference(table, 'target_type_id', 'target_types', 'CASCADE').notNullable();
    reference(table, 'distribution_set_type_id', 'distribution_set_types', 'RESTRICT').notNullable();
    table.primary(['target_type_id', 'distribution_set_type_id']);
  });

  await db.schema.createTable('software_modules', (table) => {
    table.increments('id');
    reference(table, 'type_id', 'software_module_types', 'RESTRICT').notNullable();
    table.string('name', 128).notNullable();
    table.string('version', 64).notNullable();
    table.string('vendor', 256);
    table.string('description', 512);
    audit(table);
    table.unique(['name', 'version', 'type_id']);
  });
  await db.schema.createTable('software_module_metadata', (table) => {
    reference(table, 'software_module_id', 'software_modules', 'CASCADE').notNullable();
    table.string('key', 128).notNullable();
    table.string('value', 4000);
    table.boolean('target_visible').notNullable().defaultTo(false);
    table.primary(['software_module_id', 'key']);
  });
  await db.schema.createTable('artifacts', (table) => {
    table.increments('id');
    reference(table, 'software_module_id', 'software_modules', 'RESTRICT').notNullable();
    table.string('provided_filename', 256).notNullable();
    table.bigInteger('size').notNullable();
    table.string('sha1', 40).notNullable();
    table.string('md5', 32).notNullable();
    table.string('sha256', 64).notNullable().index();
    audit(table);
    table.unique(['software_module_id', 'provided_filename']);
  });

  await db.schema.createTable('distribution_sets', (table) => {
    table.increments('id');
    reference(table, 'type_id', 'distribution_set_types', 'RESTRICT').notNullable();
    table.string('name', 128).notNullable();
    table.string('version', 64).notNullable();
    table.string('description', 512);
    table.boolean('required_migration_step').notNullable().defaultTo(false);
    table.boolean('valid').notNullable().defaultTo(true);
    audit(table);
    table.unique(['name', 'version']);
  });
  await db.schema.createTable('distribution_set_modules', (table) => {
    reference(table, 'distribution_set_id', 'distribution_sets', 'CASCADE').notNullable();
    reference(table, 'software_module_id', 'software_modules', 'RESTRICT').notNullable().index();
    table.primary(['distribution_set_id', 'software_module_id']);
  });
  await db.schema.createTable('distribution_set_metadata', (table) => {
    reference(table, 'distribution_set_id', 'distribution_sets', 'CASCADE').notNullable();
    table.string('key', 128).notNullable();
    table.string('value', 4000);
    table.primary(['distribution_set_id', 'key']);
  });

  for (const kind of ['target', 'distribution_set']) {
    await db.schema.createTable(`${kind}_tags`, (table) => {
      table.increments('id');
      table.string('name', 64).notNullable().unique();
      table.string('description', 512);
      table.string('colour', 16);
      audit(table);
    });
  }

  await db.schema.createTable('targets', (table) => {
    table.increments('id');
    table.string('controller_id', 256).notNullable().unique();
    table.string('name', 128).notNullable();
    table.string('description', 512);
    table.string('security_token', 128).notNullable();
    table.boolean('request_attributes').notNullable().defaultTo(true);
    table.string('group_name', 256).index();
    table.string('update_status', 16).notNullable().index();
    table.string('address', 512);
    table.bigInteger('last_controller_request_at');
    table.bigInteger('installed_at');
    reference(table, 'target_type_id', 'target_types', 'RESTRICT').index();
    reference(table, 'assigned_distribution_set_id', 'distribution_sets', 'RESTRICT').index();
    reference(table, 'installed_distribution_set_id', 'distribution_sets', 'RESTRICT').index();
    table.boolean('auto_confirm_active').notNullable().defaultTo(false);
    table.string('auto_confirm_initiator', 64);
    table.string('auto_confirm_remark', 512);
    table.bigInteger('auto_confirm_activated_at');
    audit(table);
  });
  await db.schema.createTable('target_attributes', (table) => {
    reference(table, 'target_id', 'targets', 'CASCADE').notNullable();
    table.string('key', 128).notNullable();
    table.string('value', 128);
    table.primary(['target_id', 'key']);
  });
  await db.schema.createTable('target_metadata', (table) => {
    reference(table, 'target_id', 'targets', 'CASCADE').notNullable();
    table.string('key', 128).notNullable();
    table.string('value', 4000);
    table.primary(['target_id', 'key']);
  });
  await db.schema.createTable('target_tag_assignments', (table) => {
    reference(table, 'target_id', 'targets', 'CASCADE').notNullable();
    reference(table, 'tag_id', 'target_tags', 'CASCADE').notNullable().index();
    table.primary(['target_id', 'tag_id']);
  });
  await db.schema.createTable('distribution_set_tag_assignments', (table) => {
    reference(table, 'distribution_set_id', 'distribution_sets', 'CASCADE').notNullable();
    reference(table, 'tag_id', 'distribution_set_tags', 'CASCADE').notNullable().index();
    table.primary(['distribution_set_id', 'tag_id']);
  });

  await db.schema.createTable('rollouts', (table) => {
    table.increments('id');
    table.string('name', 128).notNullable().unique();
    table.string('description', 512);
    reference(table, 'distribution_set_id', 'distribution_sets', 'RESTRICT').notNullable().index();
    table.string('target_filter_query', 1024).notNullable();
    table.string('status', 32).notNullable().index();
    table.string('action_type', 16).notNullable();
    table.bigInteger('force_time');
    table.string('success_condition', 16).notNullable();
    table.string('error_condition', 16);
    table.boolean('dynamic').notNullable().defaultTo(false);
    table.string('dynamic_name_suffix', 64);
    table.integer('dynamic_target_count');
    table.integer('total_targets').notNullable().defaultTo(0);
    table.string('approval_decided_by', 64);
    table.string('approval_remark', 512);
    audit(table);
  });
  await db.schema.createTable('rollout_groups', (table) => {
    table.increments('id');
    reference(table, 'rollout_id', 'rollouts', 'CASCADE').notNullable().index();
    table.integer('position').notNullable();
    table.string('name', 128).notNullable();
    table.string('status', 32).notNullable();
    table.boolean('dynamic').notNullable().defaultTo(false);
    table.integer('capacity').notNullable();
    audit(table);
    table.unique(['rollout_id', 'position']);
  });
  await db.schema.createTable('rollout_group_targets', (table) => {
    reference(table, 'rollout_group_id', 'rollout_groups', 'CASCADE').notNullable();
    reference(table, 'target_id', 'targets', 'CASCADE').notNullable().index();
    table.primary(['rollout_group_id', 'target_id']);
  });

  await db.schema.createTable('actions', (table) => {
    table.increments('id');
    reference(table, 'target_id', 'targets', 'CASCADE').notNullable();
    reference(table, 'distribution_set_id', 'distribution_sets', 'RESTRICT').notNullable().index();
    reference(table, 'rollout_id', 'rollouts', 'SET NULL').index();
    reference(table, 'rollout_group_id', 'rollout_groups', 'SET NULL').index();
    table.boolean('active').notNullable();
    table.string('status', 32).notNullable().index();
    table.string('action_type', 16).notNullable();
    table.bigInteger('force_time');
    table.string('maintenance_schedule', 128);
    table.string('maintenance_duration', 8);
    table.string('maintenance_timezone', 8);
    table.integer('deployment_fetch_count').notNullable().defaultTo(0);
    table.integer('last_status_code');
    audit(table);
    table.index(['target_id', 'active']);
  });
  await db.schema.createTable('action_status', (table) => {
    table.increments('id');
    reference(table, 'action_id', 'actions', 'CASCADE').notNullable().index();
    table.string('status', 32).notNullable();
    table.text('messages').notNullable();
    table.integer('code');
    table.bigInteger('reported_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  const tables = [
    'action_status',
    'actions',
    'rollout_group_targets',
    'rollout_groups',
    'rollouts',
    'distribution_set_tag_assignments',
    'target_tag_assignments',
    'target_metadata',
    'target_attributes',
    'targets',
    'distribution_set_tags',
    'target_tags',
    'distribution_set_metadata',
    'distribution_set_modules',
    'distribution_sets',
    'artifacts',
    'software_module_metadata',
    'software_modules',
    'target_type_distribution_set_types',
    'target_types',
  ];
  for (const table of tables) await db.schema.dropTable(table);
}

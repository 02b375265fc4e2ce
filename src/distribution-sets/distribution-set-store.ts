import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';
import { SOFTWARE_MODULE_FIELDS } from '../software-modules/software-module-fields.js';
import { moduleRowOf, softwareModuleQuery, type SoftwareModuleRow } from '../software-modules/software-module-store.js';
import type { DistributionSet, DistributionSetModule } from './distribution-set.js';
import type { DistributionSetTypeRules, ModuleTypeSlot, TypedModule } from './module-type-rules.js';

// hawkBit locks a set on its first assignment; we derive the lock from the references instead of storing it.
const lockedSet = (setId: string) =>
  `(exists (select 1 from actions a where a.distribution_set_id = ${setId})` + ` or exists (select 1 from rollouts r where r.distribution_set_id = ${setId}))`;

/** SQL: the set `ds` holds a module of each mandatory module type of its type. */
export const COMPLETE =
  'not exists (select 1 from distribution_set_type_module_types mt' +
  ' where mt.distribution_set_type_id = ds.type_id and mt.mandatory = true and not exists (' +
  'select 1 from distribution_set_modules m join software_modules s on s.id = m.software_module_id' +
  ' where m.distribution_set_id = ds.id and s.type_id = mt.software_module_type_id))';

const MODULE_LOCKED = 'exists (select 1 from distribution_set_modules l' + ` where l.software_module_id = sm.id and ${lockedSet('l.distribution_set_id')})`;

/** A set's own columns with its type, `complete` and `locked` (one row per set, modules apart). */
export type DistributionSetRow = Omit<DistributionSet, 'modules'>;

/** A set's own columns as stored. */
export interface DistributionSetValues {
  readonly name: string;
  readonly version: string;
  readonly description: string | null;
  readonly requiredMigrationStep: boolean;
}

/**
 * `distribution_sets as ds` joined with its type (`dst`), selecting {@link DistributionSetRow} with
 * `complete` and `locked` computed in SQL; callers add filters and order.
 */
function distributionSetQuery(db: Knex): Knex.QueryBuilder {
  return db('distribution_sets as ds')
    .join('distribution_set_types as dst', 'dst.id', 'ds.type_id')
    .select({
      id: 'ds.id',
      name: 'ds.name',
      version: 'ds.version',
      description: 'ds.description',
      typeId: 'ds.type_id',
      typeKey: 'dst.key',
      typeName: 'dst.name',
      requiredMigrationStep: 'ds.required_migration_step',
      valid: 'ds.valid',
      deleted: 'ds.deleted',
      createdAt: 'ds.created_at',
      createdBy: 'ds.created_by',
      lastModifiedAt: 'ds.last_modified_at',
      lastModifiedBy: 'ds.last_modified_by',
    })
    .select(db.raw(`(${COMPLETE}) as ??`, ['complete']), db.raw(`${lockedSet('ds.id')} as ??`, ['locked']));
}

/** SQLite hands booleans back as 0/1, PostgreSQL as booleans. */
const moduleOf = (row: SoftwareModuleRow & { locked: unknown }): DistributionSetModule => ({
  ...moduleRowOf(row),
  locked: Boolean(row.locked),
});

const setRowOf = (row: DistributionSetRow): DistributionSetRow => ({
  ...row,
  requiredMigrationStep: Boolean(row.requiredMigrationStep),
  valid: Boolean(row.valid),
  complete: Boolean(row.complete),
  locked: Boolean(row.locked),
  deleted: Boolean(row.deleted),
});

/** Which soft-deleted sets a list shows (hawkBit's `soft_deleted_mode`): none, also them, or only them. */
export type SoftDeletedMode = 'exclude' | 'include' | 'only';

/**
 * What keeps a set's row (decision 213): its name in words → the table and column that reference it. Actions
 * refuse the deletion; the others make it soft.
 */
const SET_USES: Readonly<Record<string, readonly [table: string, column: string]>> = {
  actions: ['actions', 'distribution_set_id'],
  rollouts: ['rollouts', 'distribution_set_id'],
  'targets (assigned)': ['targets', 'assigned_distribution_set_id'],
  'targets (installed)': ['targets', 'installed_distribution_set_id'],
};

/** The SQL of distribution sets, their modules and their types' module rules (docs/CONVENTIONS.md rule 5). */
export const distributionSetStore = {
  async exists(db: Knex, id: number): Promise<boolean> {
    return (await db('distribution_sets').where('id', id).first('id')) !== undefined;
  },

  /** Whether the set is valid (not invalidated) and whether it is soft-deleted; undefined for an unknown set. */
  async state(db: Knex, id: number): Promise<{ valid: boolean; deleted: boolean } | undefined> {
    const row = await db('distribution_sets').where('id', id).first<{ valid: boolean | number; deleted: boolean | number } | undefined>('valid', 'deleted');
    return row && { valid: Boolean(row.valid), deleted: Boolean(row.deleted) };
  },

  /** The set's row with its derived states, modules apart. */
  async row(db: Knex, id: number): Promise<DistributionSetRow | undefined> {
    const row = (await distributionSetQuery(db).where('ds.id', id).first()) as DistributionSetRow | undefined;
    return row && setRowOf(row);
  },

  /** The sets among `ids` with their modules, in the order of `ids`. */
  async sets(db: Knex, ids: readonly number[]): Promise<DistributionSet[]> {
    const rows = (await distributionSetQuery(db).whereIn('ds.id', ids)) as DistributionSetRow[];
    const found = await distributionSetStore.withModules(db, rows);
    return ids.flatMap((id) => found.find((set) => set.id === id) ?? []);
  },

  /**
   * One page of sets with their modules; `ownerIds` (a subquery of set ids) narrows them.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(
    db: Knex,
    page: PageRequest,
    q: string | undefined,
    fields: FiqlFields,
    { ownerIds, deleted = 'exclude' }: { ownerIds?: Knex.QueryBuilder; deleted?: SoftDeletedMode } = {},
  ): Promise<Page<DistributionSet>> {
    const builder = distributionSetQuery(db);
    if (ownerIds) builder.whereIn('ds.id', ownerIds);
    if (deleted !== 'include') builder.where('ds.deleted', deleted === 'only');
    if (q !== undefined) compileFiql(q, fields)(builder);
    const { rows, total } = await fetchPage<DistributionSetRow>(builder, page, 'ds.id');
    return { rows: await distributionSetStore.withModules(db, rows), total };
  },

  /** Attaches their modules to set rows: one query for all of them. */
  async withModules(db: Knex, rows: readonly DistributionSetRow[]): Promise<DistributionSet[]> {
    const ids = rows.map((row) => row.id);
    const modules =
      ids.length === 0
        ? []
        : ((await softwareModuleQuery(db)
            .join('distribution_set_modules as dsm', 'dsm.software_module_id', 'sm.id')
            .whereIn('dsm.distribution_set_id', ids)
            .select({ setId: 'dsm.distribution_set_id' })
            .select(db.raw(`${MODULE_LOCKED} as ??`, ['locked']))
            .orderBy('sm.id')) as (SoftwareModuleRow & { setId: number; locked: unknown })[]);
    const bySet = new Map<number, DistributionSetModule[]>();
    for (const { setId, ...module } of modules) {
      const list = bySet.get(setId) ?? [];
      list.push(moduleOf(module));
      bySet.set(setId, list);
    }
    return rows.map((row) => ({ ...setRowOf(row), modules: bySet.get(row.id) ?? [] }));
  },

  /**
   * One page of the set's modules, `q` over the module fields.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async modulePage(db: Knex, setId: number, page: PageRequest, q: string | undefined): Promise<Page<DistributionSetModule>> {
    const builder = softwareModuleQuery(db)
      .join('distribution_set_modules as dsm', 'dsm.software_module_id', 'sm.id')
      .where('dsm.distribution_set_id', setId)
      .select(db.raw(`${MODULE_LOCKED} as ??`, ['locked']));
    if (q !== undefined) builder.where(compileFiql(q, SOFTWARE_MODULE_FIELDS));
    const { rows, total } = await fetchPage<SoftwareModuleRow & { locked: unknown }>(builder, page, 'sm.id');
    return { rows: rows.map(moduleOf), total };
  },

  /** The stored name + version pairs among sets named `names`. */
  takenNames: (db: Knex, names: readonly string[]): Promise<{ name: string; version: string }[]> =>
    db('distribution_sets').whereIn('name', names).select<{ name: string; version: string }[]>('name', 'version'),

  /** Inserts a valid set; returns its id. */
  async insert(db: Knex, typeId: number, values: DistributionSetValues, audit: Audit): Promise<number> {
    const { name, version, description, requiredMigrationStep } = values;
    return insertRow(db, 'distribution_sets', {
      type_id: typeId,
      name,
      version,
      description,
      required_migration_step: requiredMigrationStep,
      valid: true,
      ...auditColumns(audit),
    });
  },

  async update(db: Knex, id: number, values: DistributionSetValues, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    const { name, version, description, requiredMigrationStep } = values;
    await db('distribution_sets')
      .where('id', id)
      .update({ name, version, description, required_migration_step: requiredMigrationStep, ...auditColumns(audit) });
  },

  /** Marks the set invalid (hawkBit's invalidation): it can no longer be assigned. */
  async invalidate(db: Knex, id: number, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('distribution_sets')
      .where('id', id)
      .update({ valid: false, ...auditColumns(audit) });
  },

  /** Stamps a change of the set's modules. */
  async touch(db: Knex, id: number, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('distribution_sets').where('id', id).update(auditColumns(audit));
  },

  /** Whether an action references the set. */
  async deployed(db: Knex, id: number): Promise<boolean> {
    return (await db('actions').where('distribution_set_id', id).first('id')) !== undefined;
  },

  /** What keeps a set from being deleted, in words. One query at a time: a transaction is one connection. */
  async uses(db: Knex, id: number): Promise<string[]> {
    const uses: string[] = [];
    for (const [use, [table, column]] of Object.entries(SET_USES)) {
      if (await db(table).where(column, id).first('id')) uses.push(use);
    }
    return uses;
  },

  /**
   * Whether a rollout of the set can still create actions (ready, waiting for approval, running, paused):
   * deleting its set, even softly, would deploy a deleted set (decision 213).
   */
  async hasLiveRollout(db: Knex, id: number): Promise<boolean> {
    const live = await db('rollouts')
      .where('distribution_set_id', id)
      .whereIn('status', ['ready', 'waiting_for_approval', 'running', 'paused'])
      .first<{ id: number } | undefined>('id');
    return live !== undefined;
  },

  /** Marks the set deleted and deletes its auto-assignments (a target filter's too), as a hard deletion does (CASCADE). */
  async softDelete(db: Knex, id: number, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('distribution_sets').where('id', id).update({ deleted: true, last_modified_at: audit.lastModifiedAt, last_modified_by: audit.lastModifiedBy });
    await db('auto_assignments').where('distribution_set_id', id).delete();
  },

  /** Deletes the set; its module links, metadata and tag assignments go with it (ON DELETE CASCADE). */
  async delete(db: Knex, id: number): Promise<void> {
    await db('distribution_sets').where('id', id).delete();
  },

  /** The modules the set holds, with their types. */
  heldModules: (db: Knex, setId: number): Promise<TypedModule[]> =>
    db('distribution_set_modules as dsm')
      .join('software_modules as sm', 'sm.id', 'dsm.software_module_id')
      .join('software_module_types as smt', 'smt.id', 'sm.type_id')
      .where('dsm.distribution_set_id', setId)
      .select<TypedModule[]>({ id: 'sm.id', typeId: 'sm.type_id', typeKey: 'smt.key' }),

  async addModules(db: Knex, setId: number, moduleIds: readonly number[]): Promise<void> {
    if (moduleIds.length === 0) return;
    await db('distribution_set_modules').insert(moduleIds.map((moduleId) => ({ distribution_set_id: setId, software_module_id: moduleId })));
  },

  /** Removes modules from the set; returns how many it held. */
  removeModules: (db: Knex, setId: number, moduleIds: readonly number[]): Promise<number> =>
    db('distribution_set_modules').where('distribution_set_id', setId).whereIn('software_module_id', moduleIds).delete(),

  /** The software modules among `ids` with their types, in one query. */
  typedModules: (db: Knex, ids: readonly number[]): Promise<TypedModule[]> =>
    db('software_modules as sm')
      .join('software_module_types as smt', 'smt.id', 'sm.type_id')
      .whereIn('sm.id', ids)
      .select<TypedModule[]>({ id: 'sm.id', typeId: 'sm.type_id', typeKey: 'smt.key' }),

  /**
   * The rules of the distribution-set types named by key (or by id), read straight from the type tables:
   * two queries however many types.
   */
  async typeRules(db: Knex, by: { readonly keys: readonly string[] } | { readonly ids: readonly number[] }): Promise<DistributionSetTypeRules[]> {
    const types = await db('distribution_set_types')
      .modify((query: Knex.QueryBuilder) => {
        if ('keys' in by) query.whereIn('key', by.keys);
        else query.whereIn('id', by.ids);
      })
      .select<{ id: number; key: string }[]>('id', 'key');
    const slots = await db('distribution_set_type_module_types as l')
      .join('software_module_types as smt', 'smt.id', 'l.software_module_type_id')
      .whereIn(
        'l.distribution_set_type_id',
        types.map((type) => type.id),
      )
      .select<(Omit<ModuleTypeSlot, 'mandatory'> & { dsTypeId: number; mandatory: unknown })[]>({
        dsTypeId: 'l.distribution_set_type_id',
        typeId: 'smt.id',
        key: 'smt.key',
        mandatory: 'l.mandatory',
        maxAssignments: 'smt.max_assignments',
      });
    return types.map((type) => ({
      ...type,
      slots: slots
        .filter((slot) => slot.dsTypeId === type.id)
        .map(({ typeId, key, mandatory, maxAssignments }) => ({ typeId, key, mandatory: Boolean(mandatory), maxAssignments })),
    }));
  },
};

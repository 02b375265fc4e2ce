import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';
import { DISTRIBUTION_SET_TYPE_FIELDS, SOFTWARE_MODULE_TYPE_FIELDS, TARGET_TYPE_FIELDS } from './type-fields.js';
import type { DistributionSetType, SoftwareModuleType, TargetType, TypeEntity } from './type-models.js';

/** Link table: a module type is mandatory or optional in a distribution-set type. */
const DS_TYPE_MODULE_TYPES = 'distribution_set_type_module_types';

/** Link table: the distribution-set types a target type can install. */
const TARGET_TYPE_DS_TYPES = 'target_type_distribution_set_types';

/** A change of a type's own fields, stamped; absent fields stay as they are. */
export interface TypePatch extends Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'> {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly colour?: string | undefined;
}

/**
 * The SQL every kind of type shares (docs/CONVENTIONS.md rule 5): the three type tables have the same
 * columns (software-module types add `max_assignments` and `min_artifacts`), so one set of statements serves them all.
 */
export interface TypeStore<T extends TypeEntity> {
  /** The type with this id. */
  find(db: Knex, id: number): Promise<T | undefined>;
  /**
   * One page of the types; `q` filters on the kind's `q` fields (`type-fields.ts`).
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  page(db: Knex, page: PageRequest, q: string | undefined): Promise<Page<T>>;
  /** The `field` of a type other than `exceptId` whose `field` is one of `values`, if any. */
  taken(db: Knex, field: 'key' | 'name', values: readonly string[], exceptId?: number): Promise<string | undefined>;
  /** The id of the type with this key. */
  idOfKey(db: Knex, key: string): Promise<number | undefined>;
  /** Those of `ids` that name a type. */
  existingIds(db: Knex, ids: readonly number[]): Promise<number[]>;
  /** Inserts the type; returns it with its id. */
  insert(db: Knex, values: Omit<T, 'id'>): Promise<T>;
  /** Changes the type's fields (an undefined one keeps its value: knex leaves it out) and reads it back. */
  update(db: Knex, id: number, patch: TypePatch): Promise<T>;
  /** Stamps a change of the type's links on the type. */
  touch(db: Knex, id: number, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void>;
  /** Deletes the type; its own links go with it (ON DELETE CASCADE). */
  delete(db: Knex, id: number): Promise<void>;
}

export interface SoftwareModuleTypeStore extends TypeStore<SoftwareModuleType> {
  /** Whether a software module is of the type. */
  usedBySoftwareModules(db: Knex, id: number): Promise<boolean>;
  /** Whether a distribution-set type names the type as mandatory or optional. */
  usedByDistributionSetTypes(db: Knex, id: number): Promise<boolean>;
}

/** A module type of a distribution-set type, mandatory or optional. */
export interface ModuleTypeLink {
  readonly moduleTypeId: number;
  readonly mandatory: boolean;
}

export interface DistributionSetTypeStore extends TypeStore<DistributionSetType> {
  /** Whether a distribution set is of the type (for its deletion). */
  usedByDistributionSets(db: Knex, id: number): Promise<boolean>;
  /** Whether a distribution set is of the type (for a change of its module types). */
  hasDistributionSets(db: Knex, id: number): Promise<boolean>;
  /** Whether a target type names the type as compatible. */
  usedByTargetTypes(db: Knex, id: number): Promise<boolean>;
  /** The type's mandatory (`mandatory` true) or optional module types, by id. */
  moduleTypes(db: Knex, id: number, mandatory: boolean): Promise<SoftwareModuleType[]>;
  /** One of them, if it is one. */
  moduleType(db: Knex, id: number, moduleTypeId: number, mandatory: boolean): Promise<SoftwareModuleType | undefined>;
  /** The ids of the type's mandatory and optional module types, each ascending. */
  moduleTypeIds(db: Knex, id: number): Promise<{ mandatoryModuleTypeIds: number[]; optionalModuleTypeIds: number[] }>;
  /** How many module types the type has. */
  countModuleTypes(db: Knex, id: number): Promise<number>;
  /** Whether the module type is one of the type's, of that kind. */
  hasModuleType(db: Knex, id: number, link: ModuleTypeLink): Promise<boolean>;
  /** Links the module types, in their order; none: no statement. */
  addModuleTypes(db: Knex, id: number, links: readonly ModuleTypeLink[]): Promise<void>;
  /** Links one module type. */
  addModuleType(db: Knex, id: number, link: ModuleTypeLink): Promise<void>;
  /** Makes a module type of the type mandatory or optional; false when it is not one of the type's. */
  moveModuleType(db: Knex, id: number, link: ModuleTypeLink): Promise<boolean>;
  /** Unlinks the module type if it is of that kind. */
  removeModuleType(db: Knex, id: number, link: ModuleTypeLink): Promise<void>;
}

export interface TargetTypeStore extends TypeStore<TargetType> {
  /** Whether a target is of the type. */
  hasTargets(db: Knex, id: number): Promise<boolean>;
  /** The ids of the targets of the type, as a subquery. */
  targetIdQuery(db: Knex, id: number): Knex.QueryBuilder;
  /** The distribution-set types the type can install, by id. */
  compatibleTypes(db: Knex, id: number): Promise<DistributionSetType[]>;
  /** Their ids. */
  compatibleTypeIds(db: Knex, id: number): Promise<number[]>;
  /** Makes the distribution-set types compatible, in their order; none: no statement. */
  addCompatibleTypes(db: Knex, id: number, distributionSetTypeIds: readonly number[]): Promise<void>;
  /** Makes a distribution-set type incompatible; false when it was not compatible. */
  removeCompatibleType(db: Knex, id: number, distributionSetTypeId: number): Promise<boolean>;
}

/** The columns every type table has, by the field that holds them. */
const TYPE_COLUMNS = { id: 'id', key: 'key', name: 'name', description: 'description', colour: 'colour' } as const;
const AUDIT_COLUMNS = { createdAt: 'created_at', createdBy: 'created_by', lastModifiedAt: 'last_modified_at', lastModifiedBy: 'last_modified_by' } as const;

/** A kind of type: its table and the columns it has beyond the shared ones, by field. */
interface TypeTable {
  readonly table: string;
  readonly extra: Readonly<Record<string, string>>;
}

const SOFTWARE_MODULE_TYPES: TypeTable = { table: 'software_module_types', extra: { maxAssignments: 'max_assignments', minArtifacts: 'min_artifacts' } };
const DISTRIBUTION_SET_TYPES: TypeTable = { table: 'distribution_set_types', extra: {} };
const TARGET_TYPES: TypeTable = { table: 'target_types', extra: {} };

/** The select list of a type table (aliased `alias`), each column as its field. */
const selection = ({ extra }: TypeTable, alias: string) =>
  Object.fromEntries(Object.entries({ ...TYPE_COLUMNS, ...AUDIT_COLUMNS, ...extra }).map(([field, column]) => [field, `${alias}.${column}`]));

/** The shared statements over one type table, its rows read as `T`. */
function typeStore<T extends TypeEntity>(kind: TypeTable, fields: FiqlFields): TypeStore<T> {
  const { table, extra } = kind;
  const types = (db: Knex) => db(table).select(selection(kind, table));
  const find = async (db: Knex, id: number): Promise<T | undefined> => (await types(db).where(`${table}.id`, id).first()) as T | undefined;
  return {
    find,
    async page(db, page, q) {
      const builder = types(db);
      if (q !== undefined) builder.where(compileFiql(q, fields));
      return fetchPage<T>(builder, page, 'id');
    },
    async taken(db, field, values, exceptId) {
      const existing = await db(table)
        .whereIn(field, values)
        .whereNotIn('id', exceptId === undefined ? [] : [exceptId])
        .first<Record<string, string> | undefined>(field);
      return existing?.[field];
    },
    idOfKey: async (db, key) => (await db(table).where('key', key).first<{ id: number } | undefined>('id'))?.id,
    existingIds: async (db, ids) => (await db(table).whereIn('id', ids).select('id')).map((row: { id: number }) => row.id),
    async insert(db, values) {
      const own = Object.entries({ key: 'key', name: 'name', description: 'description', colour: 'colour', ...extra }).map(
        ([field, column]) => [column, (values as unknown as Record<string, unknown>)[field] ?? null] as const,
      );
      return (await find(db, await insertRow(db, table, { ...Object.fromEntries(own), ...auditColumns(values) }))) as T;
    },
    async update(db, id, { name, description, colour, ...audit }) {
      await db(table)
        .where('id', id)
        .update({
          name,
          description,
          colour,
          ...auditColumns(audit),
        });
      return (await find(db, id)) as T;
    },
    async touch(db, id, audit) {
      await db(table).where('id', id).update(auditColumns(audit));
    },
    async delete(db, id) {
      await db(table).where('id', id).delete();
    },
  };
}

/** Whether a row of `table` has `id` in `column`, reading `select`. */
const refers = async (db: Knex, table: string, column: string, id: number, select = column) => Boolean(await db(table).where(column, id).first(select));

export const softwareModuleTypeStore: SoftwareModuleTypeStore = {
  ...typeStore<SoftwareModuleType>(SOFTWARE_MODULE_TYPES, SOFTWARE_MODULE_TYPE_FIELDS),
  usedBySoftwareModules: (db, id) => refers(db, 'software_modules', 'type_id', id),
  usedByDistributionSetTypes: (db, id) => refers(db, DS_TYPE_MODULE_TYPES, 'software_module_type_id', id),
};

const moduleTypeLinks = (db: Knex, id: number) => db(DS_TYPE_MODULE_TYPES).where('distribution_set_type_id', id);
const moduleTypesOfKind = (db: Knex, id: number, mandatory: boolean) =>
  db('software_module_types as t')
    .join(`${DS_TYPE_MODULE_TYPES} as l`, 'l.software_module_type_id', 't.id')
    .where('l.distribution_set_type_id', id)
    .where('l.mandatory', mandatory)
    .orderBy('t.id')
    .select(selection(SOFTWARE_MODULE_TYPES, 't'));
const moduleTypeLink = (db: Knex, id: number, { moduleTypeId, mandatory }: ModuleTypeLink) =>
  moduleTypeLinks(db, id).where('software_module_type_id', moduleTypeId).where('mandatory', mandatory);
const moduleTypeRow = (id: number, { moduleTypeId, mandatory }: ModuleTypeLink) => ({
  distribution_set_type_id: id,
  software_module_type_id: moduleTypeId,
  mandatory,
});

export const distributionSetTypeStore: DistributionSetTypeStore = {
  ...typeStore<DistributionSetType>(DISTRIBUTION_SET_TYPES, DISTRIBUTION_SET_TYPE_FIELDS),
  usedByDistributionSets: (db, id) => refers(db, 'distribution_sets', 'type_id', id),
  hasDistributionSets: (db, id) => refers(db, 'distribution_sets', 'type_id', id, 'id'),
  usedByTargetTypes: (db, id) => refers(db, TARGET_TYPE_DS_TYPES, 'distribution_set_type_id', id),
  moduleTypes: (db, id, mandatory) => moduleTypesOfKind(db, id, mandatory),
  moduleType: (db, id, moduleTypeId, mandatory) => moduleTypesOfKind(db, id, mandatory).where('t.id', moduleTypeId).first<SoftwareModuleType | undefined>(),
  async moduleTypeIds(db, id) {
    const links: { software_module_type_id: number; mandatory: boolean | number }[] = await db(DS_TYPE_MODULE_TYPES)
      .where('distribution_set_type_id', id)
      .orderBy('software_module_type_id')
      .select('software_module_type_id', 'mandatory');
    const idsOf = (mandatory: boolean) => links.filter((link) => Boolean(link.mandatory) === mandatory).map((link) => link.software_module_type_id);
    return { mandatoryModuleTypeIds: idsOf(true), optionalModuleTypeIds: idsOf(false) };
  },
  async countModuleTypes(db, id) {
    const counted = (await moduleTypeLinks(db, id).count({ n: '*' }).first()) as { n: number | string };
    return Number(counted.n);
  },
  hasModuleType: async (db, id, link) => Boolean(await moduleTypeLink(db, id, link).first('software_module_type_id')),
  async addModuleTypes(db, id, links) {
    if (links.length > 0) await db(DS_TYPE_MODULE_TYPES).insert(links.map((link) => moduleTypeRow(id, link)));
  },
  async addModuleType(db, id, link) {
    await db(DS_TYPE_MODULE_TYPES).insert(moduleTypeRow(id, link));
  },
  moveModuleType: async (db, id, { moduleTypeId, mandatory }) =>
    (await moduleTypeLinks(db, id).where('software_module_type_id', moduleTypeId).update({ mandatory })) > 0,
  async removeModuleType(db, id, link) {
    await moduleTypeLink(db, id, link).delete();
  },
};

const compatibleLinks = (db: Knex, id: number) => db(TARGET_TYPE_DS_TYPES).where('target_type_id', id);

export const targetTypeStore: TargetTypeStore = {
  ...typeStore<TargetType>(TARGET_TYPES, TARGET_TYPE_FIELDS),
  hasTargets: (db, id) => refers(db, 'targets', 'target_type_id', id, 'id'),
  targetIdQuery: (db, id) => db('targets').select('id').where('target_type_id', id),
  compatibleTypes: (db, id) =>
    db(`${DISTRIBUTION_SET_TYPES.table} as d`)
      .join(`${TARGET_TYPE_DS_TYPES} as l`, 'l.distribution_set_type_id', 'd.id')
      .where('l.target_type_id', id)
      .orderBy('d.id')
      .select<DistributionSetType[]>(selection(DISTRIBUTION_SET_TYPES, 'd')),
  compatibleTypeIds: async (db, id) =>
    (await compatibleLinks(db, id).select('distribution_set_type_id')).map((row: { distribution_set_type_id: number }) => row.distribution_set_type_id),
  async addCompatibleTypes(db, id, distributionSetTypeIds) {
    if (distributionSetTypeIds.length === 0) return;
    await db(TARGET_TYPE_DS_TYPES).insert(distributionSetTypeIds.map((dsTypeId) => ({ target_type_id: id, distribution_set_type_id: dsTypeId })));
  },
  removeCompatibleType: async (db, id, distributionSetTypeId) =>
    (await compatibleLinks(db, id).where('distribution_set_type_id', distributionSetTypeId).delete()) > 0,
};

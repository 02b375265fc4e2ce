import type { Knex } from 'knex';
import { DomainError, ErrorCode } from '../errors.js';
import { softwareModuleQuery, type SoftwareModuleRow } from '../software-modules/software-module-store.js';
import type { DistributionSet, DistributionSetModule } from './distribution-set.js';

export const setNotFound = (id: number): DomainError =>
  new DomainError(ErrorCode.entityNotFound, `DistributionSet with given identifier {${id}} does not exist.`);

/** @throws DomainError entityNotFound unless the set exists */
export async function assertSetExists(db: Knex, id: number): Promise<void> {
  if (!(await db('distribution_sets').where('id', id).first('id'))) throw setNotFound(id);
}

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

/**
 * `distribution_sets as ds` joined with its type (`dst`), selecting {@link DistributionSetRow} with
 * `complete` and `locked` computed in SQL; callers add filters and order.
 */
export function distributionSetQuery(db: Knex): Knex.QueryBuilder {
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
      createdAt: 'ds.created_at',
      createdBy: 'ds.created_by',
      lastModifiedAt: 'ds.last_modified_at',
      lastModifiedBy: 'ds.last_modified_by',
    })
    .select(db.raw(`(${COMPLETE}) as ??`, ['complete']), db.raw(`${lockedSet('ds.id')} as ??`, ['locked']));
}

/** One row of {@link distributionSetQuery}, or undefined. */
export async function distributionSetRow(db: Knex, id: number): Promise<DistributionSetRow | undefined> {
  return (await distributionSetQuery(db).where('ds.id', id).first()) as DistributionSetRow | undefined;
}

/** The modules of a set, selecting {@link DistributionSetModule}; callers add order and paging. */
export function setModuleQuery(db: Knex, setId: number): Knex.QueryBuilder {
  return softwareModuleQuery(db)
    .join('distribution_set_modules as dsm', 'dsm.software_module_id', 'sm.id')
    .where('dsm.distribution_set_id', setId)
    .select(db.raw(`${MODULE_LOCKED} as ??`, ['locked']));
}

/** SQLite hands booleans back as 0/1, PostgreSQL as booleans. */
export const moduleOf = (row: SoftwareModuleRow & { locked: unknown }): DistributionSetModule => ({
  ...row,
  locked: Boolean(row.locked),
});

/** Attaches their modules to rows of {@link distributionSetQuery}: one query for all of them. */
export async function withModules(db: Knex, rows: readonly DistributionSetRow[]): Promise<DistributionSet[]> {
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
  return rows.map((row) => ({
    ...row,
    requiredMigrationStep: Boolean(row.requiredMigrationStep),
    valid: Boolean(row.valid),
    complete: Boolean(row.complete),
    locked: Boolean(row.locked),
    modules: bySet.get(row.id) ?? [],
  }));
}

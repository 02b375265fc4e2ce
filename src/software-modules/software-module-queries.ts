import type { Knex } from 'knex';
import type { Audit } from '../db/audit.js';

/** A software module as lists and embeddings show it: its own columns plus its type's key and name. */
export interface SoftwareModuleRow extends Audit {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly vendor: string | null;
  readonly description: string | null;
  readonly typeId: number;
  readonly typeKey: string;
  readonly typeName: string;
}

/** `software_modules` joined with its type, selecting {@link SoftwareModuleRow}; callers add filters and order. */
export function softwareModuleQuery(db: Knex): Knex.QueryBuilder {
  return db('software_modules as sm').join('software_module_types as smt', 'smt.id', 'sm.type_id').select({
    id: 'sm.id',
    name: 'sm.name',
    version: 'sm.version',
    vendor: 'sm.vendor',
    description: 'sm.description',
    typeId: 'sm.type_id',
    typeKey: 'smt.key',
    typeName: 'smt.name',
    createdAt: 'sm.created_at',
    createdBy: 'sm.created_by',
    lastModifiedAt: 'sm.last_modified_at',
    lastModifiedBy: 'sm.last_modified_by',
  });
}

/**
 * The modules among `ids` that are locked: they belong to a set that an action or a rollout references
 * (hawkBit locks a set and its modules on first assignment; we derive the lock instead of storing it).
 * One query for any number of modules.
 */
export async function lockedModuleIds(db: Knex, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db('distribution_set_modules as l')
    .distinct<{ id: number }[]>({ id: 'l.software_module_id' })
    .whereIn('l.software_module_id', ids)
    .whereRaw(
      '(exists (select 1 from actions a where a.distribution_set_id = l.distribution_set_id)' +
        ' or exists (select 1 from rollouts r where r.distribution_set_id = l.distribution_set_id))',
    );
  return new Set(rows.map((row) => row.id));
}

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
  return db('software_modules as sm')
    .join('software_module_types as smt', 'smt.id', 'sm.type_id')
    .select({
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

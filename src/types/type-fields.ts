import { auditFields, rowsOf } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import type { SortOrder } from '../db/page.js';

/** hawkBit's type fields (id, key, name, description since 0.9; the audit fields) over `table`. */
const typeFields = (table: string): FiqlFields => ({
  id: { column: `${table}.id`, kind: 'integer' },
  key: { column: `${table}.key`, kind: 'string' },
  name: { column: `${table}.name`, kind: 'string' },
  description: { column: `${table}.description`, kind: 'string' },
  ...auditFields(table),
});

/** The `q` fields of software-module-type lists (hawkBit's SoftwareModuleTypeFields), over `software_module_types`. */
export const SOFTWARE_MODULE_TYPE_FIELDS: FiqlFields = {
  ...typeFields('software_module_types'),
  maxassignments: { column: 'software_module_types.max_assignments', kind: 'integer' },
};

/** The `q` fields of distribution-set-type lists (hawkBit's DistributionSetTypeFields), over `distribution_set_types`. */
export const DISTRIBUTION_SET_TYPE_FIELDS: FiqlFields = typeFields('distribution_set_types');

/** The `q` fields of target-type lists (hawkBit's TargetTypeFields), over `target_types`. */
export const TARGET_TYPE_FIELDS: FiqlFields = typeFields('target_types');

/**
 * An entity's type as hawkBit 1.x queries it: `<name>.id|key|name`, and `<name>` alone for the key (0.9's
 * `type` of modules and sets was the key already).
 * @param table the type table, `software_module_types`
 * @param typeIdColumn the type reference in the caller's query, `sm.type_id`
 * @param bare whether `<name>` alone is a field too (hawkBit's deprecated `targettype` has no default)
 */
export function typeReferenceFields(name: string, table: string, typeIdColumn: string, bare = true): FiqlFields {
  const related = rowsOf(`${table} as of_type`, 'of_type.id', typeIdColumn);
  const key = { column: 'of_type.key', kind: 'string', related } as const;
  return {
    ...(bare ? { [name]: key } : {}),
    [`${name}.id`]: { column: 'of_type.id', kind: 'integer', related },
    [`${name}.key`]: key,
    [`${name}.name`]: { column: 'of_type.name', kind: 'string', related },
  };
}

/** Sortable fields of every type list (wire name, lower case → column; hawkBit's type fields). */
export const TYPE_SORT_FIELDS = { id: 'id', key: 'key', name: 'name', description: 'description' } as const;
/** Sortable fields of software-module-type lists: the type fields and `maxAssignments`. */
export const SOFTWARE_MODULE_TYPE_SORT_FIELDS = { ...TYPE_SORT_FIELDS, maxassignments: 'max_assignments' } as const;
export const TYPE_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'id', direction: 'asc' }];

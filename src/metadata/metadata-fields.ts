import { rowsOf } from '../query/field-kit.js';
import type { FiqlField, FiqlFields } from '../query/fiql.js';
import type { MetadataTable } from './metadata-service.js';
import type { SortOrder } from '../db/page.js';

/** The `q` fields of a metadata list (hawkBit's metadata fields: key, value; targetvisible of modules). */
export function metadataFields(spec: MetadataTable): FiqlFields {
  return {
    key: { column: `${spec.table}.key`, kind: 'string' },
    value: { column: `${spec.table}.value`, kind: 'string' },
    ...(spec.targetVisible ? { targetvisible: { column: `${spec.table}.target_visible`, kind: 'boolean' } } : {}),
  };
}

/**
 * hawkBit's `metadata.<key>` of an entity: the value of its entry with that key, the key matched
 * case-insensitively as hawkBit does; `!=` keeps entities having the entry with another value.
 * @param ownerIdColumn the entity's id column in the caller's query (`targets.id`, `ds.id`, `sm.id`)
 */
export function metadataEntryField(table: string, ownerColumn: string, ownerIdColumn: string): FiqlField {
  return {
    kind: 'string',
    keyed: (key) => ({
      column: 'entry.value',
      kind: 'string',
      entry: true,
      related: rowsOf(`${table} as entry`, `entry.${ownerColumn}`, ownerIdColumn, (rows) => {
        rows.whereRaw('lower(entry.key) = lower(?)', [key]);
      }),
    }),
  };
}

/** Sortable fields of a metadata list (wire name, lower case → column). */
export const METADATA_SORT_FIELDS = { key: 'key', value: 'value' } as const;
export const METADATA_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'key', direction: 'asc' }];

import type { Knex } from 'knex';
import type { FiqlFields, RelatedRows } from './fiql.js';

/**
 * The audit fields every hawkBit 1.x entity has (`createdat` and `lastmodifiedat` since 0.9, `createdby` and
 * `lastmodifiedby` since 1.0), over the columns of `table` (a table name or alias of the caller's query).
 */
export function auditFields(table: string): FiqlFields {
  return {
    createdat: { column: `${table}.created_at`, kind: 'integer' },
    createdby: { column: `${table}.created_by`, kind: 'string' },
    lastmodifiedat: { column: `${table}.last_modified_at`, kind: 'integer' },
    lastmodifiedby: { column: `${table}.last_modified_by`, kind: 'string' },
  };
}

/**
 * The {@link FiqlField.related} rows of `from` (a table with its alias, `'tags as t'`) whose `column` holds
 * the queried row's `outerColumn`; `extend` adds joins or further conditions.
 */
export function rowsOf(from: string, column: string, outerColumn: string, extend: (subquery: Knex.QueryBuilder) => void = () => undefined): RelatedRows {
  return {
    owner: outerColumn,
    key: column,
    rows: (subquery) => {
      subquery.from(from);
      extend(subquery);
    },
  };
}

/** Fields `<prefix>.<attribute>` for the given attributes of related rows, each compared on its own column. */
export function prefixed(prefix: string, fields: FiqlFields): FiqlFields {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [`${prefix}.${name}`, field]));
}

/**
 * Sort fields (wire name, lower case → column), in order: a name sorts by the column its FIQL field of
 * `fields` compares, a `[name, column]` pair is a sort-only field. Throws at start-up when a name is no
 * plain-column field of `fields`.
 */
export function sortFieldsOf(fields: FiqlFields, sortable: readonly (string | readonly [string, string])[]): Readonly<Record<string, string>> {
  const columnOf = (name: string): string => {
    const column = Object.hasOwn(fields, name) ? fields[name]?.column : undefined;
    if (column === undefined) throw new Error(`sort field '${name}' has no FIQL column`);
    return column;
  };
  return Object.fromEntries(sortable.map((entry) => (typeof entry === 'string' ? [entry, columnOf(entry)] : entry)));
}

import type { Knex } from 'knex';
import { DomainError, ErrorCode } from '../errors.js';
import { likePattern, type FiqlField, type FiqlFields } from '../query/fiql.js';

/**
 * `tag` compares the names of the set's tags, as hawkBit does: `==`/`=in=` keep sets carrying a matching
 * tag, `!=`/`=out=` sets carrying none.
 */
const tag: FiqlField = {
  kind: 'string',
  condition(builder, { operator, values }) {
    const list = operator === '=in=' || operator === '=out=';
    if (!list && operator !== '==' && operator !== '!=') {
      throw new DomainError(ErrorCode.rsqlParamSyntax, `Operator {${operator}} is not supported on the field {tag}`);
    }
    const tagged = (sub: Knex.QueryBuilder) => {
      sub
        .select(1)
        .from('distribution_set_tag_assignments as dsta')
        .join('distribution_set_tags as dstag', 'dstag.id', 'dsta.tag_id')
        .whereRaw('?? = ??', ['dsta.distribution_set_id', 'ds.id']);
      if (list) sub.whereRaw(`lower(dstag.name) in (${values.map(() => 'lower(?)').join(', ')})`, values);
      else sub.whereRaw(`lower(dstag.name) like lower(?) escape '\\'`, [likePattern(values[0] ?? '')]);
    };
    if (operator === '!=' || operator === '=out=') builder.whereNotExists(tagged);
    else builder.whereExists(tagged);
  },
};

/** The `q` fields of distribution-set lists, over {@link distributionSetQuery}'s `ds` and `dst`. */
export const DISTRIBUTION_SET_FIELDS: FiqlFields = {
  id: { column: 'ds.id', kind: 'integer' },
  name: { column: 'ds.name', kind: 'string' },
  version: { column: 'ds.version', kind: 'string' },
  description: { column: 'ds.description', kind: 'string' },
  type: { column: 'dst.key', kind: 'string' },
  tag,
  valid: { column: 'ds.valid', kind: 'boolean' },
};

/** Sortable fields of distribution-set lists; `complete` is the computed column's alias. */
export const DISTRIBUTION_SET_SORT = {
  id: 'ds.id',
  name: 'ds.name',
  version: 'ds.version',
  type: 'dst.key',
  description: 'ds.description',
  createdat: 'ds.created_at',
  lastmodifiedat: 'ds.last_modified_at',
  complete: 'complete',
} as const;

/** Sortable fields of a set's module list, over {@link setModuleQuery}. */
export const SET_MODULE_SORT = { id: 'sm.id', name: 'sm.name', version: 'sm.version', type: 'smt.key' } as const;

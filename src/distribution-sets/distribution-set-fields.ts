import { metadataEntryField } from '../metadata/metadata-fields.js';
import { auditFields, prefixed, rowsOf, sortFieldsOf } from '../query/field-kit.js';
import type { FiqlField, FiqlFields } from '../query/fiql.js';
import { tagNameField } from '../tags/tag-fields.js';
import { DISTRIBUTION_SET_TAGS } from '../tags/tag-kind.js';
import { typeReferenceFields } from '../types/type-fields.js';
import { COMPLETE } from './distribution-set-store.js';
import type { SortOrder } from '../db/page.js';

/** hawkBit 0.9's `complete`: the set holds a module of every mandatory module type of its type. */
const complete: FiqlField = {
  kind: 'boolean',
  condition(builder, { operator, values }) {
    const wanted = (values[0] === 'true') !== (operator === '!=');
    builder.whereRaw(wanted ? COMPLETE : `not ${COMPLETE}`);
  },
};

const modules = rowsOf('distribution_set_modules as of_set', 'of_set.distribution_set_id', 'ds.id', (rows) => {
  rows.join('software_modules as set_module', 'set_module.id', 'of_set.software_module_id');
});

/**
 * The `q` fields of distribution sets (hawkBit's DistributionSetFields), over `distribution_sets as ds`:
 * set lists, the sets of a tag, and every other list of sets.
 */
export const DISTRIBUTION_SET_FIELDS: FiqlFields = {
  id: { column: 'ds.id', kind: 'integer' },
  name: { column: 'ds.name', kind: 'string' },
  version: { column: 'ds.version', kind: 'string' },
  description: { column: 'ds.description', kind: 'string' },
  ...typeReferenceFields('type', 'distribution_set_types', 'ds.type_id'),
  tag: tagNameField(DISTRIBUTION_SET_TAGS, 'ds.id'),
  valid: { column: 'ds.valid', kind: 'boolean' },
  complete,
  ...prefixed('module', {
    id: { column: 'set_module.id', kind: 'integer', related: modules },
    name: { column: 'set_module.name', kind: 'string', related: modules },
  }),
  metadata: metadataEntryField('distribution_set_metadata', 'distribution_set_id', 'ds.id'),
  ...auditFields('ds'),
};

/** The attributes of a referenced set that other entities' fields name (hawkBit's sub-attributes). */
export type SetAttribute = 'id' | 'name' | 'version' | 'type';

/**
 * Fields `<prefix>.<attribute>` of the set an entity references, e.g. an action's `distributionset.name`
 * or a target's `assignedds.version`. An entity referencing no set matches `!=` and `=out=`.
 * @param setIdColumn the reference in the caller's query, `a.distribution_set_id`
 */
export function distributionSetReferenceFields(prefix: string, setIdColumn: string, attributes: readonly SetAttribute[]): FiqlFields {
  const related = rowsOf('distribution_sets as of_ref', 'of_ref.id', setIdColumn, (rows) => {
    rows.join('distribution_set_types as of_ref_type', 'of_ref_type.id', 'of_ref.type_id');
  });
  const all: Record<SetAttribute, FiqlField> = {
    id: { column: 'of_ref.id', kind: 'integer', related },
    name: { column: 'of_ref.name', kind: 'string', related },
    version: { column: 'of_ref.version', kind: 'string', related },
    type: { column: 'of_ref_type.key', kind: 'string', related },
  };
  return prefixed(prefix, Object.fromEntries(attributes.map((attribute) => [attribute, all[attribute]])));
}

/** Sortable fields of distribution-set lists; `complete` is the computed column's alias. */
export const DISTRIBUTION_SET_SORT = sortFieldsOf(DISTRIBUTION_SET_FIELDS, [
  'id',
  'name',
  'version',
  ['type', 'dst.key'],
  'description',
  'createdat',
  'lastmodifiedat',
  ['complete', 'complete'],
]);
export const DISTRIBUTION_SET_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'ds.id', direction: 'asc' }];

/** Sortable fields of a set's module list, over {@link setModuleQuery}. */
export const SET_MODULE_SORT = { id: 'sm.id', name: 'sm.name', version: 'sm.version', type: 'smt.key' } as const;
export const SET_MODULE_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'sm.id', direction: 'asc' }];

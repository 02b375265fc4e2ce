import { auditFields, prefixed, rowsOf } from '../query/field-kit.js';
import type { FiqlField, FiqlFields } from '../query/fiql.js';
import type { TagKind } from './tag-kind.js';
import type { SortOrder } from '../db/page.js';

/** hawkBit's TagFields (id, name, description, colour since 0.9; the audit fields) over `table`. */
const tagFields = (table: string): FiqlFields => ({
  id: { column: `${table}.id`, kind: 'integer' },
  name: { column: `${table}.name`, kind: 'string' },
  description: { column: `${table}.description`, kind: 'string' },
  colour: { column: `${table}.colour`, kind: 'string' },
  ...auditFields(table),
});

/** The `q` fields of target-tag lists (hawkBit's TargetTagFields), over `target_tags`. */
export const TARGET_TAG_FIELDS: FiqlFields = tagFields('target_tags');

const taggedSets = rowsOf('distribution_set_tag_assignments as tdsa', 'tdsa.tag_id', 'distribution_set_tags.id', (rows) => {
  rows.join('distribution_sets as tds', 'tds.id', 'tdsa.distribution_set_id');
});

/**
 * The `q` fields of distribution-set-tag lists, over `distribution_set_tags`: hawkBit's
 * DistributionSetTagFields add `distributionset.id|name`, the sets carrying the tag.
 */
export const DISTRIBUTION_SET_TAG_FIELDS: FiqlFields = {
  ...tagFields('distribution_set_tags'),
  ...prefixed('distributionset', {
    id: { column: 'tds.id', kind: 'integer', related: taggedSets },
    name: { column: 'tds.name', kind: 'string', related: taggedSets },
  }),
};

/**
 * The `tag` field of the entities a kind of tag labels: the names of their tags (hawkBit's `tag`, short for
 * `tag.name`). One definition for targets and sets, so both compare alike: `==` with `*` wildcards, `=in=`
 * by equality (hawkBit's IN takes no wildcards), `!=` and `=out=` keep entities carrying no such tag.
 * @param ownerIdColumn the owner's id column in the caller's query (`targets.id`, `ds.id`)
 */
export function tagNameField(kind: TagKind, ownerIdColumn: string): FiqlField {
  return {
    column: 'owner_tag.name',
    kind: 'string',
    related: rowsOf(`${kind.assignmentTable} as owner_tagged`, `owner_tagged.${kind.ownerColumn}`, ownerIdColumn, (rows) => {
      rows.join(`${kind.table} as owner_tag`, 'owner_tag.id', 'owner_tagged.tag_id');
    }),
  };
}

/** Sortable fields of tag lists (wire name, lower case → column). */
export const TAG_SORT_FIELDS = { id: 'id', name: 'name', description: 'description', colour: 'colour' } as const;
export const TAG_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'id', direction: 'asc' }];

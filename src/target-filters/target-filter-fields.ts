import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { auditFields, sortFieldsOf } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import type { SortOrder } from '../db/page.js';

/**
 * The `q` fields of target-filter lists (hawkBit's TargetFilterQueryFields), over `target_filters as tf`
 * left-joined to its auto-assignment `auto_assignments as aa`.
 */
export const TARGET_FILTER_FIELDS: FiqlFields = {
  id: { column: 'tf.id', kind: 'integer' },
  name: { column: 'tf.name', kind: 'string' },
  ...distributionSetReferenceFields('autoassigndistributionset', 'aa.distribution_set_id', ['name', 'version']),
  ...auditFields('tf'),
};

/** Sortable fields of the filter list. */
export const TARGET_FILTER_SORT = sortFieldsOf(TARGET_FILTER_FIELDS, ['id', 'name', 'createdat', 'createdby', 'lastmodifiedat', 'lastmodifiedby']);
export const TARGET_FILTER_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'tf.id', direction: 'asc' }];

import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { auditFields } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';

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
export const TARGET_FILTER_SORT = {
  id: 'tf.id',
  name: 'tf.name',
  createdat: 'tf.created_at',
  createdby: 'tf.created_by',
  lastmodifiedat: 'tf.last_modified_at',
  lastmodifiedby: 'tf.last_modified_by',
} as const;

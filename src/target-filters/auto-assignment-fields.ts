import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { auditFields, sortFieldsOf } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import { AUTO_ASSIGNMENT_STATUSES } from './auto-assignment-lifecycle.js';
import { AUTO_ASSIGNMENT_ACTION_TYPES } from './target-filter.js';
import type { SortOrder } from '../db/page.js';

/** The `q` fields of auto-assignment lists (hawkBit master's AutoAssignmentFields), over `auto_assignments as aa`. */
export const AUTO_ASSIGNMENT_FIELDS: FiqlFields = {
  id: { column: 'aa.id', kind: 'integer' },
  name: { column: 'aa.name', kind: 'string' },
  status: { column: 'aa.status', kind: 'string', values: AUTO_ASSIGNMENT_STATUSES },
  actiontype: { column: 'aa.action_type', kind: 'string', values: AUTO_ASSIGNMENT_ACTION_TYPES },
  approvaldecidedby: { column: 'aa.approval_decided_by', kind: 'string' },
  ...distributionSetReferenceFields('distributionset', 'aa.distribution_set_id', ['name', 'version']),
  ...auditFields('aa'),
};

/** Sortable fields of the auto-assignment lists (hawkBit's PagingUtility.sanitizeAutoAssignmentSortParam). */
export const AUTO_ASSIGNMENT_SORT = sortFieldsOf(AUTO_ASSIGNMENT_FIELDS, [
  'id',
  'name',
  'status',
  'actiontype',
  'approvaldecidedby',
  'createdat',
  'createdby',
  'lastmodifiedat',
  'lastmodifiedby',
]);
export const AUTO_ASSIGNMENT_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'aa.id', direction: 'asc' }];

import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { auditFields } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import { AUTO_ASSIGNMENT_STATUSES } from './auto-assignment-lifecycle.js';
import { AUTO_ASSIGNMENT_ACTION_TYPES } from './target-filter.js';

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
export const AUTO_ASSIGNMENT_SORT = {
  id: 'aa.id',
  name: 'aa.name',
  status: 'aa.status',
  actiontype: 'aa.action_type',
  approvaldecidedby: 'aa.approval_decided_by',
  createdat: 'aa.created_at',
  createdby: 'aa.created_by',
  lastmodifiedat: 'aa.last_modified_at',
  lastmodifiedby: 'aa.last_modified_by',
} as const;

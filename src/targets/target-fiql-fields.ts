import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { metadataEntryField } from '../metadata/metadata-fields.js';
import { auditFields, prefixed, rowsOf } from '../query/field-kit.js';
import type { FiqlField, FiqlFields } from '../query/fiql.js';
import { tagNameField } from '../tags/tag-fields.js';
import { TARGET_TAGS } from '../tags/tag-kind.js';
import { typeReferenceFields } from '../types/type-fields.js';
import { UPDATE_STATUSES } from './target-model.js';
import type { SortOrder } from '../db/page.js';

const controllerId: FiqlField = { column: 'targets.controller_id', kind: 'string' };
const address: FiqlField = { column: 'targets.address', kind: 'string' };
const updateStatus: FiqlField = { column: 'targets.update_status', kind: 'string', values: UPDATE_STATUSES };
const name: FiqlField = { column: 'targets.name', kind: 'string' };

/**
 * A target's last poll time, in `target_polls` (decision 274): a query sorting by it joins that table
 * (`targets.id = target_polls.target_id`, a left join: a target that never polled has no row).
 */
export const POLL_TIME_COLUMN = 'target_polls.at';

/**
 * The FIQL fields of targets (hawkBit's TargetFields of 0.9 and 1.x, decision 70), for any query over
 * `targets` (target lists, tagged targets, deploy-group targets, target filters, rollouts, statistics).
 * Columns are qualified with the table name, so the query must not alias `targets`. Attributes the devices
 * report (hawkBit's `attribute.<key>`) are not a field: filters use the operator's target fields only.
 */
export const TARGET_FIQL_FIELDS: FiqlFields = {
  controllerid: controllerId,
  id: controllerId,
  name,
  description: { column: 'targets.description', kind: 'string' },
  updatestatus: updateStatus,
  // its own row, null (none) until the target first polls: as a related row, so that every query over
  // `targets` can filter by it without a join
  lastcontrollerrequestat: { column: POLL_TIME_COLUMN, kind: 'integer', related: rowsOf('target_polls', 'target_polls.target_id', 'targets.id') },
  address,
  ipaddress: address,
  group: { column: 'targets.group_name', kind: 'string' },
  tag: tagNameField(TARGET_TAGS, 'targets.id'),
  autoconfirm: { column: 'targets.auto_confirm_active', kind: 'boolean' },
  ...distributionSetReferenceFields('assignedds', 'targets.assigned_distribution_set_id', ['name', 'version']),
  ...distributionSetReferenceFields('installedds', 'targets.installed_distribution_set_id', ['name', 'version']),
  ...typeReferenceFields('type', 'target_types', 'targets.target_type_id'),
  ...typeReferenceFields('targettype', 'target_types', 'targets.target_type_id', false),
  metadata: metadataEntryField('target_metadata', 'target_id', 'targets.id'),
  ...auditFields('targets'),
};

/**
 * Fields `<prefix>.<attribute>` of the target an entity references (hawkBit's `target.*` of actions:
 * controllerId, name, updateStatus, address).
 * @param targetIdColumn the reference in the caller's query, `a.target_id`
 */
export function targetReferenceFields(prefix: string, targetIdColumn: string): FiqlFields {
  const related = rowsOf('targets', 'targets.id', targetIdColumn);
  const of = (field: FiqlField): FiqlField => ({ ...field, related });
  return prefixed(prefix, {
    controllerid: of(controllerId),
    name: of(name),
    updatestatus: of(updateStatus),
    address: of(address),
  });
}

/** Sortable target fields (wire name, lower case → column); hawkBit's `id` is the controllerId. */
export const TARGET_SORT_FIELDS = {
  id: 'targets.controller_id',
  controllerid: 'targets.controller_id',
  name: 'targets.name',
  description: 'targets.description',
  updatestatus: 'targets.update_status',
  lastcontrollerrequestat: POLL_TIME_COLUMN,
  createdat: 'targets.created_at',
  lastmodifiedat: 'targets.last_modified_at',
  address: 'targets.address',
  group: 'targets.group_name',
} as const;

export const DEFAULT_TARGET_SORT: readonly SortOrder[] = [{ column: 'targets.controller_id', direction: 'asc' }];

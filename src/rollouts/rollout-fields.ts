import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { auditFields } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import { GROUP_STATUSES, ROLLOUT_STATUSES } from './rollout-lifecycle.js';
import type { SortOrder } from '../db/page.js';

/** The `q` fields of rollout lists (hawkBit's RolloutFields of 0.9 and 1.x), over `rollouts`. */
export const ROLLOUT_FIQL_FIELDS: FiqlFields = {
  id: { column: 'rollouts.id', kind: 'integer' },
  name: { column: 'rollouts.name', kind: 'string' },
  description: { column: 'rollouts.description', kind: 'string' },
  status: { column: 'rollouts.status', kind: 'string', values: ROLLOUT_STATUSES },
  ...distributionSetReferenceFields('distributionset', 'rollouts.distribution_set_id', ['id', 'name', 'version', 'type']),
  ...auditFields('rollouts'),
};

/**
 * The `q` fields of deploy-group lists (hawkBit's RolloutGroupFields), over `rollout_groups`; groups have no
 * description here, and `status` is Falconet's.
 */
export const GROUP_FIQL_FIELDS: FiqlFields = {
  id: { column: 'rollout_groups.id', kind: 'integer' },
  name: { column: 'rollout_groups.name', kind: 'string' },
  status: { column: 'rollout_groups.status', kind: 'string', values: GROUP_STATUSES },
  ...auditFields('rollout_groups'),
};

/** Sortable fields of rollout lists (hawkBit's RolloutFields). */
export const ROLLOUT_SORT_FIELDS = {
  id: 'id',
  name: 'name',
  description: 'description',
  status: 'status',
  createdat: 'created_at',
  lastmodifiedat: 'last_modified_at',
} as const;
/** Sortable fields of group lists (hawkBit's RolloutGroupFields). */
export const GROUP_SORT_FIELDS = { id: 'id', name: 'name', status: 'status' } as const;
/** Rollouts and their groups: by id unless asked. */
export const ROLLOUT_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'id', direction: 'asc' }];

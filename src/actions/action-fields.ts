import type { Knex } from 'knex';
import type { SortOrder } from '../db/page.js';
import { distributionSetReferenceFields } from '../distribution-sets/distribution-set-fields.js';
import { DomainError, ErrorCode } from '../errors.js';
import { auditFields, prefixed, rowsOf } from '../query/field-kit.js';
import type { FiqlField, FiqlFields } from '../query/fiql.js';
import { targetReferenceFields } from '../targets/target-fiql-fields.js';
import { ACTION_STATUSES } from './action-lifecycle.js';

/** The values of the action JSON's `status` (decision 1): pending while active, finished once closed. */
const ACTIVITY = ['pending', 'finished'] as const;

/**
 * `status` takes both generations' values (decision 71): hawkBit 0.9's pending and finished, which the
 * action JSON's `status` shows (pending = active, finished = closed, whatever the fine state), and 1.x's
 * fine states (running, error, …), compared with the fine state. `finished` keeps the JSON's meaning.
 */
const status: FiqlField = {
  kind: 'string',
  values: [...ACTIVITY, ...ACTION_STATUSES.filter((value) => value !== 'finished')],
  condition(builder, { operator, values }) {
    const negate = operator === '!=' || operator === '=out=';
    if (!negate && operator !== '==' && operator !== '=in=') {
      throw new DomainError(ErrorCode.rsqlParamSyntax, `Operator {${operator}} is not supported on the field {status}`);
    }
    const any = (inner: Knex.QueryBuilder) => {
      for (const value of values) {
        if (value === 'pending' || value === 'finished') inner.orWhere('a.active', value === 'pending');
        else inner.orWhere('a.status', value);
      }
    };
    if (negate) builder.whereNot(any);
    else builder.where(any);
  },
};

const ofRollout = rowsOf('rollouts as of_rollout', 'of_rollout.id', 'a.rollout_id');
const ofGroup = rowsOf('rollout_groups as of_group', 'of_group.id', 'a.rollout_group_id');

/**
 * The `q` fields of actions (hawkBit's ActionFields of 0.9 and 1.x, decisions 70 and 71), over `actions as a`:
 * every action list. hawkBit's `weight` and `externalref` are absent: Falconet has neither.
 */
export const ACTION_FIQL_FIELDS: FiqlFields = {
  id: { column: 'a.id', kind: 'integer' },
  status,
  detailstatus: { column: 'a.status', kind: 'string', values: ACTION_STATUSES },
  active: { column: 'a.active', kind: 'boolean' },
  laststatuscode: { column: 'a.last_status_code', kind: 'integer' },
  ...targetReferenceFields('target', 'a.target_id'),
  ...distributionSetReferenceFields('distributionset', 'a.distribution_set_id', ['id', 'name', 'version', 'type']),
  ...prefixed('rollout', {
    id: { column: 'of_rollout.id', kind: 'integer', related: ofRollout },
    name: { column: 'of_rollout.name', kind: 'string', related: ofRollout },
  }),
  ...prefixed('rolloutgroup', {
    id: { column: 'of_group.id', kind: 'integer', related: ofGroup },
    name: { column: 'of_group.name', kind: 'string', related: ofGroup },
  }),
  ...auditFields('a'),
};

const reportedAt: FiqlField = { column: 'action_status.reported_at', kind: 'integer' };

/**
 * The `q` fields of an action's status entries (hawkBit's ActionStatusFields), over `action_status`:
 * `reportedat`, `timestamp` and `createdat` are the one time an entry was reported.
 */
export const ACTION_STATUS_FIELDS: FiqlFields = {
  id: { column: 'action_status.id', kind: 'integer' },
  reportedat: reportedAt,
  timestamp: reportedAt,
  createdat: reportedAt,
};

/** Sortable fields of action lists (wire name, lower case → column). */
export const ACTION_SORT_FIELDS = {
  id: 'a.id',
  status: 'a.active',
  detailstatus: 'a.status',
  lastmodifiedat: 'a.last_modified_at',
  createdat: 'a.created_at',
} as const;
export const NEWEST_FIRST: readonly SortOrder[] = [{ column: 'a.id', direction: 'desc' }];
export const OLDEST_FIRST: readonly SortOrder[] = [{ column: 'a.id', direction: 'asc' }];

/** Status entry list order: sortable fields (lower case) → column. */
export const STATUS_ENTRY_SORT_FIELDS = { id: 'id', reportedat: 'reported_at' } as const;
export const STATUS_ENTRY_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'id', direction: 'asc' }];

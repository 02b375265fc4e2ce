import type { Knex } from 'knex';
import type { AutoAssignActionType, TargetFilter } from './target-filter.js';

/** A row of `target_filters`. */
export interface TargetFilterRow {
  id: number;
  name: string;
  query: string;
  auto_assign_distribution_set_id: number | null;
  auto_assign_action_type: AutoAssignActionType | null;
  auto_assign_confirmation_required: boolean | number | null;
  auto_assign_initiated_by: string | null;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

/** `target_filters as tf`, selecting {@link TargetFilterRow}. */
export function targetFilterQuery(db: Knex): Knex.QueryBuilder {
  return db('target_filters as tf').select('tf.*');
}

/** Sortable fields of the filter list. */
export const TARGET_FILTER_SORT = {
  id: 'tf.id',
  name: 'tf.name',
  createdat: 'tf.created_at',
  createdby: 'tf.created_by',
  lastmodifiedat: 'tf.last_modified_at',
  lastmodifiedby: 'tf.last_modified_by',
} as const;

export function targetFilterOf(row: TargetFilterRow): TargetFilter {
  const setId = row.auto_assign_distribution_set_id;
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    autoAssignment:
      setId === null
        ? null
        : {
            distributionSetId: setId,
            actionType: row.auto_assign_action_type ?? 'forced',
            confirmationRequired: Boolean(row.auto_assign_confirmation_required ?? true),
            initiatedBy: row.auto_assign_initiated_by ?? row.created_by,
          },
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    lastModifiedAt: Number(row.last_modified_at),
    lastModifiedBy: row.last_modified_by,
  };
}

/** The columns that detach a filter's set. */
export const NO_AUTO_ASSIGNMENT = {
  auto_assign_distribution_set_id: null,
  auto_assign_action_type: null,
  auto_assign_confirmation_required: null,
  auto_assign_initiated_by: null,
} as const;

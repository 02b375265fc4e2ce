import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import type { ActionType } from '../actions/deployment-modes.js';
import { DomainError, ErrorCode } from '../errors.js';
import { countKeyOf, sumCounts, totalOf, zeroCounts, type TargetCounts } from './rollout-decisions.js';
import type { GroupStatus, RolloutStatus } from './rollout-lifecycle.js';
import type { GroupSettings, Rollout, RolloutGroup, SuccessAction } from './rollout.js';

export interface RolloutRow {
  id: number;
  name: string;
  description: string | null;
  distribution_set_id: number;
  target_filter_query: string;
  status: RolloutStatus;
  action_type: ActionType;
  force_time: number | string | null;
  success_condition: string;
  error_condition: string | null;
  success_action: SuccessAction;
  confirmation_required: boolean | number;
  soak_time: number | string | null;
  dynamic: boolean | number;
  dynamic_name_suffix: string | null;
  dynamic_target_count: number | null;
  absorption_ended_at: number | string | null;
  start_at: number | string | null;
  approval_decided_by: string | null;
  approval_remark: string | null;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

export interface GroupRow {
  id: number;
  rollout_id: number;
  position: number;
  name: string;
  description: string | null;
  status: GroupStatus;
  dynamic: boolean | number;
  capacity: number;
  target_filter_query: string | null;
  target_percentage: number | string | null;
  success_condition: string;
  error_condition: string | null;
  success_action: SuccessAction;
  confirmation_required: boolean | number;
  soak_time: number | string | null;
  started_at: number | string | null;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

export const rolloutNotFound = (id: number) => new DomainError(ErrorCode.entityNotFound, `Rollout with given identifier {${id}} does not exist.`);

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

/** A rollout's groups in order. */
export const groupsOf = async (db: Knex, rolloutId: number): Promise<GroupRow[]> =>
  (await db('rollout_groups').where('rollout_id', rolloutId).orderBy('position')) as GroupRow[];

/**
 * Every group's counts for the given rollouts, in one aggregate over their targets and the actions the
 * rollout gave them (README "Rollout lifecycle").
 */
export async function groupCounts(db: Knex, groups: readonly GroupRow[]): Promise<Map<number, TargetCounts>> {
  const counts = new Map(groups.map((group) => [group.id, zeroCounts()]));
  if (groups.length === 0) return counts;
  const rows = await db('rollout_group_targets as rgt')
    .leftJoin('actions as a', (join) => join.on('a.rollout_group_id', 'rgt.rollout_group_id').andOn('a.target_id', 'rgt.target_id'))
    .whereIn('rgt.rollout_id', [...new Set(groups.map((group) => group.rollout_id))])
    .groupBy('rgt.rollout_group_id', 'a.status')
    .select({ groupId: 'rgt.rollout_group_id', status: 'a.status' })
    .count<{ groupId: number; status: ActionStatus | null; n: number | string }[]>({ n: '*' });
  const statusOf = new Map(groups.map((group) => [group.id, group.status]));
  for (const row of rows) {
    const groupCounts = counts.get(row.groupId);
    if (groupCounts) groupCounts[countKeyOf(row.status, statusOf.get(row.groupId) as GroupStatus)] += Number(row.n);
  }
  return counts;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** The settings a rollout (its groups' defaults) or a group keeps. */
export const settingsOfRow = (row: RolloutRow | GroupRow): GroupSettings => ({
  successThreshold: Number(row.success_condition),
  errorThreshold: nullableNumber(row.error_condition),
  successAction: row.success_action,
  confirmationRequired: Boolean(row.confirmation_required),
  soakTime: nullableNumber(row.soak_time),
});

const audit = (row: RolloutRow | GroupRow) => ({
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
  lastModifiedAt: Number(row.last_modified_at),
  lastModifiedBy: row.last_modified_by,
});

export function groupOf(row: GroupRow, counts: TargetCounts): RolloutGroup {
  return {
    id: row.id,
    rolloutId: row.rollout_id,
    position: row.position,
    name: row.name,
    description: row.description,
    status: row.status,
    dynamic: Boolean(row.dynamic),
    targetFilterQuery: row.target_filter_query,
    targetPercentage: nullableNumber(row.target_percentage),
    capacity: row.capacity,
    ...settingsOfRow(row),
    totalTargets: totalOf(counts),
    totalTargetsPerStatus: counts,
    ...audit(row),
  };
}

/** Rollout rows with their groups' counts summed: two queries, whatever the number of rollouts. */
export async function rolloutsOf(db: Knex, rows: readonly RolloutRow[]): Promise<Rollout[]> {
  const groups =
    rows.length === 0
      ? []
      : ((await db('rollout_groups').whereIn(
          'rollout_id',
          rows.map((row) => row.id),
        )) as GroupRow[]);
  const counts = await groupCounts(db, groups);
  return rows.map((row) => {
    const own = groups.filter((group) => group.rollout_id === row.id);
    const total = sumCounts(own.map((group) => counts.get(group.id) ?? zeroCounts()));
    const dynamic = Boolean(row.dynamic);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      distributionSetId: row.distribution_set_id,
      targetFilterQuery: row.target_filter_query,
      status: row.status,
      actionType: row.action_type,
      forceTime: nullableNumber(row.force_time),
      startAt: nullableNumber(row.start_at),
      ...settingsOfRow(row),
      dynamic,
      dynamicGroupTemplate: dynamic ? { nameSuffix: row.dynamic_name_suffix ?? '', targetCount: row.dynamic_target_count ?? 0 } : null,
      amountGroups: own.filter((group) => !group.dynamic).length,
      totalGroups: own.length,
      totalTargets: totalOf(total),
      totalTargetsPerStatus: total,
      approveDecidedBy: row.approval_decided_by,
      approvalRemark: row.approval_remark,
      ...audit(row),
    };
  });
}

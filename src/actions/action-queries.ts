import type { Knex } from 'knex';
import type { Audit } from '../db/audit.js';
import type { SortOrder } from '../db/page.js';
import type { ActionStatus } from './action-lifecycle.js';
import type { ActionRef } from './action-store.js';
import type { ActionType } from './deployment-modes.js';
import { nextWindowStart, storedWindow, type MaintenanceWindow } from './maintenance-window.js';

/** An action as the management API shows it. */
export interface Action extends Audit, ActionRef {
  readonly controllerId: string;
  /** the names hawkBit puts on the action's links */
  readonly targetName: string;
  readonly distributionSetName: string;
  readonly distributionSetVersion: string;
  readonly rolloutId: number | null;
  readonly rolloutName: string | null;
  readonly active: boolean;
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  readonly maintenanceWindow: (MaintenanceWindow & { readonly nextStartAt?: number }) | null;
  readonly deploymentFetchCount: number;
  readonly lastStatusCode: number | null;
}

interface ActionRow {
  id: number;
  target_id: number;
  controller_id: string;
  target_name: string;
  distribution_set_id: number;
  distribution_set_name: string;
  distribution_set_version: string;
  rollout_id: number | null;
  rollout_name: string | null;
  active: boolean | number;
  status: ActionStatus;
  action_type: ActionType;
  force_time: number | string | null;
  maintenance_schedule: string | null;
  maintenance_duration: string | null;
  maintenance_timezone: string | null;
  deployment_fetch_count: number;
  last_status_code: number | null;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

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

/** Actions with what their `_links` name: the target, the set and the rollout. */
export function actionQuery(db: Knex): Knex.QueryBuilder {
  return db('actions as a')
    .join('targets as t', 't.id', 'a.target_id')
    .join('distribution_sets as ds', 'ds.id', 'a.distribution_set_id')
    .leftJoin('rollouts as r', 'r.id', 'a.rollout_id')
    .select('a.*', {
      controller_id: 't.controller_id',
      target_name: 't.name',
      distribution_set_name: 'ds.name',
      distribution_set_version: 'ds.version',
      rollout_name: 'r.name',
    });
}

/** A stored row as the API shows it; `nextStartAt` of a window is computed at `now`. */
export function actionOf(row: ActionRow, now: number): Action {
  const window = storedWindow(row);
  return {
    id: row.id,
    targetId: row.target_id,
    controllerId: row.controller_id,
    targetName: row.target_name,
    distributionSetId: row.distribution_set_id,
    distributionSetName: row.distribution_set_name,
    distributionSetVersion: row.distribution_set_version,
    rolloutId: row.rollout_id,
    rolloutName: row.rollout_name,
    status: row.status,
    active: Boolean(row.active),
    actionType: row.action_type,
    forceTime: row.force_time === null ? null : Number(row.force_time),
    maintenanceWindow: window && { ...window, nextStartAt: nextWindowStart(window, now) },
    deploymentFetchCount: row.deployment_fetch_count,
    lastStatusCode: row.last_status_code,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    lastModifiedAt: Number(row.last_modified_at),
    lastModifiedBy: row.last_modified_by,
  };
}

export type { ActionRow };

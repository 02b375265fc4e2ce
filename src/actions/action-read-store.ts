import type { Knex } from 'knex';
import { auditColumns, type Audit } from '../db/audit.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { lockingActions } from '../db/row-locks.js';
import { compileFiql } from '../query/fiql.js';
import { ACTION_FIQL_FIELDS, ACTION_STATUS_FIELDS } from './action-fields.js';
import type { ActionStatus, ActionStatusEntryType } from './action-lifecycle.js';
import type { ActionRef } from './action-store.js';
import type { ActionType } from './deployment-modes.js';
import { nextWindowStart, storedWindow, type MaintenanceWindow } from './maintenance-window.js';

/** One status entry of an action. */
export interface ActionStatusEntry {
  readonly id: number;
  readonly type: ActionStatusEntryType;
  readonly messages: readonly string[];
  readonly reportedAt: number;
  readonly code: number | null;
}

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

/** Actions with what their `_links` name: the target, the set and the rollout. */
function actionQuery(db: Knex): Knex.QueryBuilder {
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

/**
 * Every action, as the triggers of `action_counts` keep them (decision 251): rows of change added up on
 * PostgreSQL. An action always has its target and its set, so this is also the number the list's joins keep.
 */
async function keptActionTotal(db: Knex): Promise<number> {
  return Number(((await db('action_counts').sum({ n: 'n' }).first()) as { n: number | string | null }).n ?? 0);
}

/** A stored row as the API shows it; `nextStartAt` of a window is computed at `now`. */
function actionOf(row: ActionRow, now: number): Action {
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

/** The management API's reads of actions (docs/CONVENTIONS.md rule 5); `now` computes their windows' next start. */
export const actionReadStore = {
  /**
   * One page of actions, all or the target's, `q` over the action fields.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, request: PageRequest, q: string | undefined, now: number, targetId?: number): Promise<Page<Action>> {
    // the filters on `actions` alone (every field is its own or a subquery, every sort column its own), for
    // the page's ids and the count; the fleet's actions are counted by the triggers (decision 278)
    const ids = db('actions as a');
    if (targetId !== undefined) ids.where('a.target_id', targetId);
    if (q !== undefined) ids.where(compileFiql(q, ACTION_FIQL_FIELDS));
    const counted = targetId === undefined && q === undefined ? await keptActionTotal(db) : undefined;
    const { rows, total } = await fetchPage<ActionRow>(actionQuery(db), request, 'a.id', { total: counted, ids });
    return { rows: rows.map((row) => actionOf(row, now)), total };
  },

  /**
   * The action, if it exists (and belongs to the target `targetId` when given). With `lock`, only the action's
   * row is locked (decision 40: the caller locked its target first); the rollout is outer-joined and possibly absent.
   */
  async find(db: Knex, actionId: number, now: number, options: { readonly targetId?: number; readonly lock?: boolean } = {}): Promise<Action | undefined> {
    const query = actionQuery(db).where('a.id', actionId);
    if (options.targetId !== undefined) query.where('a.target_id', options.targetId);
    if (options.lock) lockingActions(db, query, 'a');
    const row = (await query.first()) as ActionRow | undefined;
    return row && actionOf(row, now);
  },

  /**
   * One page of the action's status entries, `q` over the entry fields.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async statusEntries(db: Knex, actionId: number, request: PageRequest, q: string | undefined): Promise<Page<ActionStatusEntry>> {
    const entries = db('action_status').where('action_id', actionId).select('id', 'status', 'messages', 'code', 'reported_at');
    if (q !== undefined) entries.where(compileFiql(q, ACTION_STATUS_FIELDS));
    const { rows, total } = await fetchPage<{
      id: number;
      status: ActionStatusEntryType;
      messages: string;
      code: number | null;
      reported_at: number | string;
    }>(entries, request, 'id');
    return {
      rows: rows.map((row) => ({
        id: row.id,
        type: row.status,
        messages: JSON.parse(row.messages) as string[],
        reportedAt: Number(row.reported_at),
        code: row.code,
      })),
      total,
    };
  },

  /** Makes the action `forced`. */
  async force(db: Knex, actionId: number, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('actions')
      .where('id', actionId)
      .update({ action_type: 'forced', ...auditColumns(audit) });
  },
};

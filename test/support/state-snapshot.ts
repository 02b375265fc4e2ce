import type { ActionStatus } from '../../src/actions/action-lifecycle.js';
import type { GroupStatus, RolloutStatus } from '../../src/rollouts/rollout-lifecycle.js';
import { AUTH, getJson, idOf, type Json, type JsonPage } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

/** One action as the database and the management API show it. */
export interface ActionView {
  readonly id: number;
  readonly targetId: number;
  readonly status: ActionStatus;
  readonly active: boolean;
  readonly set: number;
  readonly groupId: number | null;
  /** management `status` and `detailStatus` */
  readonly api: { readonly status: string; readonly detailStatus: string };
  /** its status entries, oldest first */
  readonly entries: readonly { readonly id: number; readonly reportedAt: number }[];
  /** its webhook events (`action.created`, then `action.statusChanged`), oldest first: from → to */
  readonly events: readonly ActionEventView[];
}

export interface ActionEventView {
  readonly type: string;
  /** null for `action.created` */
  readonly from: ActionStatus | null;
  readonly to: ActionStatus;
}

interface ActionEventPayload {
  type: string;
  data: { actionId: number; status: ActionStatus; previousStatus?: ActionStatus };
}

export interface TargetView {
  readonly controllerId: string;
  readonly id: number;
  readonly updateStatus: string;
  readonly assigned: number | undefined;
  readonly installed: number | undefined;
  readonly autoConfirm: boolean;
}

export interface GroupView {
  readonly id: number;
  readonly position: number;
  readonly status: GroupStatus;
  readonly totalTargets: number;
  readonly counts: Readonly<Record<string, number>>;
  /** the trailing group of a dynamic rollout, or an earlier dynamic one */
  readonly dynamic: boolean;
  /** its size as planned (`targetCount`) and its success threshold in percent */
  readonly capacity: number;
  readonly successThreshold: number;
  /** ms, from the API's HH:mm:ss; null: none */
  readonly soakTime: number | null;
  /** when it last entered running (DB); null: never */
  readonly startedAt: number | null;
}

export interface RolloutView {
  readonly id: number;
  readonly name: string;
  readonly status: RolloutStatus;
  readonly startAt: number | null;
  readonly totalTargets: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly groups: readonly GroupView[];
  /** the group targets with the action the rollout gave each (DB) */
  readonly members: readonly { readonly groupId: number; readonly targetId: number; readonly status: ActionStatus | null }[];
}

/** Everything the invariants read after a step. */
export interface Snapshot {
  readonly targets: ReadonlyMap<string, TargetView>;
  readonly actions: ReadonlyMap<number, ActionView>;
  /** live rollouts; a deleted one is absent */
  readonly rollouts: ReadonlyMap<number, RolloutView>;
  /** the test clock when it was read */
  readonly now: number;
  /** targets per update status: as `target_counts` keeps them (decision 250), and as counted row by row */
  readonly statusCounts: { readonly kept: Readonly<Record<string, number>>; readonly counted: Readonly<Record<string, number>> };
  /** actions per `status:active`: as `action_counts` keeps them (decision 251), and as counted row by row */
  readonly actionCounts: Snapshot['statusCounts'];
}

export const EMPTY_SNAPSHOT: Snapshot = {
  targets: new Map(),
  actions: new Map(),
  rollouts: new Map(),
  now: 0,
  statusCounts: { kept: {}, counted: {} },
  actionCounts: { kept: {}, counted: {} },
};

/** Targets per update status, as the counts kept by triggers say and as counting rows says; statuses at 0 left out. */
export async function readStatusCounts(db: TestApp['db']): Promise<Snapshot['statusCounts']> {
  type Row = { update_status: string; n: number | string };
  const byStatus = (rows: Row[]): Record<string, number> =>
    Object.fromEntries(rows.map((row) => [row.update_status, Number(row.n)] as const).filter(([, n]) => n !== 0));
  const kept: Row[] = await db('target_counts').groupBy('update_status').select('update_status').sum({ n: 'n' });
  const counted: Row[] = await db('targets').groupBy('update_status').select('update_status').count({ n: '*' });
  return { kept: byStatus(kept), counted: byStatus(counted) };
}

/** Actions per `status:active` (active `true` or `false`), as the counts kept by triggers say and as counting rows says; pairs at 0 left out. */
export async function readActionCounts(db: TestApp['db']): Promise<Snapshot['actionCounts']> {
  type Row = { status: string; active: boolean | number; n: number | string };
  const byPair = (rows: Row[]): Record<string, number> =>
    Object.fromEntries(rows.map((row) => [`${row.status}:${Boolean(row.active)}`, Number(row.n)] as const).filter(([, n]) => n !== 0));
  const kept: Row[] = await db('action_counts').groupBy('status', 'active').select('status', 'active').sum({ n: 'n' });
  const counted: Row[] = await db('actions').groupBy('status', 'active').select('status', 'active').count({ n: '*' });
  return { kept: byPair(kept), counted: byPair(counted) };
}

const millisOf = (hms: unknown) => {
  if (typeof hms !== 'string') return null;
  const [hours, minutes, seconds] = hms.split(':').map(Number) as [number, number, number];
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
};

const setId = (json: Json, key: string) => (json[key] as { id: number } | undefined)?.id;

async function readTargets(t: TestApp, controllerIds: readonly string[]): Promise<TargetView[]> {
  const rows = await t
    .db('targets')
    .whereIn('controller_id', controllerIds)
    .select<{ id: number; controller_id: string; auto_confirm_active: boolean | number }[]>('id', 'controller_id', 'auto_confirm_active');
  const byId = new Map(rows.map((row) => [row.controller_id, row]));
  const views: TargetView[] = [];
  for (const controllerId of controllerIds) {
    const json = await getJson(t, `/rest/v1/targets/${controllerId}`);
    views.push({
      controllerId,
      id: idOf(byId.get(controllerId)),
      updateStatus: json['updateStatus'] as string,
      assigned: setId(json, 'assignedDs'),
      installed: setId(json, 'installedDs'),
      // the API shows it only while the confirmation flow is on
      autoConfirm: Boolean(byId.get(controllerId)?.auto_confirm_active),
    });
  }
  return views;
}

interface ActionRow {
  id: number;
  target_id: number;
  status: ActionStatus;
  active: boolean | number;
  distribution_set_id: number;
  rollout_group_id: number | null;
}

async function readActions(t: TestApp, targets: readonly TargetView[]): Promise<ActionView[]> {
  const rows = await t
    .db('actions')
    .whereIn(
      'target_id',
      targets.map((target) => target.id),
    )
    .orderBy('id')
    .select<ActionRow[]>('*');
  const entries = await t
    .db('action_status')
    .whereIn(
      'action_id',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .select<{ id: number; action_id: number; reported_at: number | string }[]>('id', 'action_id', 'reported_at');
  const events = (await t.db('webhook_deliveries').whereIn('event_type', ['action.created', 'action.statusChanged']).orderBy('id').pluck('payload')).map(
    (payload: string) => JSON.parse(payload) as ActionEventPayload,
  );
  const api = new Map<number, Json>();
  for (const target of targets) {
    const page = await getJson<JsonPage>(t, `/rest/v1/targets/${target.controllerId}/actions?limit=500`);
    for (const json of page.content) api.set(idOf(json), json);
  }
  return rows.map((row) => ({
    id: row.id,
    targetId: row.target_id,
    status: row.status,
    active: Boolean(row.active),
    set: row.distribution_set_id,
    groupId: row.rollout_group_id,
    api: { status: String(api.get(row.id)?.['status']), detailStatus: String(api.get(row.id)?.['detailStatus']) },
    entries: entries.filter((entry) => entry.action_id === row.id).map((entry) => ({ id: entry.id, reportedAt: Number(entry.reported_at) })),
    events: events
      .filter((event) => event.data.actionId === row.id)
      .map((event) => ({ type: event.type, from: event.data.previousStatus ?? null, to: event.data.status })),
  }));
}

async function readRollout(t: TestApp, id: number): Promise<RolloutView | undefined> {
  const response = await t.request(`/rest/v1/rollouts/${id}`, { headers: AUTH });
  if (response.status === 404) return undefined;
  const json = (await response.json()) as Json;
  const groups = (await getJson<JsonPage>(t, `/rest/v1/rollouts/${id}/deploygroups?limit=500`)).content;
  const rows = await t
    .db('rollout_groups')
    .where('rollout_id', id)
    .select<{ id: number; position: number; started_at: number | string | null }[]>('id', 'position', 'started_at');
  const row = (group: number) => rows.find((candidate) => candidate.id === group);
  const members = await t
    .db('rollout_group_targets as rgt')
    .join('rollout_groups as g', 'g.id', 'rgt.rollout_group_id')
    .leftJoin('actions as a', (join) => join.on('a.rollout_group_id', 'rgt.rollout_group_id').andOn('a.target_id', 'rgt.target_id'))
    .where('g.rollout_id', id)
    .select<RolloutView['members']>({ groupId: 'rgt.rollout_group_id', targetId: 'rgt.target_id', status: 'a.status' });
  return {
    id,
    name: json['name'] as string,
    status: json['status'] as RolloutStatus,
    startAt: (json['startAt'] as number | undefined) ?? null,
    totalTargets: json['totalTargets'] as number,
    counts: json['totalTargetsPerStatus'] as Record<string, number>,
    groups: groups.map((group) => {
      const own = row(idOf(group));
      return {
        id: idOf(group),
        position: own?.position ?? 0,
        status: group['status'] as GroupStatus,
        totalTargets: group['totalTargets'] as number,
        counts: group['totalTargetsPerStatus'] as Record<string, number>,
        dynamic: group['dynamic'] === true,
        capacity: group['targetCount'] as number,
        successThreshold: Number((group['successCondition'] as { expression: string }).expression),
        soakTime: millisOf(group['soakTime']),
        startedAt: own?.started_at === null || own === undefined ? null : Number(own.started_at),
      };
    }),
    members,
  };
}

/** Reads the run's targets, their actions and the run's rollouts through the management API and the database. */
export async function readSnapshot(t: TestApp, controllerIds: readonly string[], rolloutIds: readonly number[]): Promise<Snapshot> {
  const targets = await readTargets(t, controllerIds);
  const actions = await readActions(t, targets);
  const rollouts: RolloutView[] = [];
  for (const id of rolloutIds) {
    const view = await readRollout(t, id);
    if (view) rollouts.push(view);
  }
  return {
    targets: new Map(targets.map((target) => [target.controllerId, target])),
    actions: new Map(actions.map((action) => [action.id, action])),
    rollouts: new Map(rollouts.map((rollout) => [rollout.id, rollout])),
    now: t.clock(),
    statusCounts: await readStatusCounts(t.db),
    actionCounts: await readActionCounts(t.db),
  };
}

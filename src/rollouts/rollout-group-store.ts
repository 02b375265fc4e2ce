import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { foldAppendedCounts } from '../db/appended-counts.js';
import { dialectOf } from '../db/database.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';
import { countKeyOf, totalOf, zeroCounts, type TargetCounts } from './rollout-decisions.js';
import type { GroupStatus } from './rollout-lifecycle.js';
import type { GroupSettings, RolloutGroup, SuccessAction } from './rollout.js';
import type { TargetCondition } from './rollout-store.js';
import { GROUP_MEMBER_INSERT_CHUNK } from '../db/chunks.js';

/** What a deploy group is created with, beside its rollout, its position and its status. */
export interface GroupValues extends GroupSettings {
  readonly name: string;
  readonly description: string | null;
  readonly dynamic: boolean;
  /** targets the group takes: its size at creation, a dynamic group's targetCount */
  readonly capacity: number;
  /** a custom group's own filter */
  readonly targetFilterQuery: string | null;
  /** a static group's share as created */
  readonly targetPercentage: number | null;
}

/** A new group at its place in its rollout. */
export interface NewGroupRow extends GroupValues {
  readonly rolloutId: number;
  readonly position: number;
}

/** A deploy group's row; its status and start time change as the evaluator moves it. */
export interface GroupRow extends NewGroupRow, Audit {
  readonly id: number;
  status: GroupStatus;
  /** epoch ms it entered `running`; null before, and for a group that started before start times were kept */
  startedAt: number | null;
  /** running, and some of its targets are still to get their actions (decision 187) */
  deploying: boolean;
}

/** A target of a group, as the group takes it. */
export interface GroupMember {
  readonly groupId: number;
  readonly targetId: number;
}

/** The status of a group's row in `rollout_group_counts` that counts its targets; the others count its actions (migration 021). */
const MEMBERS = 'targets';

/** The rows a raw INSERT wrote, as pg (`rowCount`) and better-sqlite3 (`changes`) report them. */
const rowsWritten = (result: { rowCount?: number | null; changes?: number }): number => Number(result.rowCount ?? result.changes ?? 0);

const nullableNumber = (value: unknown) => (value === null ? null : Number(value));

/** The settings columns of `table` (`rollouts`: its groups' defaults; `rollout_groups`), under their properties. */
export const settingsSelect = (table: string) => ({
  successThreshold: `${table}.success_condition`,
  errorThreshold: `${table}.error_condition`,
  successAction: `${table}.success_action`,
  confirmationRequired: `${table}.confirmation_required`,
  soakTime: `${table}.soak_time`,
});

/** Settings as {@link settingsSelect} reads them: thresholds as the expressions they are stored as. */
export interface StoredSettings {
  readonly successThreshold: string;
  readonly errorThreshold: string | null;
  readonly successAction: SuccessAction;
  readonly confirmationRequired: boolean | number;
  readonly soakTime: number | string | null;
}

/** The settings a rollout (its groups' defaults) or a group keeps. */
export const settingsOfRow = (row: StoredSettings): GroupSettings => ({
  successThreshold: Number(row.successThreshold),
  errorThreshold: nullableNumber(row.errorThreshold),
  successAction: row.successAction,
  confirmationRequired: Boolean(row.confirmationRequired),
  soakTime: nullableNumber(row.soakTime),
});

/** The columns `rollouts` and `rollout_groups` keep the settings in. */
export const settingsColumns = (settings: GroupSettings) => ({
  success_condition: String(settings.successThreshold),
  error_condition: settings.errorThreshold === null ? null : String(settings.errorThreshold),
  success_action: settings.successAction,
  confirmation_required: settings.confirmationRequired,
  soak_time: settings.soakTime,
});

/** The audit columns of `table`, under their properties. */
export const auditSelect = (table: string) => ({
  createdAt: `${table}.created_at`,
  createdBy: `${table}.created_by`,
  lastModifiedAt: `${table}.last_modified_at`,
  lastModifiedBy: `${table}.last_modified_by`,
});

/** `rollout_groups` (unaliased, as the group fields of `rollout-fields.ts` need), selecting a {@link GroupRow} as the drivers hand it back. */
const groupQuery = (db: Knex): Knex.QueryBuilder =>
  db('rollout_groups').select({
    id: 'rollout_groups.id',
    rolloutId: 'rollout_groups.rollout_id',
    position: 'rollout_groups.position',
    name: 'rollout_groups.name',
    description: 'rollout_groups.description',
    status: 'rollout_groups.status',
    dynamic: 'rollout_groups.dynamic',
    capacity: 'rollout_groups.capacity',
    targetFilterQuery: 'rollout_groups.target_filter_query',
    targetPercentage: 'rollout_groups.target_percentage',
    ...settingsSelect('rollout_groups'),
    startedAt: 'rollout_groups.started_at',
    deploying: 'rollout_groups.deploying',
    ...auditSelect('rollout_groups'),
  });

type StoredGroup = Omit<GroupRow, keyof GroupSettings> & StoredSettings;

/** SQLite hands booleans back as 0/1. */
const groupOf = (row: StoredGroup): GroupRow => ({
  ...row,
  ...settingsOfRow(row),
  dynamic: Boolean(row.dynamic),
  targetPercentage: nullableNumber(row.targetPercentage),
  startedAt: nullableNumber(row.startedAt),
  deploying: Boolean(row.deploying),
  createdAt: Number(row.createdAt),
  lastModifiedAt: Number(row.lastModifiedAt),
});

const groupsOf = async (query: Knex.QueryBuilder): Promise<GroupRow[]> => ((await query) as StoredGroup[]).map(groupOf);

/** The SQL of deploy groups and their targets (docs/CONVENTIONS.md rule 5). */
export const rolloutGroupStore = {
  /** A rollout's groups in order. */
  ofRollout: (db: Knex, rolloutId: number): Promise<GroupRow[]> =>
    groupsOf(groupQuery(db).where('rollout_groups.rollout_id', rolloutId).orderBy('rollout_groups.position')),

  /** The groups of the given rollouts, in no particular order. */
  ofRollouts: (db: Knex, rolloutIds: readonly number[]): Promise<GroupRow[]> => groupsOf(groupQuery(db).whereIn('rollout_groups.rollout_id', rolloutIds)),

  /** The group `groupId` of the rollout, if it has one. */
  async find(db: Knex, rolloutId: number, groupId: number): Promise<GroupRow | undefined> {
    const row = (await groupQuery(db).where({ 'rollout_groups.id': groupId, 'rollout_groups.rollout_id': rolloutId }).first()) as StoredGroup | undefined;
    return row && groupOf(row);
  },

  /**
   * One page of the rollout's groups, `q` over `fields` (`GROUP_FIQL_FIELDS`, passed in: they read the
   * lifecycle's statuses, and the lifecycle imports this store).
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, rolloutId: number, request: PageRequest, q: string | undefined, fields: FiqlFields): Promise<Page<GroupRow>> {
    const builder = groupQuery(db).where('rollout_groups.rollout_id', rolloutId);
    if (q !== undefined) builder.where(compileFiql(q, fields));
    const { rows, total } = await fetchPage<StoredGroup>(builder, request, 'rollout_groups.id');
    return { rows: rows.map(groupOf), total };
  },

  /**
   * The given groups' counts (README "Rollout lifecycle"): from `rollout_group_counts`, which triggers keep
   * (migration 021, decision 265), each group's targets and its actions per status; the targets without an
   * action of the group are the rest (a group gives each of its targets one action at most, and only them).
   * One query summing a few rows per group, whatever the number of targets (decision 252's join read every
   * target of a running group on each read).
   */
  async counts(db: Knex, groups: readonly Pick<GroupRow, 'id' | 'status' | 'deploying'>[]): Promise<Map<number, TargetCounts>> {
    const counts = new Map(groups.map((group) => [group.id, zeroCounts()]));
    if (groups.length === 0) return counts;
    const rows: { groupId: number; status: ActionStatus | typeof MEMBERS; n: number | string }[] = await db('rollout_group_counts')
      .whereIn(
        'rollout_group_id',
        groups.map((group) => group.id),
      )
      .groupBy('rollout_group_id', 'status')
      .select({ groupId: 'rollout_group_id', status: 'status' })
      .sum({ n: 'n' });
    const waiting = new Map(groups.map((group) => [group.id, 0]));
    const groupOf = new Map(groups.map((group) => [group.id, group]));
    for (const row of rows) {
      const groupCounts = counts.get(row.groupId);
      const group = groupOf.get(row.groupId);
      if (!groupCounts || !group) continue;
      const n = Number(row.n);
      if (row.status === MEMBERS) {
        waiting.set(group.id, (waiting.get(group.id) ?? 0) + n);
      } else {
        groupCounts[countKeyOf(row.status, group.status, group.deploying)] += n;
        waiting.set(group.id, (waiting.get(group.id) ?? 0) - n);
      }
    }
    for (const group of groups) {
      const groupCounts = counts.get(group.id);
      if (groupCounts) groupCounts[countKeyOf(null, group.status, group.deploying)] += waiting.get(group.id) ?? 0;
    }
    return counts;
  },

  /** Folds the count changes PostgreSQL's triggers appended to `rollout_group_counts` (decision 265). */
  foldCounts: (db: Knex): Promise<void> => foldAppendedCounts(db, 'rollout_group_counts', ['rollout_group_id', 'status']),

  /** Group rows with their counts: one query, whatever the number of groups. */
  async withCounts(db: Knex, rows: readonly GroupRow[]): Promise<RolloutGroup[]> {
    const counts = await rolloutGroupStore.counts(db, rows);
    return rows.map((row) => {
      const own = counts.get(row.id) ?? zeroCounts();
      return {
        id: row.id,
        rolloutId: row.rolloutId,
        position: row.position,
        name: row.name,
        description: row.description,
        status: row.status,
        dynamic: row.dynamic,
        targetFilterQuery: row.targetFilterQuery,
        targetPercentage: row.targetPercentage,
        capacity: row.capacity,
        successThreshold: row.successThreshold,
        errorThreshold: row.errorThreshold,
        successAction: row.successAction,
        confirmationRequired: row.confirmationRequired,
        soakTime: row.soakTime,
        totalTargets: totalOf(own),
        totalTargetsPerStatus: own,
        createdAt: row.createdAt,
        createdBy: row.createdBy,
        lastModifiedAt: row.lastModifiedAt,
        lastModifiedBy: row.lastModifiedBy,
      };
    });
  },

  /**
   * Inserts groups with `status`; only `rollout-lifecycle.ts` calls this (docs/CONVENTIONS.md rule 1).
   * @returns their ids, in position order
   */
  async insert(db: Knex, rows: readonly NewGroupRow[], status: GroupStatus, startedAt: number | null, audit: Audit): Promise<number[]> {
    const inserted = await db('rollout_groups')
      .insert(
        rows.map((row) => ({
          rollout_id: row.rolloutId,
          position: row.position,
          name: row.name,
          description: row.description,
          dynamic: row.dynamic,
          capacity: row.capacity,
          target_filter_query: row.targetFilterQuery,
          target_percentage: row.targetPercentage,
          ...settingsColumns(row),
          status,
          started_at: startedAt,
          ...auditColumns(audit),
        })),
      )
      .returning<{ id: number; position: number }[]>(['id', 'position']);
    return inserted.sort((a, b) => a.position - b.position).map(({ id }) => id);
  },

  /**
   * Writes a group's status, and when it started running if `startedAt` is given; only `rollout-lifecycle.ts`
   * calls this (docs/CONVENTIONS.md rule 1).
   */
  async writeStatus(
    db: Knex,
    id: number,
    status: GroupStatus,
    startedAt: number | undefined,
    audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>,
  ): Promise<void> {
    const started = startedAt === undefined ? {} : { started_at: startedAt };
    await db('rollout_groups')
      .where('id', id)
      .update({ status, ...started, ...auditColumns(audit) });
  },

  /** The rollout and name of each of the groups `ids`, in id order. */
  async names(db: Knex, ids: readonly number[]): Promise<{ id: number; rolloutId: number; name: string }[]> {
    return db('rollout_groups').whereIn('id', ids).orderBy('id').select({ id: 'id', rolloutId: 'rollout_id', name: 'name' });
  },

  /**
   * Adds targets to groups of the rollout: the targets of one group, {@link GROUP_MEMBER_INSERT_CHUNK} at a time, in one
   * INSERT … SELECT over their ids passed as one value (a PostgreSQL array, a JSON array on SQLite), not as
   * a bound variable per row (decision 187: a rollout of 100,000 targets took 200 INSERTs of 500 rows).
   */
  async addMembers(db: Knex, rolloutId: number, members: readonly GroupMember[]): Promise<void> {
    const byGroup = new Map<number, number[]>();
    for (const { groupId, targetId } of members) {
      const ids = byGroup.get(groupId);
      if (ids === undefined) byGroup.set(groupId, [targetId]);
      else ids.push(targetId);
    }
    const postgres = dialectOf(db) === 'postgres';
    for (const [groupId, targetIds] of byGroup) {
      for (let start = 0; start < targetIds.length; start += GROUP_MEMBER_INSERT_CHUNK) {
        const ids = targetIds.slice(start, start + GROUP_MEMBER_INSERT_CHUNK);
        await (postgres
          ? db.raw('insert into rollout_group_targets (rollout_group_id, target_id, rollout_id) select ?, unnest(?::integer[]), ?', [
              groupId,
              `{${ids.join(',')}}`,
              rolloutId,
            ])
          : db.raw('insert into rollout_group_targets (rollout_group_id, target_id, rollout_id) select ?, value, ? from json_each(?)', [
              groupId,
              rolloutId,
              JSON.stringify(ids),
            ]));
        // one long task otherwise, for a rollout of many targets
        await yieldToEventLoop();
      }
    }
  },

  /**
   * Adds to the group the first `count` targets after target `after` that `condition` selects, in id order,
   * by INSERT … SELECT from `targets` (decision 252). PostgreSQL takes them in one statement. SQLite runs
   * a statement without a break for the event loop, and sorts what an index of the condition finds (the
   * whole fleet for `controllerId==*`) before a LIMIT, so it reads the targets by id instead (NOT INDEXED),
   * {@link GROUP_MEMBER_INSERT_CHUNK} ids per statement with a break between them.
   * @returns the last target the group's run went through (`after` when none)
   */
  async addMatching(db: Knex, rolloutId: number, groupId: number, condition: TargetCondition, count: number, after: number): Promise<number> {
    const postgres = dialectOf(db) === 'postgres';
    const end = postgres ? Infinity : Number(((await db('targets').max({ id: 'id' }).first()) as { id: unknown }).id ?? 0);
    const lastMember = async () =>
      Number(((await db('rollout_group_targets').where('rollout_group_id', groupId).max({ id: 'target_id' }).first()) as { id: unknown }).id ?? after);
    let last = after;
    let left = count;
    while (left > 0 && last < end) {
      const query: Knex.QueryBuilder = postgres ? db('targets') : db.from(db.raw('?? not indexed', ['targets']));
      query.where(condition).where('targets.id', '>', last);
      if (!postgres) query.where('targets.id', '<=', last + GROUP_MEMBER_INSERT_CHUNK);
      const { sql, bindings } = query
        .orderBy('targets.id')
        .limit(left)
        .select(db.raw('cast(? as integer), ??, cast(? as integer)', [groupId, 'targets.id', rolloutId]))
        .toSQL();
      const written = rowsWritten(await db.raw(`insert into rollout_group_targets (rollout_group_id, target_id, rollout_id) ${sql}`, bindings));
      // fewer than asked for: PostgreSQL has none left, SQLite none in this run of ids
      const full = written === left;
      left -= written;
      if (postgres && !full) return lastMember();
      last = postgres || full ? await lastMember() : last + GROUP_MEMBER_INSERT_CHUNK;
      if (!postgres) await yieldToEventLoop();
    }
    return last;
  },

  /** How many targets the group holds, as the triggers of `rollout_group_counts` keep it (migration 021, decision 278). */
  async keptSize(db: Knex, groupId: number): Promise<number> {
    const row = (await db('rollout_group_counts').where({ rollout_group_id: groupId, status: MEMBERS }).sum({ n: 'n' }).first()) as {
      n: number | string | null;
    };
    return Number(row.n ?? 0);
  },

  /** How many targets the group holds. */
  async size(db: Knex, groupId: number): Promise<number> {
    return Number(((await db('rollout_group_targets').where('rollout_group_id', groupId).count({ n: '*' }).first()) as { n: number | string }).n);
  },

  /** The ids of the group's targets, as a subquery. */
  memberIdQuery: (db: Knex, groupId: number): Knex.QueryBuilder => db('rollout_group_targets').where('rollout_group_id', groupId).select('target_id'),

  /** The group's targets that have no action of the group yet, in id order: all, or the first `limit` after target `after`. */
  async waitingMembers(db: Knex, groupId: number, page?: { readonly after: number; readonly limit: number }): Promise<number[]> {
    const query = db('rollout_group_targets as rgt')
      .where('rgt.rollout_group_id', groupId)
      .whereNotExists((sub: Knex.QueryBuilder) => {
        sub.select(1).from('actions as a').whereRaw('a.rollout_group_id = rgt.rollout_group_id and a.target_id = rgt.target_id');
      })
      .orderBy('rgt.target_id');
    if (page !== undefined) query.where('rgt.target_id', '>', page.after).limit(page.limit);
    return ((await query.pluck('rgt.target_id')) as unknown[]).map(Number);
  },

  /** Marks a running group as still deploying to its targets, or as done (decision 187). */
  async setDeploying(db: Knex, groupId: number, deploying: boolean): Promise<void> {
    await db('rollout_groups').where('id', groupId).update({ deploying });
  },

  /** The rollouts with a group still deploying to its targets, in id order. */
  async deployingRolloutIds(db: Knex): Promise<number[]> {
    return ((await db('rollout_groups').where('deploying', true).distinct('rollout_id').orderBy('rollout_id').pluck('rollout_id')) as unknown[]).map(Number);
  },
};

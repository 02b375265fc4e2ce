import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import type { ActionType } from '../actions/deployment-modes.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { lockingActions, lockTargetsOf } from '../db/row-locks.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { compatibleWith } from '../targets/target-store.js';
import { sumCounts, totalOf, zeroCounts } from './rollout-decisions.js';
import { auditSelect, rolloutGroupStore, settingsColumns, settingsOfRow, settingsSelect, type StoredSettings } from './rollout-group-store.js';
import type { RolloutStatus } from './rollout-lifecycle.js';
import type { GroupSettings, Rollout } from './rollout.js';

/** What a rollout is created with, beside its status; its settings are its groups' defaults. */
export interface NewRolloutRow extends GroupSettings {
  readonly name: string;
  readonly description: string | null;
  readonly distributionSetId: number;
  readonly targetFilterQuery: string;
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  /** epoch ms the rollout starts itself at once ready; null: started by the operator */
  readonly startAt: number | null;
  readonly dynamic: boolean;
  readonly dynamicNameSuffix: string | null;
  /** the capacity of the dynamic groups */
  readonly dynamicTargetCount: number | null;
}

/** A rollout's row. */
export interface RolloutRow extends NewRolloutRow, Audit {
  readonly id: number;
  readonly status: RolloutStatus;
  /** epoch ms a dynamic rollout stopped absorbing targets at the group quota; null while it absorbs */
  readonly absorptionEndedAt: number | null;
  readonly approvalDecidedBy: string | null;
  readonly approvalRemark: string | null;
}

/** The columns operations change beside the status, each only when given. */
export interface RolloutColumns {
  readonly name?: string;
  readonly description?: string | null;
  readonly startAt?: number | null;
  readonly approvalDecidedBy?: string;
  readonly approvalRemark?: string | null;
}

const COLUMNS: Readonly<Record<keyof RolloutColumns, string>> = {
  name: 'name',
  description: 'description',
  startAt: 'start_at',
  approvalDecidedBy: 'approval_decided_by',
  approvalRemark: 'approval_remark',
};

const columnsOf = (changes: RolloutColumns) =>
  Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [COLUMNS[key as keyof RolloutColumns], value as unknown]),
  );

/**
 * A rollout's or a group's target filter, compiled: an unknown field or a malformed query has thrown when it
 * was compiled, before anything was read.
 */
export type TargetCondition = (builder: Knex.QueryBuilder) => void;

/** `rollouts` (unaliased, as the rollout fields of `rollout-fields.ts` need), selecting a {@link RolloutRow} as the drivers hand it back. */
const rolloutQuery = (db: Knex): Knex.QueryBuilder =>
  db('rollouts').select({
    id: 'rollouts.id',
    name: 'rollouts.name',
    description: 'rollouts.description',
    distributionSetId: 'rollouts.distribution_set_id',
    targetFilterQuery: 'rollouts.target_filter_query',
    status: 'rollouts.status',
    actionType: 'rollouts.action_type',
    forceTime: 'rollouts.force_time',
    startAt: 'rollouts.start_at',
    ...settingsSelect('rollouts'),
    dynamic: 'rollouts.dynamic',
    dynamicNameSuffix: 'rollouts.dynamic_name_suffix',
    dynamicTargetCount: 'rollouts.dynamic_target_count',
    absorptionEndedAt: 'rollouts.absorption_ended_at',
    approvalDecidedBy: 'rollouts.approval_decided_by',
    approvalRemark: 'rollouts.approval_remark',
    ...auditSelect('rollouts'),
  });

type StoredRollout = Omit<RolloutRow, keyof GroupSettings> & StoredSettings;

const nullableNumber = (value: unknown) => (value === null ? null : Number(value));

/** SQLite hands booleans back as 0/1. */
const rolloutOf = (row: StoredRollout): RolloutRow => ({
  ...row,
  ...settingsOfRow(row),
  forceTime: nullableNumber(row.forceTime),
  startAt: nullableNumber(row.startAt),
  dynamic: Boolean(row.dynamic),
  absorptionEndedAt: nullableNumber(row.absorptionEndedAt),
  createdAt: Number(row.createdAt),
  lastModifiedAt: Number(row.lastModifiedAt),
});

/** The targets matching the rollout's filter that are in none of its groups. */
const newTargets = (db: Knex, rollout: Pick<RolloutRow, 'id' | 'targetFilterQuery'>) =>
  db('targets')
    .where(compileFiql(rollout.targetFilterQuery, TARGET_FIQL_FIELDS))
    .whereNotExists((sub: Knex.QueryBuilder) => {
      sub.select(1).from('rollout_group_targets as rgt').where('rgt.rollout_id', rollout.id).whereRaw('rgt.target_id = targets.id');
    });

/** The SQL of rollouts and of the targets they take (docs/CONVENTIONS.md rule 5); their groups' is in `rollout-group-store.ts`. */
export const rolloutStore = {
  /** The rollout's row, if there is one; `lockRollout` of `src/db/row-locks.ts` locks it first where a transaction writes it. */
  async find(db: Knex, id: number): Promise<RolloutRow | undefined> {
    const row = (await rolloutQuery(db).where('rollouts.id', id).first()) as StoredRollout | undefined;
    return row && rolloutOf(row);
  },

  /**
   * One page of rollouts, `q` over `fields` (`ROLLOUT_FIQL_FIELDS`, passed in: they read the lifecycle's
   * statuses, and the lifecycle imports this store).
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, request: PageRequest, q: string | undefined, fields: FiqlFields): Promise<Page<RolloutRow>> {
    const builder = rolloutQuery(db);
    if (q !== undefined) builder.where(compileFiql(q, fields));
    const { rows, total } = await fetchPage<StoredRollout>(builder, request, 'rollouts.id');
    return { rows: rows.map(rolloutOf), total };
  },

  /** Rollout rows with their groups' counts summed: two queries, whatever the number of rollouts. */
  async withCounts(db: Knex, rows: readonly RolloutRow[]): Promise<Rollout[]> {
    const groups =
      rows.length === 0
        ? []
        : await rolloutGroupStore.ofRollouts(
            db,
            rows.map((row) => row.id),
          );
    const counts = await rolloutGroupStore.counts(db, groups);
    return rows.map((row) => {
      const own = groups.filter((group) => group.rolloutId === row.id);
      const total = sumCounts(own.map((group) => counts.get(group.id) ?? zeroCounts()));
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        distributionSetId: row.distributionSetId,
        targetFilterQuery: row.targetFilterQuery,
        status: row.status,
        actionType: row.actionType,
        forceTime: row.forceTime,
        startAt: row.startAt,
        successThreshold: row.successThreshold,
        errorThreshold: row.errorThreshold,
        successAction: row.successAction,
        confirmationRequired: row.confirmationRequired,
        soakTime: row.soakTime,
        dynamic: row.dynamic,
        dynamicGroupTemplate: row.dynamic ? { nameSuffix: row.dynamicNameSuffix ?? '', targetCount: row.dynamicTargetCount ?? 0 } : null,
        amountGroups: own.filter((group) => !group.dynamic).length,
        totalGroups: own.length,
        totalTargets: totalOf(total),
        totalTargetsPerStatus: total,
        approveDecidedBy: row.approvalDecidedBy,
        approvalRemark: row.approvalRemark,
        createdAt: row.createdAt,
        createdBy: row.createdBy,
        lastModifiedAt: row.lastModifiedAt,
        lastModifiedBy: row.lastModifiedBy,
      };
    });
  },

  /** Whether a rollout other than `exceptId` is named `name`. */
  async nameTaken(db: Knex, name: string, exceptId?: number): Promise<boolean> {
    const query = db('rollouts').where('name', name);
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    return (await query.first('id')) !== undefined;
  },

  /** The ids of the rollouts in `statuses`, a ready one only once its start time has come (decision 100), in id order. */
  async dueIds(db: Knex, statuses: readonly RolloutStatus[], now: number): Promise<number[]> {
    return (await db('rollouts')
      .whereIn('status', statuses)
      .where((query) => void query.whereNot('status', 'ready').orWhere('start_at', '<=', now))
      .orderBy('id')
      .pluck('id')) as number[];
  },

  /** The ids of the rollouts of a distribution set, in id order. */
  async idsOfSet(db: Knex, distributionSetId: number): Promise<number[]> {
    return (await db('rollouts').where('distribution_set_id', distributionSetId).orderBy('id').pluck('id')) as number[];
  },

  /** Inserts a rollout with `status`; only `rollout-lifecycle.ts` calls this (docs/CONVENTIONS.md rule 1). @returns its id */
  async insert(db: Knex, row: NewRolloutRow, status: RolloutStatus, audit: Audit): Promise<number> {
    return insertRow(db, 'rollouts', {
      name: row.name,
      description: row.description,
      distribution_set_id: row.distributionSetId,
      target_filter_query: row.targetFilterQuery,
      action_type: row.actionType,
      force_time: row.forceTime,
      start_at: row.startAt,
      ...settingsColumns(row),
      dynamic: row.dynamic,
      dynamic_name_suffix: row.dynamicNameSuffix,
      dynamic_target_count: row.dynamicTargetCount,
      status,
      ...auditColumns(audit),
    });
  },

  /** Writes a rollout's status with `changes`; only `rollout-lifecycle.ts` calls this (docs/CONVENTIONS.md rule 1). */
  async writeStatus(
    db: Knex,
    id: number,
    status: RolloutStatus,
    changes: RolloutColumns,
    audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>,
  ): Promise<void> {
    await db('rollouts')
      .where('id', id)
      .update({ ...columnsOf(changes), status, ...auditColumns(audit) });
  },

  /** Deletes a rollout: its groups go with it, its actions stay without it. */
  async delete(db: Knex, id: number): Promise<void> {
    await db('rollouts').where('id', id).delete();
  },

  /** Writes `changes`, the status aside. */
  async update(db: Knex, id: number, changes: RolloutColumns, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('rollouts')
      .where('id', id)
      .update({ ...columnsOf(changes), ...auditColumns(audit) });
  },

  /** Records that a dynamic rollout absorbs no more targets. */
  async endAbsorption(db: Knex, id: number, now: number): Promise<void> {
    await db('rollouts').where('id', id).update({ absorption_ended_at: now });
  },

  /** Whether any action of the rollout is still active. */
  async hasActiveActions(db: Knex, rolloutId: number): Promise<boolean> {
    return (await db('actions').where({ rollout_id: rolloutId, active: true }).first<{ id: number } | undefined>('id')) !== undefined;
  },

  /** Locks the targets of every action of the rollout, closed ones too, then those actions (decision 40). */
  async lockActions(trx: Knex, rolloutId: number): Promise<void> {
    const all = () => trx('actions').where('rollout_id', rolloutId);
    await lockTargetsOf(trx, all().select('target_id'));
    await lockingActions(trx, all()).select('id');
  },

  /** The type of a distribution set and whether it is still valid. */
  async setOf(db: Knex, setId: number): Promise<{ typeId: number; valid: boolean }> {
    const set = await db('distribution_sets').where('id', setId).first<{ type_id: number; valid: boolean | number }>('type_id', 'valid');
    return { typeId: set.type_id, valid: Boolean(set.valid) };
  },

  /**
   * Compiles a target filter over the target fields.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  targetCondition: (query: string): TargetCondition => compileFiql(query, TARGET_FIQL_FIELDS),

  /** The targets matching `filter` whose type accepts sets of `setTypeId`, as a condition. */
  deployableCondition:
    (filter: TargetCondition, setTypeId: number): TargetCondition =>
    (builder) =>
      void builder.where(filter).where(compatibleWith(setTypeId)),

  /** The ids of the targets matching `filter` (and `groupFilter`) whose type accepts sets of `setTypeId`, in id order. */
  async matchingTargetIds(db: Knex, filter: TargetCondition, setTypeId: number, groupFilter?: TargetCondition): Promise<number[]> {
    const query = db('targets').where(filter).where(compatibleWith(setTypeId));
    if (groupFilter !== undefined) query.where(groupFilter);
    return ((await query.orderBy('targets.id').pluck('targets.id')) as unknown[]).map(Number);
  },

  /** How many targets match `filter`: whatever their type, or those whose type accepts sets of `setTypeId`. */
  async matchingTargetCount(db: Knex, filter: TargetCondition, setTypeId?: number): Promise<number> {
    const query = db('targets').where(filter);
    if (setTypeId !== undefined) query.where(compatibleWith(setTypeId));
    return Number(((await query.count({ n: '*' }).first()) as { n: number | string }).n);
  },

  /** The targets whose action in the rollout ended in `error` and whose type accepts sets of `setTypeId`, in id order. */
  async failedTargetIds(db: Knex, rolloutId: number, setTypeId: number): Promise<number[]> {
    return (
      (await db('targets')
        .whereExists(
          (sub) => void sub.select(1).from('actions as a').where('a.rollout_id', rolloutId).where('a.status', 'error').whereRaw('a.target_id = targets.id'),
        )
        .where(compatibleWith(setTypeId))
        .orderBy('targets.id')
        .pluck('targets.id')) as unknown[]
    ).map(Number);
  },

  /** The first `limit` targets that newly match the rollout's filter and accept sets of `setTypeId`, in id order. */
  async newTargetIds(db: Knex, rollout: Pick<RolloutRow, 'id' | 'targetFilterQuery'>, setTypeId: number, limit: number): Promise<number[]> {
    return (await newTargets(db, rollout).where(compatibleWith(setTypeId)).orderBy('targets.id').limit(limit).pluck('targets.id')) as number[];
  },

  /** The first `limit` targets that newly match the rollout's filter but do not accept sets of `setTypeId`, in id order. */
  async incompatibleNewTargets(
    db: Knex,
    rollout: Pick<RolloutRow, 'id' | 'targetFilterQuery'>,
    setTypeId: number,
    limit: number,
  ): Promise<{ id: number; controllerId: string }[]> {
    return newTargets(db, rollout)
      .whereNot(compatibleWith(setTypeId))
      .orderBy('targets.id')
      .limit(limit)
      .select<{ id: number; controllerId: string }[]>({ id: 'targets.id', controllerId: 'targets.controller_id' });
  },

  /** The targets among `ids` whose type accepts sets of `setTypeId`, in id order. */
  async compatibleTargets(db: Knex, ids: readonly number[], setTypeId: number): Promise<{ id: number; autoConfirmActive: boolean }[]> {
    const rows = await db('targets')
      .whereIn('targets.id', ids)
      .where(compatibleWith(setTypeId))
      .orderBy('targets.id')
      .select<{ id: number; autoConfirmActive: boolean | number }[]>({ id: 'targets.id', autoConfirmActive: 'targets.auto_confirm_active' });
    return rows.map((row) => ({ id: row.id, autoConfirmActive: Boolean(row.autoConfirmActive) }));
  },
};

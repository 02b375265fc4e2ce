import type { Knex } from 'knex';
import { foldAppendedCounts } from '../db/appended-counts.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { dialectOf } from '../db/database.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql, enumEquality } from '../query/fiql.js';
import { POLL_TIME_COLUMN, TARGET_FIQL_FIELDS } from './target-fiql-fields.js';
import type { DistributionSetSummary, TagSummary, Target } from './target-model.js';

/** A target's row with its type's name, as reads see it; the service derives the rest of a {@link Target} from it. */
export interface TargetRow extends Omit<Target, 'group' | 'pollStatus' | 'targetType'> {
  readonly groupName: string | null;
  /** the interval of its polling override, null for the default (decision 110) */
  readonly pollingOverride: string | null;
  readonly targetTypeId: number | null;
  readonly targetTypeName: string | null;
  readonly assignedDistributionSetId: number | null;
  readonly installedDistributionSetId: number | null;
}

/** The columns an operator sets on a target. */
export interface TargetValues {
  readonly name: string;
  readonly description: string | null;
  readonly securityToken: string;
  readonly requestAttributes: boolean;
  readonly groupName: string | null;
  readonly address: string | null;
  readonly targetTypeId: number | null;
}

/** A new target: its values, and its auto-confirmation as configured. */
export interface NewTargetRow extends TargetValues {
  readonly controllerId: string;
  readonly autoConfirmActive: boolean;
  readonly autoConfirmActivatedAt: number | null;
}

const COLUMNS: Readonly<Record<keyof TargetValues, string>> = {
  name: 'name',
  description: 'description',
  securityToken: 'security_token',
  requestAttributes: 'request_attributes',
  groupName: 'group_name',
  address: 'address',
  targetTypeId: 'target_type_id',
};

/** A target's poll time on the target of `query`'s `targets` (decision 274). */
const withPollTime = (query: Knex.QueryBuilder): Knex.QueryBuilder => query.leftJoin('target_polls', 'target_polls.target_id', 'targets.id');

/**
 * `targets` with its type's name and its poll time, selecting {@link TargetRow} (booleans as SQLite or
 * PostgreSQL hand them back). The table keeps its own name (no alias) so that the columns of
 * `TARGET_FIQL_FIELDS` apply.
 */
function targetQuery(db: Knex): Knex.QueryBuilder {
  return withPollTime(db('targets')).leftJoin('target_types', 'target_types.id', 'targets.target_type_id').select({
    id: 'targets.id',
    controllerId: 'targets.controller_id',
    name: 'targets.name',
    description: 'targets.description',
    securityToken: 'targets.security_token',
    requestAttributes: 'targets.request_attributes',
    groupName: 'targets.group_name',
    updateStatus: 'targets.update_status',
    address: 'targets.address',
    lastControllerRequestAt: POLL_TIME_COLUMN,
    pollingOverride: 'targets.polling_override',
    installedAt: 'targets.installed_at',
    targetTypeId: 'targets.target_type_id',
    targetTypeName: 'target_types.name',
    assignedDistributionSetId: 'targets.assigned_distribution_set_id',
    installedDistributionSetId: 'targets.installed_distribution_set_id',
    autoConfirmActive: 'targets.auto_confirm_active',
    createdAt: 'targets.created_at',
    createdBy: 'targets.created_by',
    lastModifiedAt: 'targets.last_modified_at',
    lastModifiedBy: 'targets.last_modified_by',
  });
}

const rowOf = (row: TargetRow): TargetRow => ({ ...row, requestAttributes: Boolean(row.requestAttributes), autoConfirmActive: Boolean(row.autoConfirmActive) });
const rows = async (query: Knex.QueryBuilder): Promise<TargetRow[]> => ((await query) as TargetRow[]).map(rowOf);

/** `value` as a LIKE pattern matching itself (escape character `\`). */
const literal = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The number of targets per update status, kept by triggers in `target_counts` (decision 250); a status
 * no target has may be missing.
 */
async function countsByStatus(db: Knex): Promise<Map<string, number>> {
  const rows: { update_status: string; n: number | string }[] = await db('target_counts').groupBy('update_status').select('update_status').sum({ n: 'n' });
  return new Map(rows.map((row) => [row.update_status, Number(row.n)]));
}

/** The targets `q` matches when the counts answer it (no query, or `updatestatus==…`), without counting rows. */
async function countedTotal(db: Knex, q: string | undefined): Promise<number | undefined> {
  if (q === undefined) return [...(await countsByStatus(db)).values()].reduce((sum, n) => sum + n, 0);
  const equality = enumEquality(q, TARGET_FIQL_FIELDS);
  if (equality?.column !== 'targets.update_status') return undefined;
  return (await countsByStatus(db)).get(equality.value) ?? 0;
}

/** A target's auto-confirmation as stored (hawkBit's ConfirmationManagement). */
export interface StoredAutoConfirm {
  readonly initiator: string | null;
  readonly remark: string | null;
  readonly activatedAt: number | null;
}

/**
 * A condition on `targets` (unaliased): the target has no type, or its type accepts distribution sets of
 * type `distributionSetTypeId` (hawkBit's target-type compatibility).
 */
export function compatibleWith(distributionSetTypeId: number): (builder: Knex.QueryBuilder) => void {
  return (builder) => {
    builder.whereNull('targets.target_type_id').orWhereExists((sub: Knex.QueryBuilder) => {
      sub
        .select(1)
        .from('target_type_distribution_set_types as compat')
        .whereRaw('?? = ??', ['compat.target_type_id', 'targets.target_type_id'])
        .where('compat.distribution_set_type_id', distributionSetTypeId);
    });
  };
}

/** Which targets a list shows: all, those whose ids a subquery selects, or those with a set assigned or installed. */
export type TargetListScope =
  | {
      readonly ids: Knex.QueryBuilder;
      /** how many targets `ids` selects, when the caller knows it without counting them */
      readonly total?: number | undefined;
    }
  | { readonly distributionSetId: number; readonly relation: 'assigned' | 'installed' }
  | undefined;

/** What target reads embed, for a page of targets at once. */
export interface Embeddings {
  readonly sets: ReadonlyMap<number, DistributionSetSummary>;
  readonly tags: ReadonlyMap<number, readonly TagSummary[]>;
}

/** The SQL of targets as the management API reads and writes them (docs/CONVENTIONS.md rule 5); the device side is in ddi/. */
export const targetStore = {
  async byControllerId(db: Knex, controllerId: string): Promise<TargetRow | undefined> {
    return (await rows(targetQuery(db).where('targets.controller_id', controllerId)))[0];
  },

  /** The targets among `controllerIds`, in no particular order. */
  byControllerIds: (db: Knex, controllerIds: readonly string[]): Promise<TargetRow[]> => rows(targetQuery(db).whereIn('targets.controller_id', controllerIds)),

  /** The target's id and its assigned and installed sets. */
  async setsOf(db: Knex, controllerId: string): Promise<{ id: number; assigned: number | null; installed: number | null } | undefined> {
    return db('targets').where('controller_id', controllerId).first<{ id: number; assigned: number | null; installed: number | null } | undefined>({
      id: 'id',
      assigned: 'assigned_distribution_set_id',
      installed: 'installed_distribution_set_id',
    });
  },

  /**
   * The target's id and auto-confirmation (null while off); with `lock`, its row is locked on PostgreSQL
   * (FOR NO KEY UPDATE, as `src/db/row-locks.ts` locks targets, decision 40).
   */
  async autoConfirmOf(db: Knex, controllerId: string, lock = false): Promise<{ id: number; autoConfirm: StoredAutoConfirm | null } | undefined> {
    const query = db('targets').where('controller_id', controllerId);
    if (lock && dialectOf(db) === 'postgres') query.forNoKeyUpdate();
    const row = await query.first<
      | {
          id: number;
          auto_confirm_active: boolean | number;
          auto_confirm_initiator: string | null;
          auto_confirm_remark: string | null;
          auto_confirm_activated_at: number | null;
        }
      | undefined
    >('id', 'auto_confirm_active', 'auto_confirm_initiator', 'auto_confirm_remark', 'auto_confirm_activated_at');
    if (!row) return undefined;
    const autoConfirm = { initiator: row.auto_confirm_initiator, remark: row.auto_confirm_remark, activatedAt: row.auto_confirm_activated_at };
    return { id: row.id, autoConfirm: row.auto_confirm_active ? autoConfirm : null };
  },

  /** Turns the target's auto-confirmation on (`state`) or off (null). */
  async setAutoConfirm(db: Knex, id: number, state: StoredAutoConfirm | null, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('targets')
      .where('id', id)
      .update({
        auto_confirm_active: state !== null,
        auto_confirm_initiator: state?.initiator ?? null,
        auto_confirm_remark: state?.remark ?? null,
        auto_confirm_activated_at: state?.activatedAt ?? null,
        ...auditColumns(audit),
      });
  },

  async idOf(db: Knex, controllerId: string): Promise<number | undefined> {
    return (await db('targets').where('controller_id', controllerId).first<{ id: number } | undefined>('id'))?.id;
  },

  /** The ids of the targets among `controllerIds`, as a subquery. */
  idQuery: (db: Knex, controllerIds: readonly string[]): Knex.QueryBuilder => db('targets').select('id').whereIn('controller_id', controllerIds),

  /** The first of `controllerIds` that a stored target has. */
  async takenControllerId(db: Knex, controllerIds: readonly string[]): Promise<string | undefined> {
    return (await db('targets').whereIn('controller_id', controllerIds).first<{ controller_id: string } | undefined>('controller_id'))?.controller_id;
  },

  /** The first of `ids` that no target type has. */
  async missingTypeId(db: Knex, ids: readonly number[]): Promise<number | undefined> {
    const found = new Set((await db('target_types').whereIn('id', ids).pluck('id')).map(Number));
    return ids.find((id) => !found.has(id));
  },

  /**
   * One page of targets in `scope`, `q` over the target fields.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, request: PageRequest, q: string | undefined, scope?: TargetListScope): Promise<Page<TargetRow>> {
    // the filters on `targets` alone (every target field and sort column is its own, decision 251, but the
    // poll time, decision 274), for the page's ids and the count
    const ids = db('targets');
    if (request.sort.some(({ column }) => column === POLL_TIME_COLUMN)) withPollTime(ids);
    if (scope && 'ids' in scope) ids.whereIn('targets.id', scope.ids);
    else if (scope) ids.where(`targets.${scope.relation}_distribution_set_id`, scope.distributionSetId);
    if (q !== undefined) ids.where(compileFiql(q, TARGET_FIQL_FIELDS));
    const counted = scope === undefined ? await countedTotal(db, q) : q === undefined && 'ids' in scope ? scope.total : undefined;
    const { rows: found, total } = await fetchPage<TargetRow>(targetQuery(db), request, 'targets.id', { total: counted, ids });
    return { rows: found.map(rowOf), total };
  },

  countsByStatus,

  /** Folds the count changes PostgreSQL's triggers appended to `target_counts` (decision 250). */
  foldCounts: (db: Knex): Promise<void> => foldAppendedCounts(db, 'target_counts', ['update_status']),

  /** The sets and tags of a page of targets: two queries, whatever the page size. */
  async embeddings(db: Knex, targets: readonly TargetRow[]): Promise<Embeddings> {
    const setIds = [...new Set(targets.flatMap((target) => [target.assignedDistributionSetId, target.installedDistributionSetId]))].filter(
      (id): id is number => id !== null,
    );
    const targetIds = targets.map((target) => target.id);
    const [sets, tagRows] = await Promise.all([
      setIds.length === 0
        ? []
        : (db('distribution_sets')
            .join('distribution_set_types', 'distribution_set_types.id', 'distribution_sets.type_id')
            .whereIn('distribution_sets.id', setIds)
            .select({
              id: 'distribution_sets.id',
              name: 'distribution_sets.name',
              version: 'distribution_sets.version',
              type: 'distribution_set_types.key',
            }) as Promise<DistributionSetSummary[]>),
      targetIds.length === 0
        ? []
        : (db('target_tag_assignments')
            .join('target_tags', 'target_tags.id', 'target_tag_assignments.tag_id')
            .whereIn('target_tag_assignments.target_id', targetIds)
            .orderBy(['target_tags.name', 'target_tags.id'])
            .select({
              targetId: 'target_tag_assignments.target_id',
              id: 'target_tags.id',
              name: 'target_tags.name',
              colour: 'target_tags.colour',
            }) as Promise<(TagSummary & { targetId: number })[]>),
    ]);
    const tags = new Map<number, TagSummary[]>();
    for (const { targetId, ...tag } of tagRows) tags.set(targetId, [...(tags.get(targetId) ?? []), tag]);
    return { sets: new Map(sets.map((set) => [set.id, set])), tags };
  },

  /** Inserts a target with update status `unknown`. */
  async insert(db: Knex, target: NewTargetRow, audit: Audit): Promise<void> {
    await db('targets').insert({
      controller_id: target.controllerId,
      ...Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [column, target[field as keyof TargetValues]])),
      update_status: 'unknown',
      auto_confirm_active: target.autoConfirmActive,
      auto_confirm_activated_at: target.autoConfirmActivatedAt,
      ...auditColumns(audit),
    });
  },

  /** Sets the given values; absent ones keep theirs. */
  async update(db: Knex, id: number, change: Partial<TargetValues>, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    const values = Object.entries(COLUMNS).flatMap(([field, column]) => {
      const value = change[field as keyof TargetValues];
      return value === undefined ? [] : [[column, value] as const];
    });
    await db('targets')
      .where('id', id)
      .update({ ...Object.fromEntries(values), ...auditColumns(audit) });
  },

  /** The ids of the targets `q` matches, as a subquery. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  matchingIdQuery: (db: Knex, q: string): Knex.QueryBuilder => db('targets').select('targets.id').where(compileFiql(q, TARGET_FIQL_FIELDS)),

  /**
   * The ids of the targets of `group` (and, with `subgroups`, of every group under `group/`), as a subquery;
   * groups compare case-insensitively.
   */
  groupMemberIdQuery: (db: Knex, group: string, subgroups: boolean): Knex.QueryBuilder =>
    db('targets')
      .select('targets.id')
      .where((inGroup) => {
        inGroup.whereRaw('lower(targets.group_name) = lower(?)', [group]);
        if (subgroups) inGroup.orWhereRaw(`lower(targets.group_name) like lower(?) escape '\\'`, [`${literal(group)}/%`]);
      }),

  /** Moves the targets (their ids, or a subquery selecting them) into `group`. */
  async setGroup(db: Knex, ids: readonly number[] | Knex.QueryBuilder, group: string, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    const query = db('targets');
    if (Array.isArray(ids)) query.whereIn('id', ids as readonly number[]);
    else query.whereIn('id', ids as Knex.QueryBuilder);
    await query.update({ group_name: group, ...auditColumns(audit) });
  },

  /** Deletes the target; its actions, attributes, metadata and tag assignments go with it (ON DELETE CASCADE). */
  async delete(db: Knex, controllerId: string): Promise<boolean> {
    return (await db('targets').where('controller_id', controllerId).delete()) > 0;
  },

  /** The attributes the device reported, by key. */
  attributes: (db: Knex, targetId: number): Promise<{ key: string; value: string | null }[]> =>
    db('target_attributes').where('target_id', targetId).orderBy('key').select<{ key: string; value: string | null }[]>('key', 'value'),
};

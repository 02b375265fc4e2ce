import type { Knex } from 'knex';
import { auditColumns, type Audit } from '../db/audit.js';
import { dialectOf } from '../db/database.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { compatibleWith } from '../targets/target-store.js';
import type { AutoAssignActionType, AutoAssignment, TargetFilter } from './target-filter.js';
import { TARGET_FILTER_FIELDS } from './target-filter-fields.js';

/** A row of `target_filters`. */
interface TargetFilterRow {
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

function targetFilterOf(row: TargetFilterRow): TargetFilter {
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
const NO_AUTO_ASSIGNMENT = {
  auto_assign_distribution_set_id: null,
  auto_assign_action_type: null,
  auto_assign_confirmation_required: null,
  auto_assign_initiated_by: null,
} as const;

type Modified = Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>;

/** What picks the targets of one auto-assignment. */
export interface AutoAssignScope {
  /** the filter's FIQL query over the standard target fields */
  readonly query: string;
  readonly distributionSetId: number;
  readonly distributionSetTypeId: number;
}

/**
 * `targets` (unaliased, as `TARGET_FIQL_FIELDS` need) matching the query that can take a set of the
 * scope's type: no target type, or one listing the set's type as compatible. Selects `targets.id`.
 */
function compatibleMatches(db: Knex, scope: AutoAssignScope): Knex.QueryBuilder {
  return db('targets').select('targets.id').where(compileFiql(scope.query, TARGET_FIQL_FIELDS)).where(compatibleWith(scope.distributionSetTypeId));
}

/**
 * The targets an auto-assignment gives its set to (README "Target filters and auto-assignment", decision 8):
 * {@link compatibleMatches} without the set assigned already, without any active action, that never had
 * an action for the set (hawkBit's `hasNotDistributionSetInActions`: a failed or cancelled auto-assignment
 * is not offered again at every sweep), and below the `max_actions_per_target` quota (0: no cap), so that
 * a full target is skipped rather than failing the rest.
 */
function candidates(db: Knex, scope: AutoAssignScope, maxActionsPerTarget: number): Knex.QueryBuilder {
  const builder = compatibleMatches(db, scope)
    .where((other: Knex.QueryBuilder) => {
      other.whereNull('targets.assigned_distribution_set_id').orWhereNot('targets.assigned_distribution_set_id', scope.distributionSetId);
    })
    .whereNotExists((active: Knex.QueryBuilder) => {
      active.select(1).from('actions as busy').whereRaw('?? = ??', ['busy.target_id', 'targets.id']).where('busy.active', true);
    })
    .whereNotExists((history: Knex.QueryBuilder) => {
      history
        .select(1)
        .from('actions as past')
        .whereRaw('?? = ??', ['past.target_id', 'targets.id'])
        .where('past.distribution_set_id', scope.distributionSetId);
    });
  if (maxActionsPerTarget > 0) {
    builder.whereRaw('(select count(*) from actions as counted where counted.target_id = targets.id) < ?', [maxActionsPerTarget]);
  }
  return builder;
}

/** A candidate target of an auto-assignment, with what its action needs. */
export interface Candidate {
  readonly id: number;
  readonly autoConfirmActive: boolean;
}

/** The SQL of target filters and of the targets their auto-assignments reach (docs/CONVENTIONS.md rule 5). */
export const targetFilterStore = {
  async find(db: Knex, id: number): Promise<TargetFilter | undefined> {
    const row = await db('target_filters').where('id', id).first<TargetFilterRow | undefined>();
    return row && targetFilterOf(row);
  },

  /**
   * One page of filters; with `autoAssigning`, only those auto-assigning that set.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, page: PageRequest, q: string | undefined, autoAssigning?: number): Promise<Page<TargetFilter>> {
    const builder = db('target_filters as tf').select('tf.*');
    if (autoAssigning !== undefined) builder.where('tf.auto_assign_distribution_set_id', autoAssigning);
    if (q !== undefined) builder.where(compileFiql(q, TARGET_FILTER_FIELDS));
    const { rows, total } = await fetchPage<TargetFilterRow>(builder, page, 'tf.id');
    return { rows: rows.map(targetFilterOf), total };
  },

  /** The id of the filter named `name`, if any. */
  async idOfName(db: Knex, name: string): Promise<number | undefined> {
    return (await db('target_filters').where('name', name).first<{ id: number } | undefined>('id'))?.id;
  },

  /** Inserts the filter; returns its id. */
  async insert(db: Knex, values: { readonly name: string; readonly query: string }, audit: Audit): Promise<number> {
    const [inserted] = await db('target_filters')
      .insert({ name: values.name, query: values.query, ...auditColumns(audit) })
      .returning<{ id: number }[]>('id');
    return (inserted as { id: number }).id;
  },

  async update(db: Knex, id: number, values: { readonly name: string; readonly query: string }, audit: Modified): Promise<void> {
    await db('target_filters')
      .where('id', id)
      .update({ name: values.name, query: values.query, ...auditColumns(audit) });
  },

  /** Deletes the filter; false when there was none. */
  async delete(db: Knex, id: number): Promise<boolean> {
    return (await db('target_filters').where('id', id).delete()) > 0;
  },

  async attach(db: Knex, id: number, assignment: AutoAssignment, audit: Modified): Promise<void> {
    await db('target_filters')
      .where('id', id)
      .update({
        auto_assign_distribution_set_id: assignment.distributionSetId,
        auto_assign_action_type: assignment.actionType,
        auto_assign_confirmation_required: assignment.confirmationRequired,
        auto_assign_initiated_by: assignment.initiatedBy,
        ...auditColumns(audit),
      });
  },

  /** Detaches the filter's set; false when there was no filter. */
  async detach(db: Knex, id: number, audit: Modified): Promise<boolean> {
    return (
      (await db('target_filters')
        .where('id', id)
        .update({ ...NO_AUTO_ASSIGNMENT, ...auditColumns(audit) })) > 0
    );
  },

  /** Detaches the set from every filter auto-assigning it. */
  async detachSet(db: Knex, setId: number, audit: Modified): Promise<void> {
    await db('target_filters')
      .where('auto_assign_distribution_set_id', setId)
      .update({ ...NO_AUTO_ASSIGNMENT, ...auditColumns(audit) });
  },

  /** The ids of the filters with a set attached, in id order. */
  async idsWithSets(db: Knex): Promise<number[]> {
    const ids: unknown[] = await db('target_filters').whereNotNull('auto_assign_distribution_set_id').orderBy('id').pluck('id');
    return ids.map(Number);
  },

  /** The id of the filter's attached set (null: none; undefined: no filter); `forShare` locks the row on PostgreSQL. */
  async attachedSetId(db: Knex, id: number, forShare = false): Promise<number | null | undefined> {
    const query = db('target_filters').where('id', id).first<{ set: number | null } | undefined>({ set: 'auto_assign_distribution_set_id' });
    if (forShare && dialectOf(db) === 'postgres') query.forShare();
    return (await query)?.set;
  },

  /**
   * Checks a filter query at write time, by compiling it to SQL without running it: fields whose
   * condition is built lazily (tag) refuse their operators only then.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  validateQuery(db: Knex, query: string): void {
    db('targets').select('targets.id').where(compileFiql(query, TARGET_FIQL_FIELDS)).toSQL();
  },

  /** How many targets match the scope's query and accept its set, whether or not they have it already. */
  async compatibleCount(db: Knex, scope: AutoAssignScope): Promise<number> {
    const counted = (await compatibleMatches(db, scope).clearSelect().count({ n: '*' }).first()) as { n: number | string };
    return Number(counted.n);
  },

  /** The next `limit` candidate ids after `after` (all candidates, or the one target `controllerId`), in id order. */
  async candidateIds(db: Knex, scope: AutoAssignScope, maxActionsPerTarget: number, next: { after: number; limit: number; controllerId?: string | undefined }) {
    const query = candidates(db, scope, maxActionsPerTarget).where('targets.id', '>', next.after).orderBy('targets.id').limit(next.limit);
    if (next.controllerId !== undefined) query.where('targets.controller_id', next.controllerId);
    return ((await query) as { id: number }[]).map((row) => row.id);
  },

  /** The targets among `ids` that are still candidates, in id order. */
  async candidatesAmong(db: Knex, scope: AutoAssignScope, maxActionsPerTarget: number, ids: readonly number[]): Promise<Candidate[]> {
    const rows = (await candidates(db, scope, maxActionsPerTarget).whereIn('targets.id', ids).select('targets.auto_confirm_active').orderBy('targets.id')) as {
      id: number;
      auto_confirm_active: boolean | number;
    }[];
    return rows.map((row) => ({ id: row.id, autoConfirmActive: Boolean(row.auto_confirm_active) }));
  },
};

import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { compatibleWith } from '../targets/target-store.js';
import type { AutoAssignment } from './auto-assignment-lifecycle.js';
import { autoAssignmentStore } from './auto-assignment-store.js';
import type { TargetFilter } from './target-filter.js';
import { TARGET_FILTER_FIELDS } from './target-filter-fields.js';

/** A row of `target_filters`. */
interface TargetFilterRow {
  id: number;
  name: string;
  query: string;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

function targetFilterOf(row: TargetFilterRow, autoAssignment: AutoAssignment | undefined): TargetFilter {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    autoAssignment: autoAssignment ?? null,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    lastModifiedAt: Number(row.last_modified_at),
    lastModifiedBy: row.last_modified_by,
  };
}

/** The filters of the rows, each with its auto-assignment (decision 205). */
async function withAutoAssignments(db: Knex, rows: readonly TargetFilterRow[]): Promise<TargetFilter[]> {
  if (rows.length === 0) return [];
  const linked = await autoAssignmentStore.linked(db, rows);
  return rows.map((row) => targetFilterOf(row, linked.get(row.name)));
}

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
    return row && (await withAutoAssignments(db, [row]))[0];
  },

  /**
   * One page of filters, each beside its auto-assignment (`aa`, for the `q` fields of its set); with
   * `autoAssigning`, only those auto-assigning that set.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, page: PageRequest, q: string | undefined, autoAssigning?: number): Promise<Page<TargetFilter>> {
    const builder = db('target_filters as tf')
      .select('tf.*')
      .leftJoin('auto_assignments as aa', (on) => {
        on.on('aa.name', 'tf.name').andOn('aa.query', 'tf.query');
      });
    if (autoAssigning !== undefined) builder.where('aa.distribution_set_id', autoAssigning);
    if (q !== undefined) builder.where(compileFiql(q, TARGET_FILTER_FIELDS));
    const { rows, total } = await fetchPage<TargetFilterRow>(builder, page, 'tf.id');
    return { rows: await withAutoAssignments(db, rows), total };
  },

  /** The id of the filter named `name`, if any. */
  async idOfName(db: Knex, name: string): Promise<number | undefined> {
    return (await db('target_filters').where('name', name).first<{ id: number } | undefined>('id'))?.id;
  },

  /** Inserts the filter; returns its id. */
  async insert(db: Knex, values: { readonly name: string; readonly query: string }, audit: Audit): Promise<number> {
    return insertRow(db, 'target_filters', { name: values.name, query: values.query, ...auditColumns(audit) });
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

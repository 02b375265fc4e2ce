import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { dialectOf } from '../db/database.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import { AUTO_ASSIGNMENT_FIELDS } from './auto-assignment-fields.js';
import type { AutoAssignment, AutoAssignmentStatus } from './auto-assignment-lifecycle.js';
import type { AutoAssignActionType } from './target-filter.js';

/** A row of `auto_assignments`. */
interface AutoAssignmentRow {
  id: number;
  name: string;
  description: string | null;
  query: string;
  distribution_set_id: number;
  action_type: AutoAssignActionType;
  confirmation_required: boolean | number;
  start_at: number | string | null;
  status: AutoAssignmentStatus;
  approval_decided_by: string | null;
  approval_remark: string | null;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
  set_name: string;
  set_version: string;
}

/** `auto_assignments as aa` beside its set's name and version. */
const selectAll = (db: Knex) =>
  db('auto_assignments as aa')
    .join('distribution_sets as of_set', 'of_set.id', 'aa.distribution_set_id')
    .select('aa.*', { set_name: 'of_set.name', set_version: 'of_set.version' });

function autoAssignmentOf(row: AutoAssignmentRow): AutoAssignment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    query: row.query,
    distributionSetId: row.distribution_set_id,
    distributionSet: { name: row.set_name, version: row.set_version },
    actionType: row.action_type,
    confirmationRequired: Boolean(row.confirmation_required),
    startAt: row.start_at === null ? null : Number(row.start_at),
    status: row.status,
    approvalDecidedBy: row.approval_decided_by,
    approvalRemark: row.approval_remark,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    lastModifiedAt: Number(row.last_modified_at),
    lastModifiedBy: row.last_modified_by,
  };
}

/** What a new auto-assignment holds besides its id and audit fields. */
export type NewAutoAssignment = Omit<AutoAssignment, 'id' | 'distributionSet' | keyof Audit>;

type Modified = Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>;

/** The SQL of auto-assignments (docs/CONVENTIONS.md rule 5). */
export const autoAssignmentStore = {
  /** The auto-assignment; `forUpdate` locks its row on PostgreSQL. */
  async find(db: Knex, id: number, forUpdate = false): Promise<AutoAssignment | undefined> {
    const query = selectAll(db).where('aa.id', id).first<AutoAssignmentRow | undefined>();
    if (forUpdate && dialectOf(db) === 'postgres') query.forUpdate('aa');
    const row = await query;
    return row && autoAssignmentOf(row);
  },

  /**
   * The auto-assignments of target filters: of each filter, the one of its name with its query (hawkBit
   * master's TargetFilterQueryManagement.findLinkedAutoAssignment), by filter name.
   */
  async linked(db: Knex, filters: readonly { readonly name: string; readonly query: string }[]): Promise<Map<string, AutoAssignment>> {
    const rows = (await selectAll(db).whereIn(
      'aa.name',
      filters.map((filter) => filter.name),
    )) as AutoAssignmentRow[];
    const queries = new Map(filters.map((filter) => [filter.name, filter.query]));
    return new Map(rows.filter((row) => queries.get(row.name) === row.query).map((row) => [row.name, autoAssignmentOf(row)]));
  },

  /** The id of the auto-assignment named `name`, if any. */
  async idOfName(db: Knex, name: string): Promise<number | undefined> {
    return (await db('auto_assignments').where('name', name).first<{ id: number } | undefined>('id'))?.id;
  },

  /**
   * One page of auto-assignments; with `setId`, only those giving that set.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, page: PageRequest, q: string | undefined, setId?: number): Promise<Page<AutoAssignment>> {
    const builder = selectAll(db);
    if (setId !== undefined) builder.where('aa.distribution_set_id', setId);
    if (q !== undefined) builder.where(compileFiql(q, AUTO_ASSIGNMENT_FIELDS));
    const { rows, total } = await fetchPage<AutoAssignmentRow>(builder, page, 'aa.id');
    return { rows: rows.map(autoAssignmentOf), total };
  },

  /** Inserts the auto-assignment; returns its id. */
  async insert(db: Knex, values: NewAutoAssignment, audit: Audit): Promise<number> {
    return insertRow(db, 'auto_assignments', {
      name: values.name,
      description: values.description,
      query: values.query,
      distribution_set_id: values.distributionSetId,
      action_type: values.actionType,
      confirmation_required: values.confirmationRequired,
      start_at: values.startAt,
      status: values.status,
      approval_decided_by: values.approvalDecidedBy,
      approval_remark: values.approvalRemark,
      ...auditColumns(audit),
    });
  },

  /** Changes the given columns of the auto-assignment; knex leaves an undefined one out of the UPDATE. */
  async update(
    db: Knex,
    id: number,
    values: Partial<Pick<AutoAssignment, 'name' | 'description' | 'query' | 'status' | 'approvalDecidedBy' | 'approvalRemark'>>,
    audit: Modified,
  ): Promise<void> {
    await db('auto_assignments')
      .where('id', id)
      .update({
        name: values.name,
        description: values.description,
        query: values.query,
        status: values.status,
        approval_decided_by: values.approvalDecidedBy,
        approval_remark: values.approvalRemark,
        ...auditColumns(audit),
      });
  },

  /** Deletes the auto-assignment; false when there was none. */
  async delete(db: Knex, id: number): Promise<boolean> {
    return (await db('auto_assignments').where('id', id).delete()) > 0;
  },

  /** Deletes every auto-assignment of the set (hawkBit's cancelAutoAssignmentForDistributionSet). */
  async deleteOfSet(db: Knex, setId: number): Promise<void> {
    await db('auto_assignments').where('distribution_set_id', setId).delete();
  },

  /** How many auto-assignments give the set. */
  async countOfSet(db: Knex, setId: number): Promise<number> {
    const counted = await db('auto_assignments').where('distribution_set_id', setId).count({ n: '*' }).first<{ n: number | string }>();
    return Number(counted.n);
  },

  /** The ready auto-assignments whose startAt has come (or that have none), in id order. */
  async dueIds(db: Knex, now: number): Promise<number[]> {
    const ids: unknown[] = await db('auto_assignments')
      .where('status', 'ready')
      .where((due: Knex.QueryBuilder) => {
        due.whereNull('start_at').orWhere('start_at', '<=', now);
      })
      .orderBy('id')
      .pluck('id');
    return ids.map(Number);
  },

  /** The ids of the auto-assignments in the given statuses, in id order. */
  async idsIn(db: Knex, statuses: readonly AutoAssignmentStatus[]): Promise<number[]> {
    const ids: unknown[] = await db('auto_assignments').whereIn('status', statuses).orderBy('id').pluck('id');
    return ids.map(Number);
  },

  /** The id of the auto-assignment's set (undefined: no such auto-assignment); `forShare` locks the row on PostgreSQL. */
  async setIdOf(db: Knex, id: number, forShare = false): Promise<number | undefined> {
    const query = db('auto_assignments').where('id', id).first<{ setId: number } | undefined>({ setId: 'distribution_set_id' });
    if (forShare && dialectOf(db) === 'postgres') query.forShare();
    return (await query)?.setId;
  },
};

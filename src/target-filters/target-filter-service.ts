import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { created, modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import type { DistributionSet } from '../distribution-sets/distribution-set.js';
import { assertSetExists } from '../distribution-sets/distribution-set.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import { alreadyExists, notFound } from '../errors.js';
import { runAutoAssignment } from './auto-assignment.js';
import { initialStatus } from './auto-assignment-lifecycle.js';
import { assertAutoAssignmentQuota, autoAssignActionType, insertAutoAssignment } from './auto-assignment-service.js';
import { autoAssignmentStore } from './auto-assignment-store.js';
import { FILTER_AUTO_ASSIGN_ACTION_TYPES, type AutoAssignRequest, type NewTargetFilter, type TargetFilter, type TargetFilterChange } from './target-filter.js';
import { targetFilterStore as sql } from './target-filter-store.js';

/**
 * Saved target filters (hawkBit's TargetFilterQueryManagement) and their auto-assigned sets: a filter's
 * auto-assignment is the one named like it with its query (decision 205), kept in step when the filter is
 * renamed, given a new query or deleted.
 */
export interface TargetFilterService {
  /**
   * Saves a filter; its query is checked against the target fields now, not when it is used.
   * @throws DomainError entityAlreadyExists (name taken), rsqlParamSyntax, rsqlInvalidField
   */
  create(filter: NewTargetFilter, actor: string): Promise<TargetFilter>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad `q` */
  list(query: ListRequest): Promise<Page<TargetFilter>>;
  /** The filters auto-assigning the set. @throws DomainError entityNotFound (set), rsqlParamSyntax, rsqlInvalidField */
  listAutoAssigning(setId: number, query: ListRequest): Promise<Page<TargetFilter>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<TargetFilter>;
  /**
   * Changes name and query; absent or null ones are kept, and its auto-assignment takes them too. A new
   * query of a filter with a set attached must stay within `max_targets_per_auto_assignment`; the sweep
   * assigns the targets it newly matches.
   * @throws DomainError entityNotFound, entityAlreadyExists, rsqlParamSyntax, rsqlInvalidField, quotaExceeded
   */
  update(id: number, change: TargetFilterChange, actor: string): Promise<TargetFilter>;
  /** Deletes the filter and its auto-assignment. @throws DomainError entityNotFound */
  remove(id: number): Promise<void>;
  /** The auto-assigned set, or undefined. @throws DomainError entityNotFound */
  autoAssignedSet(id: number): Promise<DistributionSet | undefined>;
  /**
   * Replaces the filter's auto-assignment with a running one of the set, and assigns it at once to every
   * target the filter matches (see `auto-assignment.ts` for the targets that are skipped); while
   * `auto_assignment_approval_enabled` is on it waits for approval instead. The set must be valid and
   * complete, the action type forced (default) or soft, and the filter may match at most
   * `max_targets_per_auto_assignment` targets that accept the set.
   * @throws DomainError entityNotFound (filter, set), deleted (set), entityAlreadyExists (another auto-assignment
   *   has the filter's name), invalidAutoAssignActionType, distributionSetInvalid, distributionSetIncomplete (400),
   *   quotaExceeded (429)
   */
  attachAutoAssignment(id: number, request: AutoAssignRequest, actor: string): Promise<TargetFilter>;
  /** Deletes the filter's auto-assignment; actions already created stay. @throws DomainError entityNotFound */
  detachAutoAssignment(id: number, actor: string): Promise<void>;
}

/** Target filters over `db`; attaching a set runs its auto-assignment at once (`auto-assignment.ts`). */
export function createTargetFilterService(db: Knex, clock: Clock, config: Config): TargetFilterService {
  const find = async (trx: Knex, id: number) => {
    const found = await sql.find(trx, id);
    if (!found) throw notFound('TargetFilterQuery', id);
    return found;
  };
  const get = (id: number) => find(db, id);
  const assertNameFree = async (trx: Knex, name: string, id?: number) => {
    const other = await sql.idOfName(trx, name);
    if (other !== undefined && other !== id) throw alreadyExists('TargetFilterQuery', { name });
  };

  return {
    async create({ name, query }, actor) {
      sql.validateQuery(db, query);
      // a name taken by a concurrent create fails the unique index: 409 as well (http/error-handler.ts)
      const id = await inTransaction(db, async (trx) => {
        await assertNameFree(trx, name);
        return sql.insert(trx, { name, query }, created(actor, clock()));
      });
      return get(id);
    },
    list: ({ page, q }) => sql.page(db, page, q),
    async listAutoAssigning(setId, { page, q }) {
      await assertSetExists(db, setId);
      return sql.page(db, page, q, setId);
    },
    get,
    async update(id, change, actor) {
      if (change.query != null) sql.validateQuery(db, change.query);
      await inTransaction(db, async (trx) => {
        const current = await find(trx, id);
        const name = change.name ?? current.name;
        const query = change.query ?? current.query;
        if (name !== current.name) await assertNameFree(trx, name, id);
        const audit = modified(actor, clock());
        const linked = current.autoAssignment;
        if (linked) {
          const set = query === current.query ? undefined : await distributionSetStore.row(trx, linked.distributionSetId);
          if (set) await assertAutoAssignmentQuota(trx, config, { query, distributionSetId: set.id, distributionSetTypeId: set.typeId });
          // hawkBit master renames the auto-assignment, and for a new query deletes and re-creates it; here it
          // keeps its id and status (decision 205)
          await autoAssignmentStore.update(trx, linked.id, { name, query }, audit);
        }
        await sql.update(trx, id, { name, query }, audit);
      });
      return get(id);
    },
    async remove(id) {
      await inTransaction(db, async (trx) => {
        const filter = await find(trx, id);
        if (filter.autoAssignment) await autoAssignmentStore.delete(trx, filter.autoAssignment.id);
        await sql.delete(trx, id);
      });
    },
    async autoAssignedSet(id) {
      const setId = (await get(id)).autoAssignment?.distributionSetId;
      return setId === undefined ? undefined : findDistributionSet(db, setId);
    },
    async attachAutoAssignment(id, { distributionSetId, actionType = 'forced', confirmationRequired = true }, actor) {
      const type = autoAssignActionType(actionType, FILTER_AUTO_ASSIGN_ACTION_TYPES);
      const assignmentId = await inTransaction(db, async (trx) => {
        const filter = await find(trx, id);
        // hawkBit master's TargetFilterQueryManagement.createLinkedAutoAssignment: the old one goes
        if (filter.autoAssignment) await autoAssignmentStore.delete(trx, filter.autoAssignment.id);
        const status = initialStatus({ approvalRequired: config.autoAssignmentApprovalEnabled, attachedToFilter: true });
        const values = { name: filter.name, description: null, query: filter.query, distributionSetId, actionType: type, confirmationRequired };
        const now = clock();
        const created = await insertAutoAssignment(
          trx,
          config,
          { ...values, startAt: null, status, approvalDecidedBy: null, approvalRemark: null },
          actor,
          now,
        );
        await sql.update(trx, id, { name: filter.name, query: filter.query }, modified(actor, now));
        return created;
      });
      await runAutoAssignment({ db, clock, config }, assignmentId);
      return get(id);
    },
    async detachAutoAssignment(id, actor) {
      await inTransaction(db, async (trx) => {
        const filter = await find(trx, id);
        if (filter.autoAssignment) await autoAssignmentStore.delete(trx, filter.autoAssignment.id);
        await sql.update(trx, id, { name: filter.name, query: filter.query }, modified(actor, clock()));
      });
    },
  };
}

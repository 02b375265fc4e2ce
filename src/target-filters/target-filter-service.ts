import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { created, modified } from '../db/audit.js';
import type { Page, PageRequest } from '../db/page.js';
import { lockDistributionSet } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import type { DistributionSet } from '../distribution-sets/distribution-set.js';
import { assertNotDeleted, assertSetExists, setNotFound } from '../distribution-sets/distribution-set.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import { DomainError, ErrorCode } from '../errors.js';
import { assignFilter } from './auto-assignment.js';
import {
  AUTO_ASSIGN_ACTION_TYPES,
  type AutoAssignActionType,
  type AutoAssignRequest,
  type NewTargetFilter,
  type TargetFilter,
  type TargetFilterChange,
} from './target-filter.js';
import { targetFilterStore as sql, type AutoAssignScope } from './target-filter-store.js';

export interface TargetFilterListQuery {
  readonly page: PageRequest;
  readonly q?: string | undefined;
}

/** Saved target filters (hawkBit's TargetFilterQueryManagement) and their auto-assigned sets. */
export interface TargetFilterService {
  /**
   * Saves a filter; its query is checked against the target fields now, not when it is used.
   * @throws DomainError entityAlreadyExists (name taken), rsqlParamSyntax, rsqlInvalidField
   */
  create(filter: NewTargetFilter, actor: string): Promise<TargetFilter>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad `q` */
  list(query: TargetFilterListQuery): Promise<Page<TargetFilter>>;
  /** The filters auto-assigning the set. @throws DomainError entityNotFound (set), rsqlParamSyntax, rsqlInvalidField */
  listAutoAssigning(setId: number, query: TargetFilterListQuery): Promise<Page<TargetFilter>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<TargetFilter>;
  /**
   * Changes name and query; absent or null ones are kept. A new query of a filter with a set attached must
   * stay within `max_targets_per_auto_assignment`; the sweep assigns the targets it newly matches.
   * @throws DomainError entityNotFound, entityAlreadyExists, rsqlParamSyntax, rsqlInvalidField, quotaExceeded
   */
  update(id: number, change: TargetFilterChange, actor: string): Promise<TargetFilter>;
  /** @throws DomainError entityNotFound */
  remove(id: number): Promise<void>;
  /** The auto-assigned set, or undefined. @throws DomainError entityNotFound */
  autoAssignedSet(id: number): Promise<DistributionSet | undefined>;
  /**
   * Attaches a set for auto-assignment and assigns it at once to every target the filter matches (see
   * `auto-assignment.ts` for the targets that are skipped). The set must be valid and complete, the
   * action type forced (default) or soft, and the filter may match at most `max_targets_per_auto_assignment`
   * targets that accept the set.
   * @throws DomainError entityNotFound (filter, set), deleted (set), invalidAutoAssignActionType, distributionSetInvalid,
   *   distributionSetIncomplete (400), quotaExceeded (429)
   */
  attachAutoAssignment(id: number, request: AutoAssignRequest, actor: string): Promise<TargetFilter>;
  /** Stops the auto-assignment; actions already created stay. @throws DomainError entityNotFound */
  detachAutoAssignment(id: number, actor: string): Promise<void>;
}

const filterNotFound = (id: number) => new DomainError(ErrorCode.entityNotFound, `TargetFilterQuery with given identifier {${id}} does not exist.`);
const nameTaken = (name: string) => new DomainError(ErrorCode.entityAlreadyExists, `TargetFilterQuery with name {${name}} already exists.`);

const isAutoAssignType = (type: string): type is AutoAssignActionType => (AUTO_ASSIGN_ACTION_TYPES as readonly string[]).includes(type);

/** Target filters over `db`; attaching a set runs its auto-assignment at once (`auto-assignment.ts`). */
export function createTargetFilterService(db: Knex, clock: Clock, config: Config): TargetFilterService {
  const find = async (trx: Knex, id: number) => {
    const found = await sql.find(trx, id);
    if (!found) throw filterNotFound(id);
    return found;
  };
  const get = (id: number) => find(db, id);
  const assertNameFree = async (trx: Knex, name: string, id?: number) => {
    const other = await sql.idOfName(trx, name);
    if (other !== undefined && other !== id) throw nameTaken(name);
  };
  // hawkBit counts the targets that match and accept the set, whether or not they have it already.
  const assertQuota = async (trx: Knex, scope: AutoAssignScope) => {
    const max = config.quota.maxTargetsPerAutoAssignment;
    if (max === 0) return;
    const matches = await sql.compatibleCount(trx, scope);
    if (matches > max) {
      throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: an auto-assignment reaches at most ${max} targets, the filter matches ${matches}.`, {
        quota: 'maxTargetsPerAutoAssignment',
        limit: max,
      });
    }
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
        const setId = current.autoAssignment?.distributionSetId;
        const set = setId === undefined || query === current.query ? undefined : await distributionSetStore.row(trx, setId);
        if (set) await assertQuota(trx, { query, distributionSetId: set.id, distributionSetTypeId: set.typeId });
        await sql.update(trx, id, { name, query }, modified(actor, clock()));
      });
      return get(id);
    },
    async remove(id) {
      if (!(await sql.delete(db, id))) throw filterNotFound(id);
    },
    async autoAssignedSet(id) {
      const setId = (await get(id)).autoAssignment?.distributionSetId;
      return setId === undefined ? undefined : findDistributionSet(db, setId);
    },
    async attachAutoAssignment(id, { distributionSetId, actionType = 'forced', confirmationRequired = true }, actor) {
      if (!isAutoAssignType(actionType)) {
        throw new DomainError(ErrorCode.invalidAutoAssignActionType, `The action type {${actionType}} cannot be used for auto-assignment; use forced or soft.`);
      }
      await inTransaction(db, async (trx) => {
        const filter = await find(trx, id);
        // an invalidation of the set waits for this attachment, and then detaches it
        await lockDistributionSet(trx, distributionSetId, 'share');
        const set = await distributionSetStore.row(trx, distributionSetId);
        if (!set) throw setNotFound(distributionSetId);
        assertNotDeleted(set);
        if (!set.valid) {
          throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${set.id}} is invalidated and cannot be assigned.`);
        }
        if (!set.complete) {
          throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${set.id}} is incomplete: a mandatory module is missing.`);
        }
        await assertQuota(trx, { query: filter.query, distributionSetId: set.id, distributionSetTypeId: set.typeId });
        await sql.attach(trx, id, { distributionSetId: set.id, actionType, confirmationRequired, initiatedBy: actor }, modified(actor, clock()));
      });
      await assignFilter({ db, clock, config }, id);
      return get(id);
    },
    async detachAutoAssignment(id, actor) {
      if (!(await sql.detach(db, id, modified(actor, clock())))) throw filterNotFound(id);
    },
  };
}

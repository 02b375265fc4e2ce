import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { created, modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { lockDistributionSet } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { assertNotDeleted, assertSetExists } from '../distribution-sets/distribution-set.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import { initialStatus, nextStatus, type AutoAssignment, type AutoAssignmentEvent } from './auto-assignment-lifecycle.js';
import { autoAssignmentStore as store, type NewAutoAssignment } from './auto-assignment-store.js';
import type { AutoAssignActionType } from './target-filter.js';
import { targetFilterStore } from './target-filter-store.js';

/** An auto-assignment as POST /rest/v1/autoassignments gives it. */
export interface NewAutoAssignmentRequest {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly query: string;
  readonly distributionSetId: number;
  readonly startAt?: number | null | undefined;
  /** any of hawkBit's action types; timeforced is refused */
  readonly actionType?: string | null | undefined;
  /** default: whether the confirmation flow is on (hawkBit's MgmtAutoAssignmentMapper.fromRequest) */
  readonly confirmationRequired?: boolean | null | undefined;
}

/** The moves an operator asks for; the sweep's startAtReached is not one. */
export type AutoAssignmentMove = Exclude<AutoAssignmentEvent, 'startAtReached'>;

/** Auto-assignments as a resource (hawkBit master's AutoAssignmentManagement). */
export interface AutoAssignmentService {
  /**
   * Creates a ready auto-assignment (waiting for approval while `auto_assignment_approval_enabled` is on);
   * the sweep runs it from its startAt on.
   * @throws DomainError entityNotFound (set), entityAlreadyExists (name), invalidAutoAssignActionType,
   *   distributionSetInvalid, distributionSetIncomplete, rsqlParamSyntax, rsqlInvalidField, quotaExceeded
   */
  create(request: NewAutoAssignmentRequest, actor: string): Promise<AutoAssignment>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad `q` */
  list(query: ListRequest): Promise<Page<AutoAssignment>>;
  /** The auto-assignments giving the set. @throws DomainError entityNotFound (set), rsqlParamSyntax, rsqlInvalidField */
  listOfSet(setId: number, query: ListRequest): Promise<Page<AutoAssignment>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<AutoAssignment>;
  /** Changes name and description; absent or null ones are kept. @throws DomainError entityNotFound, entityAlreadyExists */
  update(id: number, change: { readonly name?: string | null; readonly description?: string | null }, actor: string): Promise<AutoAssignment>;
  /** Actions it created stay. @throws DomainError entityNotFound */
  remove(id: number): Promise<void>;
  /**
   * One move of the state machine (`auto-assignment-lifecycle.ts`); approve and deny record the actor and
   * the remark.
   * @throws DomainError entityNotFound, autoAssignmentIllegalState
   */
  move(id: number, move: AutoAssignmentMove, actor: string, remark?: string): Promise<void>;
}

/** Refuses an action type outside `allowed` (hawkBit's InvalidAutoAssignActionTypeException). */
export function autoAssignActionType(actionType: string, allowed: readonly AutoAssignActionType[]): AutoAssignActionType {
  const found = allowed.find((candidate) => candidate === actionType);
  if (found === undefined) {
    throw new DomainError(
      ErrorCode.invalidAutoAssignActionType,
      `The action type {${actionType}} cannot be used for auto-assignment; use ${allowed.join(', ')}.`,
    );
  }
  return found;
}

/**
 * Inserts an auto-assignment after the checks of hawkBit's JpaAutoAssignmentManagement.validate: the name
 * is free, the set exists, is valid and complete (share-locked, so that an invalidation waits for this
 * insert and then deletes it), and the query matches at most `max_targets_per_auto_assignment` targets
 * accepting the set. The query is checked by the caller.
 * @returns the new id
 * @throws DomainError entityAlreadyExists, entityNotFound, distributionSetInvalid, distributionSetIncomplete, quotaExceeded
 */
export async function insertAutoAssignment(trx: Knex, config: Config, values: NewAutoAssignment, actor: string, now: number): Promise<number> {
  if ((await store.idOfName(trx, values.name)) !== undefined) throw alreadyExists('AutoAssignment', { name: values.name });
  await lockDistributionSet(trx, values.distributionSetId, 'share');
  const set = await distributionSetStore.row(trx, values.distributionSetId);
  if (!set) throw notFound('DistributionSet', values.distributionSetId);
  assertNotDeleted(set);
  if (!set.valid) throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${set.id}} is invalidated and cannot be assigned.`);
  if (!set.complete) {
    throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${set.id}} is incomplete: a mandatory module is missing.`);
  }
  await assertAutoAssignmentQuota(trx, config, { query: values.query, distributionSetId: set.id, distributionSetTypeId: set.typeId });
  // a name taken by a concurrent insert fails the unique index: 409 as well (http/error-handler.ts)
  return store.insert(trx, values, created(actor, now));
}

/**
 * hawkBit counts the targets that match and accept the set, whether or not they have it already.
 * @throws DomainError quotaExceeded
 */
export async function assertAutoAssignmentQuota(trx: Knex, config: Config, scope: Parameters<typeof targetFilterStore.compatibleCount>[1]): Promise<void> {
  const max = config.quota.maxTargetsPerAutoAssignment;
  if (max === 0) return;
  const matches = await targetFilterStore.compatibleCount(trx, scope);
  if (matches > max) {
    throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: an auto-assignment reaches at most ${max} targets, the query matches ${matches}.`, {
      quota: 'maxTargetsPerAutoAssignment',
      limit: max,
    });
  }
}

/** Auto-assignments over `db`; the sweep (`auto-assignment.ts`) runs them. */
export function createAutoAssignmentService(db: Knex, clock: Clock, config: Config): AutoAssignmentService {
  const find = async (trx: Knex, id: number, forUpdate = false) => {
    const found = await store.find(trx, id, forUpdate);
    if (!found) throw notFound('AutoAssignment', id);
    return found;
  };
  const get = (id: number) => find(db, id);

  return {
    async create(request, actor) {
      const actionType = autoAssignActionType(request.actionType ?? 'forced', ['forced', 'soft', 'downloadonly']);
      targetFilterStore.validateQuery(db, request.query);
      const id = await inTransaction(db, (trx) =>
        insertAutoAssignment(
          trx,
          config,
          {
            name: request.name,
            description: request.description ?? null,
            query: request.query,
            distributionSetId: request.distributionSetId,
            actionType,
            confirmationRequired: request.confirmationRequired ?? config.ddi.confirmationFlow,
            startAt: request.startAt ?? null,
            status: initialStatus({ approvalRequired: config.autoAssignmentApprovalEnabled, attachedToFilter: false }),
            approvalDecidedBy: null,
            approvalRemark: null,
          },
          actor,
          clock(),
        ),
      );
      return get(id);
    },
    list: ({ page, q }) => store.page(db, page, q),
    async listOfSet(setId, { page, q }) {
      await assertSetExists(db, setId);
      return store.page(db, page, q, setId);
    },
    get,
    async update(id, change, actor) {
      await inTransaction(db, async (trx) => {
        const current = await find(trx, id, true);
        const name = change.name ?? current.name;
        if (name !== current.name && (await store.idOfName(trx, name)) !== undefined) throw alreadyExists('AutoAssignment', { name });
        await store.update(trx, id, { name, description: change.description ?? current.description }, modified(actor, clock()));
      });
      return get(id);
    },
    async remove(id) {
      if (!(await store.delete(db, id))) throw notFound('AutoAssignment', id);
    },
    async move(id, move, actor, remark) {
      await inTransaction(db, async (trx) => {
        const current = await find(trx, id, true);
        const status = nextStatus(move, current.status);
        const decision = move === 'approved' || move === 'denied' ? { approvalDecidedBy: actor, approvalRemark: remark ?? null } : {};
        await store.update(trx, id, { status, ...decision }, modified(actor, clock()));
      });
    },
  };
}

import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { isRowId } from '../db/row-id.js';
import type { ListRequest, Page } from '../db/page.js';
import { targetIdOf } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { actionReadStore as sql, type Action, type ActionStatusEntry } from './action-read-store.js';
import { actionStore } from './action-store.js';

/** The management side of actions: lists, reads, cancel and forceType escalation. */
export interface ActionService {
  /** All actions. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(query: ListRequest): Promise<Page<Action>>;
  /** The actions of one target. @throws DomainError entityNotFound, rsql* */
  listOfTarget(controllerId: string, query: ListRequest): Promise<Page<Action>>;
  /** @throws DomainError entityNotFound (target, or action not of that target) */
  get(controllerId: string, actionId: number): Promise<Action>;
  /** Any target's action. @throws DomainError entityNotFound */
  getById(actionId: number): Promise<Action>;
  /**
   * Makes an active action `forced` (the next deploymentBase carries it); its status stays.
   * @throws DomainError entityNotFound; actionNotActive (410) for a closed action
   */
  force(controllerId: string, actionId: number, actor: string): Promise<Action>;
  /**
   * Without `force`: `cancelRequested` → canceling, the device is asked. With `force`: `forceCanceled` →
   * canceled at once from any active state (decision 3).
   * @throws DomainError entityNotFound; actionNotCancelable (405) for a closed or (without force) canceling action
   */
  cancel(controllerId: string, actionId: number, force: boolean, actor: string): Promise<void>;
  /** Status entries of an action. @throws DomainError entityNotFound, rsql* */
  statusEntries(controllerId: string, actionId: number, query: ListRequest): Promise<Page<ActionStatusEntry>>;
}

export function createActionService(db: Knex, clock: Clock): ActionService {
  const targetId = async (trx: Knex, controllerId: string, lock = false) => {
    const id = await targetIdOf(trx, controllerId, lock);
    if (id === undefined) throw notFound('Target', controllerId);
    return id;
  };
  // with `lock`, the target's row and then the action's (decision 40)
  const find = async (trx: Knex, controllerId: string, actionId: number, lock = false) => {
    const id = await targetId(trx, controllerId, lock);
    if (!isRowId(actionId)) throw notFound('Action', actionId);
    const action = await sql.find(trx, actionId, clock(), { targetId: id, lock });
    if (!action) throw notFound('Action', actionId);
    return action;
  };

  return {
    list: ({ page, q }) => sql.page(db, page, q, clock()),
    async listOfTarget(controllerId, { page, q }) {
      const id = await targetId(db, controllerId);
      return sql.page(db, page, q, clock(), id);
    },
    get: (controllerId, actionId) => find(db, controllerId, actionId),
    async getById(actionId) {
      const action = await sql.find(db, actionId, clock());
      if (!action) throw notFound('Action', actionId);
      return action;
    },
    async force(controllerId, actionId, actor) {
      await inTransaction(db, async (trx) => {
        const action = await find(trx, controllerId, actionId, true);
        if (!action.active) {
          throw new DomainError(ErrorCode.actionNotActive, `Action {${actionId}} is closed; its type can no longer change.`);
        }
        await sql.force(trx, actionId, modified(actor, clock()));
      });
      return find(db, controllerId, actionId);
    },
    async cancel(controllerId, actionId, force, actor) {
      await inTransaction(db, async (trx) => {
        const action = await find(trx, controllerId, actionId, true);
        const moved = await actionStore.moveActions(trx, [{ action, event: force ? 'forceCanceled' : 'cancelRequested' }], { now: clock(), actor });
        if (moved.length > 0) return;
        if (force) throw new DomainError(ErrorCode.actionNotForceQuitable, `Action {${actionId}} is closed and cannot be force-canceled.`);
        throw new DomainError(
          ErrorCode.actionNotCancelable,
          `Action {${actionId}} is ${action.active ? 'already canceling' : 'closed'} and cannot be canceled.`,
        );
      });
    },
    async statusEntries(controllerId, actionId, { page, q }) {
      await find(db, controllerId, actionId);
      return sql.statusEntries(db, actionId, page, q);
    },
  };
}

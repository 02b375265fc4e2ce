import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { isRowId } from '../db/row-id.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { lockingActions, targetIdOf } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import { ACTION_FIQL_FIELDS, ACTION_STATUS_FIELDS } from './action-fields.js';
import { actionOf, actionQuery, type Action, type ActionRow } from './action-queries.js';
import { applyActionEvent } from './action-store.js';
import type { ActionStatusEntryType } from './action-lifecycle.js';

/** One status entry of an action. */
export interface ActionStatusEntry {
  readonly id: number;
  readonly type: ActionStatusEntryType;
  readonly messages: readonly string[];
  readonly reportedAt: number;
  readonly code: number | null;
}

/** Status entry list order: sortable fields (lower case) → column. */
export const STATUS_ENTRY_SORT_FIELDS = { id: 'id', reportedat: 'reported_at' } as const;

/** The management side of actions: lists, reads, cancel and forceType escalation. */
export interface ActionService {
  /** All actions. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<Action>>;
  /** The actions of one target. @throws DomainError entityNotFound, rsql* */
  listOfTarget(controllerId: string, page: PageRequest, q?: string): Promise<Page<Action>>;
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
  statusEntries(controllerId: string, actionId: number, page: PageRequest, q?: string): Promise<Page<ActionStatusEntry>>;
}

const notFound = (kind: string, id: string | number) => new DomainError(ErrorCode.entityNotFound, `${kind} with given identifier {${id}} does not exist.`);

export function createActionService(db: Knex, clock: Clock): ActionService {
  const targetId = async (trx: Knex, controllerId: string, lock = false) => {
    const id = await targetIdOf(trx, controllerId, lock);
    if (id === undefined) throw notFound('Target', controllerId);
    return id;
  };
  const page = async (builder: Knex.QueryBuilder, request: PageRequest, q: string | undefined) => {
    if (q !== undefined) builder.where(compileFiql(q, ACTION_FIQL_FIELDS));
    const { rows, total } = await fetchPage<ActionRow>(builder, request, 'a.id');
    const now = clock();
    return { rows: rows.map((row) => actionOf(row, now)), total };
  };
  // with `lock`, the target's row and then the action's (decision 40)
  const find = async (trx: Knex, controllerId: string, actionId: number, lock = false) => {
    const id = await targetId(trx, controllerId, lock);
    if (!isRowId(actionId)) throw notFound('Action', actionId);
    const query = actionQuery(trx).where({ 'a.id': actionId, 'a.target_id': id });
    // only the action's row (decision 40 locked its target first): the rollout is outer-joined and possibly absent
    if (lock) lockingActions(trx, query, 'a');
    const row = (await query.first()) as ActionRow | undefined;
    if (!row) throw notFound('Action', actionId);
    return actionOf(row, clock());
  };

  return {
    list: (request, q) => page(actionQuery(db), request, q),
    async listOfTarget(controllerId, request, q) {
      const id = await targetId(db, controllerId);
      return page(actionQuery(db).where('a.target_id', id), request, q);
    },
    get: (controllerId, actionId) => find(db, controllerId, actionId),
    async getById(actionId) {
      const row = (await actionQuery(db).where('a.id', actionId).first()) as ActionRow | undefined;
      if (!row) throw notFound('Action', actionId);
      return actionOf(row, clock());
    },
    async force(controllerId, actionId, actor) {
      await inTransaction(db, async (trx) => {
        const action = await find(trx, controllerId, actionId, true);
        if (!action.active) {
          throw new DomainError(ErrorCode.actionNotActive, `Action {${actionId}} is closed; its type can no longer change.`);
        }
        await trx('actions').where('id', actionId).update({ action_type: 'forced', last_modified_at: clock(), last_modified_by: actor });
      });
      return find(db, controllerId, actionId);
    },
    async cancel(controllerId, actionId, force, actor) {
      await inTransaction(db, async (trx) => {
        const action = await find(trx, controllerId, actionId, true);
        const moved = await applyActionEvent(trx, action, force ? 'forceCanceled' : 'cancelRequested', { now: clock(), actor });
        if (moved !== undefined) return;
        if (force) throw new DomainError(ErrorCode.actionNotForceQuitable, `Action {${actionId}} is closed and cannot be force-canceled.`);
        throw new DomainError(
          ErrorCode.actionNotCancelable,
          `Action {${actionId}} is ${action.active ? 'already canceling' : 'closed'} and cannot be canceled.`,
        );
      });
    },
    async statusEntries(controllerId, actionId, request, q) {
      await find(db, controllerId, actionId);
      const entries = db('action_status').where('action_id', actionId).select('id', 'status', 'messages', 'code', 'reported_at');
      if (q !== undefined) entries.where(compileFiql(q, ACTION_STATUS_FIELDS));
      const { rows, total } = await fetchPage<{
        id: number;
        status: ActionStatusEntryType;
        messages: string;
        code: number | null;
        reported_at: number | string;
      }>(entries, request, 'id');
      return {
        rows: rows.map((row) => ({
          id: row.id,
          type: row.status,
          messages: JSON.parse(row.messages) as string[],
          reportedAt: Number(row.reported_at),
          code: row.code,
        })),
        total,
      };
    },
  };
}

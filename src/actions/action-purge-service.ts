import type { Knex } from 'knex';
import { isRowId } from '../db/row-id.js';
import { targetIdOf } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { actionHistoryStore as sql } from './action-history-store.js';

/** Which actions a purge request names: ids, or a FIQL query over actions, never both. */
export type PurgeSelection = { readonly ids: readonly number[] } | { readonly q: string };

/** Which actions of one target a purge request names: ids, or all but the newest `keepLast`. */
export type TargetPurgeSelection = { readonly ids: readonly number[] } | { readonly keepLast: number };

/**
 * The operator's purge of action history (hawkBit 1.1's `DELETE /rest/v1/actions…`, decision 90). Only closed
 * actions go, with their status entries, and never the finished action behind a target's installedBase
 * link. A request that names actions by id is refused (405 actionNotDeletable) when one of them may not go;
 * one that selects them by a rule (`q`, `keepLast`) refuses active matches the same way but keeps the
 * installedBase action, which a rule cannot name out.
 */
export interface ActionPurgeService {
  /** @throws DomainError entityNotFound; actionNotDeletable (405) */
  deleteAction(actionId: number): Promise<void>;
  /** Unknown ids are ignored, as hawkBit does. @throws DomainError actionNotDeletable; rsqlParamSyntax, rsqlInvalidField */
  deleteActions(selection: PurgeSelection): Promise<void>;
  /**
   * Deletes the target's actions among `ids` (others are ignored), or every closed one but its newest
   * `keepLast` actions of any status (active and installedBase ones are skipped, as in hawkBit master).
   * @throws DomainError entityNotFound (target); actionNotDeletable (405, by ids)
   */
  deleteTargetActions(controllerId: string, selection: TargetPurgeSelection): Promise<void>;
}

const refused = (ids: readonly number[]) =>
  new DomainError(
    ErrorCode.actionNotDeletable,
    `${ids.length === 1 ? `Action {${ids[0] as number}} cannot` : `Actions {${ids.join(',')}} cannot`} be deleted: only closed actions can, ` +
      "and never the one that installed the target's current distribution set.",
    { entityId: ids.length === 1 ? ids[0] : ids },
  );

export function createActionPurgeService(db: Knex): ActionPurgeService {
  /** Deletes exactly `ids` (existing actions), all or nothing. */
  const deleteNamed = async (trx: Knex, ids: readonly number[]) => {
    const allowed = new Set(await sql.deletableAmong(trx, ids));
    const refusedIds = ids.filter((id) => !allowed.has(id));
    if (refusedIds.length > 0) throw refused(refusedIds);
    await sql.delete(trx, ids);
  };
  const existing = (trx: Knex, ids: readonly number[], targetId?: number) => sql.existing(trx, ids.filter(isRowId), targetId);

  return {
    deleteAction: (actionId) =>
      inTransaction(db, async (trx) => {
        if ((await existing(trx, [actionId])).length === 0) {
          throw notFound('Action', actionId);
        }
        await deleteNamed(trx, [actionId]);
      }),
    deleteActions: (selection) =>
      inTransaction(db, async (trx) => {
        if ('ids' in selection) return deleteNamed(trx, await existing(trx, selection.ids));
        const active = await sql.activeMatching(trx, selection.q);
        if (active.length > 0) throw refused(active);
        await sql.delete(trx, await sql.deletableMatching(trx, selection.q));
      }),
    deleteTargetActions: (controllerId, selection) =>
      inTransaction(db, async (trx) => {
        const targetId = await targetIdOf(trx, controllerId, false);
        if (targetId === undefined) throw notFound('Target', controllerId);
        if ('ids' in selection) return deleteNamed(trx, await existing(trx, selection.ids, targetId));
        await sql.delete(trx, await sql.deletableBeyondNewest(trx, targetId, selection.keepLast));
      }),
  };
}

import type { Knex } from 'knex';
import { chunks } from '../db/chunks.js';
import { isRowId } from '../db/row-id.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import { deletable, deleteActions } from './action-deletion.js';
import { ACTION_FIQL_FIELDS } from './action-fields.js';

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
    const allowed = new Set<number>();
    for (const chunk of chunks(ids)) {
      for (const id of await trx('actions as a').whereIn('a.id', chunk).where(deletable(trx)).pluck<number[]>('a.id')) allowed.add(id);
    }
    const refusedIds = ids.filter((id) => !allowed.has(id));
    if (refusedIds.length > 0) throw refused(refusedIds);
    await deleteActions(trx, ids);
  };
  /** Deletes what `selected` (a query over `actions as a`) matches, refusing active matches. */
  const deleteSelected = async (trx: Knex, selected: Knex.QueryBuilder) => {
    const active = await selected.clone().where('a.active', true).orderBy('a.id').pluck<number[]>('a.id');
    if (active.length > 0) throw refused(active);
    await deleteActions(trx, await selected.where(deletable(trx)).pluck<number[]>('a.id'));
  };
  const existing = async (trx: Knex, ids: readonly number[], targetId?: number) => {
    const found: number[] = [];
    for (const chunk of chunks(ids.filter(isRowId))) {
      const query = trx('actions').whereIn('id', chunk);
      if (targetId !== undefined) query.where('target_id', targetId);
      found.push(...(await query.pluck<number[]>('id')));
    }
    return found;
  };

  return {
    deleteAction: (actionId) =>
      db.transaction(async (trx) => {
        if ((await existing(trx, [actionId])).length === 0) {
          throw new DomainError(ErrorCode.entityNotFound, `Action with given identifier {${actionId}} does not exist.`);
        }
        await deleteNamed(trx, [actionId]);
      }),
    deleteActions: (selection) =>
      db.transaction(async (trx) => {
        if ('ids' in selection) return deleteNamed(trx, await existing(trx, selection.ids));
        return deleteSelected(trx, trx('actions as a').where(compileFiql(selection.q, ACTION_FIQL_FIELDS)));
      }),
    deleteTargetActions: (controllerId, selection) =>
      db.transaction(async (trx) => {
        const target = await trx('targets').where('controller_id', controllerId).first<{ id: number } | undefined>('id');
        if (!target) throw new DomainError(ErrorCode.entityNotFound, `Target with given identifier {${controllerId}} does not exist.`);
        if ('ids' in selection) return deleteNamed(trx, await existing(trx, selection.ids, target.id));
        const older = trx('actions as a')
          .where('a.target_id', target.id)
          .where(deletable(trx))
          .whereNotIn('a.id', trx('actions').where('target_id', target.id).orderBy('id', 'desc').limit(selection.keepLast).select('id'));
        await deleteActions(trx, await older.pluck<number[]>('a.id'));
      }),
  };
}

import type { Knex } from 'knex';
import type { ActionStatus, PlainActionEvent } from '../actions/action-lifecycle.js';
import { applyActionEvent } from '../actions/action-store.js';
import type { Clock } from '../clock.js';
import { dialectOf } from '../db/database.js';
import { distributionSetRow, setNotFound } from '../distribution-sets/distribution-set-queries.js';
import { DomainError, ErrorCode } from '../errors.js';
import { NO_AUTO_ASSIGNMENT } from './target-filter-queries.js';

/** What happens to the set's active actions (hawkBit's `actionCancelationType`). */
export type ActionCancelationType = 'none' | 'soft' | 'force';

export interface InvalidationRequest {
  readonly actionCancelationType: ActionCancelationType;
  /** stop the set's rollouts even when its actions are left alone (hawkBit 0.9's `cancelRollouts`) */
  readonly cancelRollouts: boolean;
}

/**
 * Stops the rollouts of a set being invalidated, on the invalidation's transaction. The rollouts module
 * provides it; `services.ts` wires it in.
 */
export type RolloutStopper = (
  trx: Knex,
  distributionSetId: number,
  context: { readonly actionCancelationType: ActionCancelationType; readonly now: number; readonly actor: string },
) => Promise<void>;

export interface SetInvalidationService {
  /**
   * Invalidates a set (spec "Distribution-set invalidation", hawkBit's DistributionSetInvalidationManagement),
   * in one transaction: the set becomes `valid: false` and can no longer be assigned or attached; every
   * filter auto-assigning it is detached; its rollouts are stopped unless the cancelation type is none and
   * `cancelRollouts` is false; its active actions are cancelled as the type says — soft asks the devices
   * (`cancelRequested`, canceling actions stay as they are), force closes them at once (`forceCanceled`),
   * none leaves them running.
   * @throws DomainError entityNotFound; distributionSetInvalid (already invalidated), distributionSetIncomplete (400)
   */
  invalidate(distributionSetId: number, request: InvalidationRequest, actor: string): Promise<void>;
}

/** Invalidation over `db`; `stopRollouts` is the rollouts module's part of it (see {@link RolloutStopper}). */
export function createSetInvalidationService(db: Knex, clock: Clock, stopRollouts: RolloutStopper): SetInvalidationService {
  return {
    invalidate(setId, { actionCancelationType, cancelRollouts }, actor) {
      return db.transaction(async (trx) => {
        const postgres = dialectOf(trx) === 'postgres';
        // auto-assignments and attachments of the set hold it FOR SHARE: they finish first, or see it invalid
        if (postgres) await trx('distribution_sets').where('id', setId).forUpdate().select('id');
        const set = await distributionSetRow(trx, setId);
        if (!set) throw setNotFound(setId);
        if (!set.valid) throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${setId}} is already invalidated.`);
        if (!set.complete) {
          throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${setId}} is incomplete: a mandatory module is missing.`);
        }
        const now = clock();
        const audit = { last_modified_at: now, last_modified_by: actor };
        await trx('distribution_sets').where('id', setId).update({ valid: false, ...audit });
        await trx('target_filters').where('auto_assign_distribution_set_id', setId).update({ ...NO_AUTO_ASSIGNMENT, ...audit });
        if (actionCancelationType !== 'none' || cancelRollouts) await stopRollouts(trx, setId, { actionCancelationType, now, actor });
        if (actionCancelationType === 'none') return;

        const query = trx('actions').where({ distribution_set_id: setId, active: true }).orderBy('id');
        // the rows are locked, and read again as they are once the lock is granted
        if (postgres) query.forUpdate();
        const actions = await query.select<{ id: number; target_id: number; status: ActionStatus }[]>('id', 'target_id', 'status');
        for (const action of actions) {
          const event: PlainActionEvent = actionCancelationType === 'force' ? 'forceCanceled' : 'cancelRequested';
          if (event === 'cancelRequested' && action.status === 'canceling') continue;
          const ref = { id: action.id, targetId: action.target_id, distributionSetId: setId, status: action.status };
          await applyActionEvent(trx, ref, event, { now, actor });
        }
      });
    },
  };
}

import type { Knex } from 'knex';
import { cancelActiveActions } from '../actions/action-store.js';
import type { Clock } from '../clock.js';
import { dialectOf } from '../db/database.js';
import { lockTargetsOf } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { setNotFound } from '../distribution-sets/distribution-set.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { DomainError, ErrorCode } from '../errors.js';
import { recordEvents } from '../events/outbox.js';
import { NO_AUTO_ASSIGNMENT } from './target-filter-queries.js';

/** What happens to the set's active actions (hawkBit's `actionCancelationType`). */
export type ActionCancelationType = 'none' | 'soft' | 'force';

export interface InvalidationRequest {
  readonly actionCancelationType: ActionCancelationType;
  /** stop the set's rollouts even when its actions are left alone (hawkBit 0.9's `cancelRollouts`) */
  readonly cancelRollouts: boolean;
}

/**
 * Stops the rollouts of a set being invalidated, on the invalidation's transaction, which has locked those
 * rollouts and the targets of the set's active actions (decision 40). The rollouts module provides it;
 * `services.ts` wires it in.
 */
export type RolloutStopper = (
  trx: Knex,
  distributionSetId: number,
  context: { readonly actionCancelationType: ActionCancelationType; readonly now: number; readonly actor: string },
) => Promise<void>;

export interface SetInvalidationService {
  /**
   * Invalidates a set (README "Invalidation", hawkBit's DistributionSetInvalidationManagement),
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
      return inTransaction(db, async (trx) => {
        const postgres = dialectOf(trx) === 'postgres';
        // Assignments, auto-assignments and attachments of the set hold it FOR SHARE: they finish first, or see
        // it invalid. Not FOR UPDATE: a rollout step inserting actions of the set key-shares it, and must not
        // wait here while this waits for its rollout (decision 40).
        if (postgres) await trx('distribution_sets').where('id', setId).forNoKeyUpdate().select('id');
        const set = await distributionSetStore.row(trx, setId);
        if (!set) throw setNotFound(setId);
        if (!set.valid) throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${setId}} is already invalidated.`);
        if (!set.complete) {
          throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${setId}} is incomplete: a mandatory module is missing.`);
        }
        const now = clock();
        const audit = { last_modified_at: now, last_modified_by: actor };
        await trx('distribution_sets')
          .where('id', setId)
          .update({ valid: false, ...audit });
        const data = { distributionSetId: setId, name: set.name, version: set.version, actionCancelationType, cancelRollouts };
        await recordEvents(trx, [{ type: 'distributionSet.invalidated', data }], now);
        await trx('target_filters')
          .where('auto_assign_distribution_set_id', setId)
          .update({ ...NO_AUTO_ASSIGNMENT, ...audit });
        const stopping = actionCancelationType !== 'none' || cancelRollouts;
        if (!stopping) return;
        // Decision 40: the set's rollouts (as lockRollout locks them), then the targets of the set's active
        // actions, then those actions, all before stopRollouts cancels some of them. No new action of the set
        // appears meanwhile: assignments wait for the set's lock, rollout steps for their rollout's.
        if (postgres) await trx('rollouts').where('distribution_set_id', setId).orderBy('id').forUpdate().select('id');
        const active = () => trx('actions').where({ distribution_set_id: setId, active: true });
        if (actionCancelationType !== 'none') await lockTargetsOf(trx, active().select('target_id'));
        await stopRollouts(trx, setId, { actionCancelationType, now, actor });
        if (actionCancelationType !== 'none') await cancelActiveActions(trx, active, actionCancelationType, { now, actor });
      });
    },
  };
}

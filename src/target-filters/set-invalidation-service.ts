import type { Knex } from 'knex';
import { actionStore } from '../actions/action-store.js';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { lockDistributionSet, lockRolloutsOfSet } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { distributionSetStore } from '../distribution-sets/distribution-set-store.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { recordEvents } from '../events/outbox.js';
import { autoAssignmentStore } from './auto-assignment-store.js';

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
   * auto-assignment of it is deleted (a filter auto-assigning it is detached); its rollouts are stopped unless the cancelation type is none and
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
        // Assignments, auto-assignments and attachments of the set share-lock it: they finish first, or see it
        // invalid (decision 40).
        await lockDistributionSet(trx, setId, 'update');
        const set = await distributionSetStore.row(trx, setId);
        if (!set) throw notFound('DistributionSet', setId);
        if (!set.valid) throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${setId}} is already invalidated.`);
        if (!set.complete) {
          throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${setId}} is incomplete: a mandatory module is missing.`);
        }
        const now = clock();
        const audit = modified(actor, now);
        await distributionSetStore.invalidate(trx, setId, audit);
        const data = { distributionSetId: setId, name: set.name, version: set.version, actionCancelationType, cancelRollouts };
        await recordEvents(trx, [{ type: 'distributionSet.invalidated', data }], now);
        await autoAssignmentStore.deleteOfSet(trx, setId);
        const stopping = actionCancelationType !== 'none' || cancelRollouts;
        if (!stopping) return;
        // Decision 40: the set's rollouts (as lockRollout locks them), then the targets of the set's active
        // actions, then those actions, all before stopRollouts cancels some of them. No new action of the set
        // appears meanwhile: assignments wait for the set's lock, rollout steps for their rollout's.
        await lockRolloutsOfSet(trx, setId);
        const scope = { distributionSetId: setId };
        if (actionCancelationType !== 'none') await actionStore.lockTargetsOfActiveActions(trx, scope);
        await stopRollouts(trx, setId, { actionCancelationType, now, actor });
        if (actionCancelationType !== 'none') await actionStore.cancelActiveActions(trx, scope, actionCancelationType, { now, actor });
      });
    },
  };
}

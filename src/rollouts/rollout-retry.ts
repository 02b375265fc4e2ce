/**
 * hawkBit's rollout retry (`MgmtRolloutResource.retryRollout`, decision 103): a new rollout `<name>_retry`
 * over the targets whose action in a finished rollout ended in `error`.
 */
import { inTransaction } from '../db/transaction.js';
import { invalid, rolloutSettings } from './group-plan.js';
import { changeBy, lockedRollout, type RolloutContext } from './rollout-context.js';
import { rolloutSet, storeRollout } from './rollout-creation.js';
import { nextRolloutStatus } from './rollout-lifecycle.js';
import { rolloutStore } from './rollout-store.js';

/** What a retry rollout's filter reads, as hawkBit writes it; it is shown, never compiled (decision 103). */
export const failedRolloutFilter = (id: number) => `failedrollout==${id}`;

/**
 * Creates the retry of a finished rollout: one group `group-1` of its failed targets (those whose type still
 * accepts the set), fixed now; the original's set, type, forcetime and description, the default conditions,
 * no confirmation asked, no start time. It waits for approval like any new rollout.
 * @returns the new rollout's id
 * @throws DomainError entityNotFound; constraintViolation (not finished, no failed target, the name too long);
 *   distributionSetInvalid/distributionSetIncomplete; entityAlreadyExists (`<name>_retry`); quotaExceeded
 */
export async function retryRollout(ctx: RolloutContext, id: number, actor: string): Promise<number> {
  const { db } = ctx;
  return inTransaction(db, async (trx) => {
    const old = await lockedRollout(trx, id);
    if (nextRolloutStatus(old.status, 'retried') === undefined) throw invalid(`Rollout {${id}} is ${old.status}: only a finished rollout can be retried.`);
    const name = `${old.name}_retry`;
    if (name.length > 128) throw invalid(`The retry's name ${name} is longer than 128 characters.`);
    const set = await rolloutSet(trx, old.distributionSetId);
    const targets = await rolloutStore.failedTargetIds(trx, id, set.typeId);
    if (targets.length === 0) throw invalid(`Rollout {${id}} has no failed targets to retry.`);
    const settings = { ...rolloutSettings({}), confirmationRequired: false };
    const row = {
      name,
      description: old.description,
      distributionSetId: set.id,
      targetFilterQuery: failedRolloutFilter(id),
      actionType: old.actionType,
      forceTime: old.forceTime,
      startAt: null,
      ...settings,
      dynamic: false,
      dynamicNameSuffix: null,
      dynamicTargetCount: null,
    };
    const group = {
      values: {
        name: 'group-1',
        description: 'group-1',
        dynamic: false,
        capacity: targets.length,
        targetFilterQuery: null,
        targetPercentage: 100,
        ...settings,
      },
      targets,
    };
    return storeRollout(trx, ctx, row, [group], changeBy(ctx, actor));
  });
}

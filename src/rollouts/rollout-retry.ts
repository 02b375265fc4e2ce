/**
 * hawkBit's rollout retry (`MgmtRolloutResource.retryRollout`, decision 103): a new rollout `<name>_retry`
 * over the targets whose action in a finished rollout ended in `error`.
 */
import { compatibleWith } from '../actions/target-deployment.js';
import { inTransaction } from '../db/transaction.js';
import { invalid, rolloutSettings, settingsColumns } from './group-plan.js';
import { lockRollout, type RolloutContext } from './rollout-context.js';
import { rolloutSet, storeRollout } from './rollout-creation.js';
import { nextRolloutStatus } from './rollout-lifecycle.js';

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
  const { db, clock } = ctx;
  return inTransaction(db, async (trx) => {
    const old = await lockRollout(trx, id);
    if (nextRolloutStatus(old.status, 'retried') === undefined) throw invalid(`Rollout {${id}} is ${old.status}: only a finished rollout can be retried.`);
    const name = `${old.name}_retry`;
    if (name.length > 128) throw invalid(`The retry's name ${name} is longer than 128 characters.`);
    const set = await rolloutSet(trx, old.distribution_set_id);
    const targets = (
      (await trx('targets')
        .whereExists((sub) => void sub.select(1).from('actions as a').where('a.rollout_id', id).where('a.status', 'error').whereRaw('a.target_id = targets.id'))
        .where(compatibleWith(set.typeId))
        .orderBy('targets.id')
        .pluck('targets.id')) as unknown[]
    ).map(Number);
    if (targets.length === 0) throw invalid(`Rollout {${id}} has no failed targets to retry.`);
    const settings = { ...rolloutSettings({}), confirmationRequired: false };
    const row = {
      name,
      description: old.description,
      distribution_set_id: set.id,
      target_filter_query: failedRolloutFilter(id),
      action_type: old.action_type,
      force_time: old.force_time,
      start_at: null,
      ...settingsColumns(settings),
      dynamic: false,
      dynamic_name_suffix: null,
      dynamic_target_count: null,
    };
    const group = {
      columns: { name: 'group-1', description: 'group-1', dynamic: false, capacity: targets.length, target_percentage: 100, ...settingsColumns(settings) },
      targets,
    };
    return storeRollout(trx, ctx, row, [group], { now: clock(), actor });
  });
}

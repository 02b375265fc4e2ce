import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { actionStore } from '../actions/action-store.js';
import { DomainError, ErrorCode } from '../errors.js';
import { lockedRollout } from './rollout-context.js';
import { rolloutGroupStore } from './rollout-group-store.js';
import { moveGroups, moveRollout, nextRolloutStatus, type Change, type RolloutStatus } from './rollout-lifecycle.js';
import { rolloutStore, type RolloutRow } from './rollout-store.js';

/**
 * What happens to the rollout's active actions: `soft` asks the devices to cancel (canceling, offered as
 * cancelAction), `force` closes them at once, `none` leaves them to finish.
 */
export type Cancelation = 'soft' | 'force' | 'none';

export const illegalState = (rollout: { id: number; status: string }, operation: string) =>
  new DomainError(ErrorCode.rolloutIllegalState, `Rollout {${rollout.id}} is ${rollout.status}: it cannot be ${operation}.`);

/**
 * Cancels the rollout's active actions as `cancelation` says; canceling ones are left to their devices unless
 * forced. The caller has locked the rollout; its actions' targets and then the actions are locked here (decision 40).
 */
export async function cancelRolloutActions(trx: Knex, rolloutId: number, cancelation: Cancelation, { now, actor }: Change): Promise<void> {
  if (cancelation === 'none') return;
  await actionStore.cancelActiveActions(trx, { rolloutId }, cancelation, { now, actor });
}

/**
 * Stops a rollout on `trx` (README "Rollout lifecycle", stop rows; decision 4): its active actions are cancelled as
 * `cancelation` says, its unfinished groups become `stopped` (finished ones keep their outcome), and the
 * rollout becomes `stopping` while actions are still in flight, else `stopped`.
 * @returns the new status, or undefined when the rollout is stopping, stopped or finished already
 */
export async function stopLockedRollout(trx: Knex, rollout: RolloutRow, cancelation: Cancelation, change: Change): Promise<RolloutStatus | undefined> {
  if (nextRolloutStatus(rollout.status, 'stopRequested') === undefined) return undefined;
  await cancelRolloutActions(trx, rollout.id, cancelation, change);
  await moveGroups(trx, await rolloutGroupStore.ofRollout(trx, rollout.id), 'stopped', change);
  const inFlight = await rolloutStore.hasActiveActions(trx, rollout.id);
  return (await moveRollout(trx, rollout, 'stopRequested', change, { inFlight })) as RolloutStatus;
}

/**
 * Stops every rollout of a distribution set being invalidated, on the invalidation's transaction (README
 * "Invalidation"; the target-filters module's `RolloutStopper`). Rollouts already
 * stopping, stopped or finished are left as they are. `actionCancelationType` as in {@link Cancelation}
 * (default soft).
 */
export async function stopRolloutsOfSet(
  trx: Knex,
  distributionSetId: number,
  context: { readonly actionCancelationType?: Cancelation; readonly now: number; readonly actor: string; readonly logger: Logger },
): Promise<void> {
  for (const id of await rolloutStore.idsOfSet(trx, distributionSetId)) {
    const rollout = await lockedRollout(trx, id);
    await stopLockedRollout(trx, rollout, context.actionCancelationType ?? 'soft', context);
  }
}

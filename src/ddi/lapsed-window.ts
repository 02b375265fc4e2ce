import { nextActionStatus } from '../actions/action-lifecycle.js';
import { actionStore } from '../actions/action-store.js';
import { nextWindowStart } from '../actions/maintenance-window.js';
import type { Queryable } from '../db/prepared-statements.js';
import { lockTarget } from '../db/row-locks.js';
import { inStatementTransaction } from '../db/transaction.js';
import { deviceActionStore } from './device-action-store.js';
import type { PolledAction } from './device-store.js';

/** Recorded after hawkBit's own "manual cancelation requested", so that an operator sees why. */
export const LAPSED_MESSAGE = 'Update Server: maintenance schedule lapsed, no maintenance window left';

/**
 * hawkBit's `checkAndCancelExpiredAction` on a poll: an active action whose maintenance schedule has
 * lapsed — no window open now and none ahead — can never install, so the server asks the device to cancel
 * it (`cancelRequested` → canceling, through the action store); the poll then offers cancelAction. An
 * action that cannot be cancelled so (already canceling) stays as it is, as in hawkBit.
 *
 * @param now epoch ms
 * @returns the action as the poll answers it
 */
export async function cancelIfLapsed(db: Queryable, targetId: number, action: PolledAction, now: number): Promise<PolledAction> {
  const window = action.maintenanceWindow;
  if (window === null || nextActionStatus(action.status, 'cancelRequested') === undefined) return action;
  if (nextWindowStart(window, now) !== undefined) return action;
  const status = await inStatementTransaction(db, async (trx) => {
    // The status as of now, under the target's and the action's row locks (decision 40): two polls at once cancel once.
    await lockTarget(trx, targetId);
    const current = await deviceActionStore.lockedActiveStatus(trx, action.id);
    if (current === undefined) return undefined;
    const ref = { id: action.id, targetId, distributionSetId: action.distributionSetId, status: current };
    return (await actionStore.moveActions(trx, [{ action: ref, event: 'cancelRequested' }], { now, messages: [LAPSED_MESSAGE] }))[0]?.to;
  });
  return status === undefined ? action : { ...action, status };
}

/**
 * What an action event (and a device's first contact) does to its target's `updateStatus` (README "Action lifecycle"; hawkBit's JpaDeploymentManagement and DeploymentHelper), as a table
 * beside the action's own. Applied in the same transaction as the action's move.
 */
import type { UpdateStatus } from '../targets/target-model.js';
import type { ActionEvent } from './action-lifecycle.js';

/**
 * `back` is where a target returns when its action closes without installing anything: `in_sync` when the
 * target has an installed set, else `registered`. hawkBit goes to `in_sync` either way (DeploymentHelper
 * .successCancellation); we use `registered` when nothing was ever installed, because `in_sync` with no
 * installed set would be false.
 *
 * `superseded` closes the old action inside an assignment, whose `assigned` then makes the target `pending`;
 * on its own it reads as a cancel. `installSucceeded` is `in_sync` because, one active action per target
 * (decision 21), the set just installed is the assigned one; `assignedOffline` makes the set both. Events
 * missing here leave the status unchanged.
 */
export const TARGET_STATUS_EFFECTS = {
  assigned: 'pending',
  assignedOffline: 'in_sync',
  installSucceeded: 'in_sync',
  downloadCompleted: 'in_sync',
  installFailed: 'error',
  cancelAcknowledged: 'back',
  forceCanceled: 'back',
  superseded: 'back',
} as const satisfies Partial<Readonly<Record<ActionEvent, UpdateStatus | 'back'>>>;

/**
 * What a device's first contact does to its target, the one move of `updateStatus` that no action makes: a
 * target created by an operator waits in `from` until it polls, and one that registers itself starts in `to`.
 */
export const FIRST_CONTACT = { from: 'unknown', to: 'registered' } as const satisfies Readonly<Record<'from' | 'to', UpdateStatus>>;

/** The target fields the effect depends on. */
export interface TargetStatusInput {
  readonly updateStatus: UpdateStatus;
  readonly hasInstalledSet: boolean;
}

/** The target's `updateStatus` after `event` moved its action. */
export function targetStatusAfter(event: ActionEvent, target: TargetStatusInput): UpdateStatus {
  const effects: Partial<Record<ActionEvent, UpdateStatus | 'back'>> = TARGET_STATUS_EFFECTS;
  const effect = effects[event];
  if (effect === undefined) return target.updateStatus;
  if (effect !== 'back') return effect;
  return target.hasInstalledSet ? 'in_sync' : 'registered';
}

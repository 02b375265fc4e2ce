/**
 * What an action event (and a device's first contact) does to its target (README "Action lifecycle"; hawkBit's
 * JpaDeploymentManagement and DeploymentHelper): its `updateStatus`, assigned and installed sets, as a table
 * beside the action's own. The action store's writer applies it in the same transaction as the action's move.
 */
import type { UpdateStatus } from '../targets/target-model.js';
import type { ActionEvent } from './action-lifecycle.js';

/**
 * What a move does to one column of its target: `actionSet` writes the moved action's set, `installed` the
 * target's installed set, `none` clears it.
 */
export type SetEffect = 'actionSet' | 'installed' | 'none';

/** What a move does to its target; a column not named keeps its value. */
export interface TargetEffect {
  /** the new `updateStatus`; `back` as below */
  readonly updateStatus: UpdateStatus | 'back';
  readonly assignedSet?: SetEffect;
  /** the installed set, with `installedAt` = the move's time */
  readonly installedSet?: Extract<SetEffect, 'actionSet'>;
  /** the device is asked for its attributes again (hawkBit: they usually change with an update) */
  readonly requestAttributes?: true;
  /** with another action of the target still active, the move leaves the target as it is (that action keeps it) */
  readonly unlessOtherActive?: true;
}

/**
 * `back` is where a target returns when its action closes without installing anything: `in_sync` when the
 * target has an installed set, else `registered`. hawkBit goes to `in_sync` either way (DeploymentHelper
 * .successCancellation); we use `registered` when nothing was ever installed, because `in_sync` with no
 * installed set would be false. The closing cancels also take the assigned set back to the installed one,
 * unless another action of the target is still active (hawkBit's successCancellation).
 *
 * `superseded` closes the old action inside an assignment, whose `assigned` then makes the target `pending`;
 * on its own it reads as a cancel. `installSucceeded` is `in_sync` because, one active action per target
 * (decision 21), the set just installed is the assigned one; `assignedOffline` makes the set both. A failed
 * install clears the assigned set (hawkBit). Events missing here leave the target unchanged.
 */
export const TARGET_EFFECTS = {
  assigned: { updateStatus: 'pending', assignedSet: 'actionSet' },
  assignedOffline: { updateStatus: 'in_sync', assignedSet: 'actionSet', installedSet: 'actionSet' },
  installSucceeded: { updateStatus: 'in_sync', installedSet: 'actionSet', requestAttributes: true },
  downloadCompleted: { updateStatus: 'in_sync', requestAttributes: true },
  installFailed: { updateStatus: 'error', assignedSet: 'none' },
  cancelAcknowledged: { updateStatus: 'back', assignedSet: 'installed', unlessOtherActive: true },
  forceCanceled: { updateStatus: 'back', assignedSet: 'installed', unlessOtherActive: true },
  superseded: { updateStatus: 'back', assignedSet: 'installed', unlessOtherActive: true },
} as const satisfies Partial<Readonly<Record<ActionEvent, TargetEffect>>>;

/** {@link TARGET_EFFECTS} as a lookup by any event. */
export const targetEffectOf = (event: ActionEvent): TargetEffect | undefined => (TARGET_EFFECTS as Partial<Record<ActionEvent, TargetEffect>>)[event];

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
  const effect = targetEffectOf(event)?.updateStatus;
  if (effect === undefined) return target.updateStatus;
  if (effect !== 'back') return effect;
  return target.hasInstalledSet ? 'in_sync' : 'registered';
}

/**
 * Deploying a set to targets, shared by manual assignments and rollout groups: the target's active action
 * closed as canceled, a new one created, under the target rows' locks. Which targets can take the set is read
 * through `deployment-store.ts` (the actions-per-target quota) and the target store (type compatibility).
 */
import type { Knex } from 'knex';
import { actionStore, type ActionCreationOptions, type ActionRef, type NewAction } from './action-store.js';

/** What every action of one deployment shares. */
export type Deployment = Omit<NewAction, 'targetId'>;

/** What deciding a target's first status needs from its row, and what a manual assignment gives it alone. */
export interface DeploymentTarget {
  readonly id: number;
  readonly autoConfirmActive: boolean;
  /** this target's action fields instead of the deployment's (each target of a manual assignment has its own) */
  readonly own?: Required<Pick<Deployment, 'actionType' | 'forceTime' | 'maintenanceWindow'>>;
  /** with the confirmation flow on, whether the device confirms first (default true) */
  readonly confirmationRequired?: boolean;
}

export interface DeploymentOptions extends ActionCreationOptions {
  /** config `ddi.confirmation_flow`: actions wait for confirmation unless the target auto-confirms */
  readonly confirmationFlow: boolean;
}

/**
 * Deploys to targets whose rows the caller has locked (`lockTargets`, decision 40), on its transaction (README "Action
 * lifecycle", decision 21): each target's active action is closed as canceled (`superseded`), then its new action
 * starts through `assigned` — waiting for confirmation when the flow is on, the target does not auto-confirm
 * and the assignment does not waive it — and the target becomes `pending` with the set assigned. At most one
 * action per target is ever active. With `options.event` `assignedOffline` the new actions are born finished
 * instead (the caller skips targets with an active action, so nothing is superseded).
 * @returns the new actions, in the order of `targets`
 */
export async function deployToTargets(
  trx: Knex,
  targets: readonly DeploymentTarget[],
  deployment: Deployment,
  options: DeploymentOptions,
): Promise<ActionRef[]> {
  if (targets.length === 0) return [];
  const ids = targets.map((target) => target.id);
  const active = await actionStore.lockedActiveActions(trx, { targetIds: ids });
  await actionStore.moveActions(
    trx,
    active.map((action) => ({ action, event: 'superseded' as const })),
    { now: options.now, actor: options.actor },
  );
  return actionStore.createActions(
    trx,
    targets.map((target) => ({
      ...deployment,
      ...target.own,
      targetId: target.id,
      guard: { confirmationRequired: options.confirmationFlow && (target.confirmationRequired ?? true) && !target.autoConfirmActive },
    })),
    options,
  );
}

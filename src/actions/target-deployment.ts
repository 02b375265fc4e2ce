/**
 * Deploying a set to targets, shared by manual assignments and rollout groups: which targets can take the
 * set (target type compatibility, the actions-per-target quota), and the move itself — the target's
 * active action closed as canceled, a new one created — under the target rows' locks.
 */
import type { Knex } from 'knex';
import { applyActionEvents, createActions, lockedActionRefs, type ActionCreationOptions, type ActionRef, type NewAction } from './action-store.js';

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
 * A condition on `targets` (unaliased): the target has no type, or its type accepts distribution sets of
 * type `distributionSetTypeId` (hawkBit's target-type compatibility).
 */
export function compatibleWith(distributionSetTypeId: number): (builder: Knex.QueryBuilder) => void {
  return (builder) => {
    builder.whereNull('targets.target_type_id').orWhereExists((sub: Knex.QueryBuilder) => {
      sub
        .select(1)
        .from('target_type_distribution_set_types as compat')
        .whereRaw('?? = ??', ['compat.target_type_id', 'targets.target_type_id'])
        .where('compat.distribution_set_type_id', distributionSetTypeId);
    });
  };
}

/** The targets among `targetIds` that already hold `max` actions (config `max_actions_per_target`; 0: none). */
export async function targetsAtActionQuota(trx: Knex, targetIds: readonly number[], max: number): Promise<Set<number>> {
  if (max === 0 || targetIds.length === 0) return new Set();
  const rows = await trx('actions')
    .whereIn('target_id', targetIds)
    .groupBy('target_id')
    .havingRaw('count(*) >= ?', [max])
    .select<{ target_id: number }[]>('target_id');
  return new Set(rows.map((row) => row.target_id));
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
  const active = await lockedActionRefs(trx, trx('actions').whereIn('target_id', ids).where('active', true));
  await applyActionEvents(
    trx,
    active.map((action) => ({ action, event: 'superseded' as const })),
    { now: options.now, actor: options.actor },
  );
  return createActions(
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

import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import { assertNotDeleted } from '../distribution-sets/distribution-set.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import { invalid, planGroups, quotaExceeded, rolloutSettings, shareOfRest, takenOf, type GroupPlan } from './group-plan.js';
import { changeBy, type RolloutContext } from './rollout-context.js';
import { splitEvenly } from './rollout-decisions.js';
import { rolloutGroupStore, type GroupValues } from './rollout-group-store.js';
import { insertGroups, insertRollout, type Change } from './rollout-lifecycle.js';
import { rolloutStore, type NewRolloutRow, type TargetCondition } from './rollout-store.js';
import type { GroupSettings, NewRollout } from './rollout.js';

/**
 * A group about to be stored: its values and its targets, given by id or as the next `values.capacity`
 * targets, in id order, that a condition selects: the groups so given take consecutive runs of them, in
 * order (decision 252).
 */
export interface NewGroup {
  readonly values: GroupValues;
  readonly targets: readonly number[] | TargetCondition;
}

/**
 * The set a rollout may deploy: not soft-deleted, valid and complete.
 * @throws DomainError entityNotFound, deleted, distributionSetInvalid, distributionSetIncomplete
 */
export async function rolloutSet(db: Knex, id: number): Promise<{ id: number; typeId: number }> {
  const set = await findDistributionSet(db, id);
  if (!set) throw notFound('DistributionSet', id);
  assertNotDeleted(set);
  if (!set.valid) throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${set.id}} is invalidated and cannot be rolled out.`);
  if (!set.complete) throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${set.id}} is incomplete: a mandatory module is missing.`);
  return set;
}

/**
 * Stores a rollout through `created` with its groups (in order) and their targets, on `trx`. A group of more
 * targets than `max_targets_per_rollout_group` is refused.
 * @returns the new rollout's id
 * @throws DomainError entityAlreadyExists (name), quotaExceeded (429)
 */
export async function storeRollout(trx: Knex, ctx: RolloutContext, row: NewRolloutRow, groups: readonly NewGroup[], change: Change): Promise<number> {
  if (await rolloutStore.nameTaken(trx, row.name)) {
    throw alreadyExists('Rollout', { name: row.name });
  }
  const perGroup = ctx.config.quota.maxTargetsPerRolloutGroup;
  const largest = Math.max(0, ...groups.map((group) => Math.max(typeof group.targets === 'function' ? 0 : group.targets.length, group.values.capacity)));
  if (perGroup > 0 && largest > perGroup) {
    throw quotaExceeded(
      `Quota exceeded: a rollout group holds at most ${perGroup} targets; this one would hold ${largest}.`,
      'maxTargetsPerRolloutGroup',
      perGroup,
    );
  }
  const { id } = await insertRollout(trx, row, { approvalRequired: ctx.config.rolloutApprovalEnabled }, change);
  const rows = groups.map((group, index) => ({ ...group.values, rolloutId: id, position: index + 1 }));
  const inserted = await insertGroups(trx, rows, 'created', {}, change);
  let after = 0;
  for (const [index, { values, targets }] of groups.entries()) {
    const groupId = (inserted[index] as { id: number }).id;
    if (typeof targets === 'function') after = await rolloutGroupStore.addMatching(trx, id, groupId, targets, values.capacity, after);
    else
      await rolloutGroupStore.addMembers(
        trx,
        id,
        targets.map((targetId) => ({ groupId, targetId })),
      );
  }
  return id;
}

/**
 * Creates a rollout (README "Rollout lifecycle", creation rows; decisions 100–105): the targets matching
 * its filter whose type accepts the set are split by id, evenly into `amountGroups` groups `group-1..n` (a
 * dynamic rollout also gets its empty trailing group `group-<n+1><nameSuffix>`), or into the custom groups
 * in order, each taking its share of the targets matching its own filter that no earlier group took. The
 * rollout is `waiting_for_approval` when `rollout_approval_enabled`, else `ready`.
 * @returns the new rollout's id
 * @throws DomainError as `planGroups`; constraintViolation (a static rollout matching no target, custom groups
 *   leaving targets out), rsqlParamSyntax/rsqlInvalidField (400), entityNotFound (set),
 *   distributionSetInvalid/distributionSetIncomplete (400), entityAlreadyExists (name, 409), quotaExceeded (429)
 */
export async function createRollout(ctx: RolloutContext, input: NewRollout, actor: string): Promise<number> {
  const { db, config, logger } = ctx;
  const settings = rolloutSettings(input);
  const plans = planGroups(input, settings, config);
  const filter = rolloutStore.targetCondition(input.targetFilterQuery);
  const groupFilters = plans?.map((plan) => (plan.filter === null ? undefined : rolloutStore.targetCondition(plan.filter)));
  const set = await rolloutSet(db, input.distributionSetId);
  const dynamic = input.dynamic === true;

  return inTransaction(db, async (trx) => {
    // counted, not read: the groups' members are inserted from the filter (decision 252)
    const matching = await rolloutStore.matchingTargetCount(trx, filter, set.typeId);
    const all = await rolloutStore.matchingTargetCount(trx, filter);
    if (matching < all) {
      logger.warn({ rollout: input.name, skipped: all - matching }, 'rollout: targets whose type does not accept the distribution set are left out');
    }
    if (matching === 0 && !dynamic) throw invalid('Rollout does not match any existing targets.');
    const groups =
      plans === undefined
        ? evenGroups(matching, rolloutStore.deployableCondition(filter, set.typeId), input, settings)
        : await customGroups(plans, matching, (index) => rolloutStore.matchingTargetIds(trx, filter, set.typeId, groupFilters?.[index]));
    const trailing = dynamic ? trailingCapacity(groups, input) : null;
    const row: NewRolloutRow = {
      name: input.name,
      description: input.description ?? null,
      distributionSetId: set.id,
      targetFilterQuery: input.targetFilterQuery,
      actionType: input.actionType ?? 'forced',
      forceTime: input.actionType === 'timeforced' ? (input.forceTime ?? null) : null,
      startAt: input.startAt ?? null,
      ...settings,
      dynamic,
      dynamicNameSuffix: dynamic ? (input.dynamicGroupTemplate?.nameSuffix ?? '') : null,
      dynamicTargetCount: trailing,
    };
    if (trailing !== null) {
      const name = `group-${groups.length + 1}${row.dynamicNameSuffix ?? ''}`;
      // like the even groups, it takes the rollout's settings
      const values = { name, description: name, dynamic: true, capacity: trailing, targetFilterQuery: null, targetPercentage: null, ...settings };
      groups.push({ values, targets: [] });
    }
    return storeRollout(trx, ctx, row, groups, changeBy(ctx, actor));
  });
}

/** `amountGroups` groups `group-1..n` splitting the `count` targets `matching` selects evenly, by id; they take the rollout's settings. */
function evenGroups(count: number, matching: TargetCondition, input: NewRollout, settings: GroupSettings): NewGroup[] {
  const sizes = splitEvenly(count, input.amountGroups ?? 1);
  return sizes.map((size, index) => {
    const name = `group-${index + 1}`;
    return {
      values: { name, description: name, dynamic: false, capacity: size, targetFilterQuery: null, targetPercentage: 100 / sizes.length, ...settings },
      targets: matching,
    };
  });
}

/** The trailing dynamic group's capacity: the template's, else the last static group's size (at least one, or groups would open endlessly). */
const trailingCapacity = (groups: readonly NewGroup[], input: NewRollout): number =>
  input.dynamicGroupTemplate?.targetCount ?? Math.max(groups.at(-1)?.values.capacity ?? 1, 1);

/**
 * Custom groups in order: each takes its share of the matching targets (`candidates(index)`, by id) that no
 * earlier group took. Every target of the rollout must land in a group (hawkBit's
 * `RolloutHelper.verifyRemainingTargets`).
 * @throws DomainError constraintViolation
 */
async function customGroups(plans: readonly GroupPlan[], matching: number, candidates: (index: number) => Promise<number[]>): Promise<NewGroup[]> {
  const taken = new Set<number>();
  const groups: NewGroup[] = [];
  for (const [index, plan] of plans.entries()) {
    const free = (await candidates(index)).filter((id) => !taken.has(id));
    const members = free.slice(0, takenOf(shareOfRest(plans, index), free.length));
    for (const id of members) taken.add(id);
    groups.push({
      values: {
        name: plan.name,
        description: plan.description,
        targetFilterQuery: plan.filter,
        targetPercentage: plan.percentage,
        dynamic: false,
        capacity: members.length,
        ...plan.settings,
      },
      targets: members,
    });
  }
  const left = matching - taken.size;
  if (left > 0)
    throw invalid(
      `The groups leave ${left} of the rollout's ${matching} targets out: every target must land in a group (the last group takes 100 % of what is left).`,
    );
  return groups;
}

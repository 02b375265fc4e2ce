import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { compatibleWith } from '../actions/target-deployment.js';
import { inTransaction } from '../db/transaction.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import { setNotFound } from '../distribution-sets/distribution-set.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { invalid, planGroups, quotaExceeded, rolloutSettings, settingsColumns, shareOfRest, takenOf, type GroupPlan } from './group-plan.js';
import type { RolloutContext } from './rollout-context.js';
import { splitEvenly } from './rollout-decisions.js';
import { insertGroups, insertRollout, type Change } from './rollout-lifecycle.js';
import type { NewRollout } from './rollout.js';

/** rows per INSERT of group targets: SQLite takes at most 500 rows in one (knex inserts them as a compound SELECT) */
export const INSERT_CHUNK = 500;

/** A group about to be stored: its columns and its targets. */
export interface NewGroupRow {
  readonly columns: Readonly<Record<string, unknown>>;
  readonly targets: readonly number[];
}

/**
 * The set a rollout may deploy: valid and complete.
 * @throws DomainError entityNotFound, distributionSetInvalid, distributionSetIncomplete
 */
export async function rolloutSet(db: Knex, id: number): Promise<{ id: number; typeId: number }> {
  const set = await findDistributionSet(db, id);
  if (!set) throw setNotFound(id);
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
export async function storeRollout(
  trx: Knex,
  ctx: RolloutContext,
  row: Readonly<Record<string, unknown>>,
  groups: readonly NewGroupRow[],
  change: Change,
): Promise<number> {
  if (
    await trx('rollouts')
      .where('name', row['name'] as string)
      .first('id')
  ) {
    throw new DomainError(ErrorCode.entityAlreadyExists, `Rollout with name {${row['name'] as string}} already exists`);
  }
  const perGroup = ctx.config.quota.maxTargetsPerRolloutGroup;
  const largest = Math.max(0, ...groups.map((group) => Math.max(group.targets.length, Number(group.columns['capacity']))));
  if (perGroup > 0 && largest > perGroup) {
    throw quotaExceeded(
      `Quota exceeded: a rollout group holds at most ${perGroup} targets; this one would hold ${largest}.`,
      'maxTargetsPerRolloutGroup',
      perGroup,
    );
  }
  const { id } = await insertRollout(trx, row, { approvalRequired: ctx.config.rolloutApprovalEnabled }, change);
  const rows = groups.map((group, index) => ({ rollout_id: id, position: index + 1, ...group.columns }));
  const inserted = await insertGroups(trx, rows, 'created', {}, change);
  const members = groups.flatMap((group, index) =>
    group.targets.map((target) => ({ rollout_group_id: (inserted[index] as { id: number }).id, target_id: target, rollout_id: id })),
  );
  for (let start = 0; start < members.length; start += INSERT_CHUNK) {
    await trx('rollout_group_targets').insert(members.slice(start, start + INSERT_CHUNK));
    // one long task otherwise, for a rollout of many targets
    await yieldToEventLoop();
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
  const { db, config, clock, logger } = ctx;
  const settings = rolloutSettings(input);
  const plans = planGroups(input, settings, config);
  const filter = compileFiql(input.targetFilterQuery, TARGET_FIQL_FIELDS);
  const groupFilters = plans?.map((plan) => (plan.filter === null ? undefined : compileFiql(plan.filter, TARGET_FIQL_FIELDS)));
  const set = await rolloutSet(db, input.distributionSetId);
  const dynamic = input.dynamic === true;

  return inTransaction(db, async (trx) => {
    const matching = () => trx('targets').where(filter);
    const targets = ((await matching().where(compatibleWith(set.typeId)).orderBy('targets.id').pluck('targets.id')) as unknown[]).map(Number);
    const all = Number(((await matching().count({ n: '*' }).first()) as { n: number | string }).n);
    if (targets.length < all) {
      logger.warn({ rollout: input.name, skipped: all - targets.length }, 'rollout: targets whose type does not accept the distribution set are left out');
    }
    if (targets.length === 0 && !dynamic) throw invalid('Rollout does not match any existing targets.');
    const groups =
      plans === undefined
        ? evenGroups(targets, input)
        : await customGroups(plans, targets, (index) => {
            const query = matching().where(compatibleWith(set.typeId));
            const own = groupFilters?.[index];
            return own === undefined ? query : query.where(own);
          });
    const row = {
      name: input.name,
      description: input.description ?? null,
      distribution_set_id: set.id,
      target_filter_query: input.targetFilterQuery,
      action_type: input.actionType ?? 'forced',
      force_time: input.actionType === 'timeforced' ? (input.forceTime ?? null) : null,
      start_at: input.startAt ?? null,
      ...settingsColumns(settings),
      dynamic,
      dynamic_name_suffix: dynamic ? (input.dynamicGroupTemplate?.nameSuffix ?? '') : null,
      dynamic_target_count: dynamic ? trailingCapacity(groups, input) : null,
    };
    if (dynamic) {
      const name = `group-${groups.length + 1}${row.dynamic_name_suffix ?? ''}`;
      groups.push({ columns: { name, description: name, dynamic: true, capacity: row.dynamic_target_count }, targets: [] });
    }
    // groups without settings of their own take the rollout's
    const withSettings = groups.map((group) => ({ ...group, columns: { ...settingsColumns(settings), ...group.columns } }));
    return storeRollout(trx, ctx, row, withSettings, { now: clock(), actor });
  });
}

/** `amountGroups` groups `group-1..n` splitting the targets evenly, by id. */
function evenGroups(targets: readonly number[], input: NewRollout): NewGroupRow[] {
  const sizes = splitEvenly(targets.length, input.amountGroups ?? 1);
  let next = 0;
  return sizes.map((size, index) => {
    const name = `group-${index + 1}`;
    next += size;
    return {
      columns: { name, description: name, dynamic: false, capacity: size, target_percentage: 100 / sizes.length },
      targets: targets.slice(next - size, next),
    };
  });
}

/** The trailing dynamic group's capacity: the template's, else the last static group's size (at least one, or groups would open endlessly). */
const trailingCapacity = (groups: readonly NewGroupRow[], input: NewRollout): number =>
  input.dynamicGroupTemplate?.targetCount ?? Math.max(groups.at(-1)?.targets.length ?? 1, 1);

/**
 * Custom groups in order: each takes its share of the matching targets (`candidates(index)`, by id) that no
 * earlier group took. Every target of the rollout must land in a group (hawkBit's
 * `RolloutHelper.verifyRemainingTargets`).
 * @throws DomainError constraintViolation
 */
async function customGroups(plans: readonly GroupPlan[], targets: readonly number[], candidates: (index: number) => Knex.QueryBuilder): Promise<NewGroupRow[]> {
  const taken = new Set<number>();
  const groups: NewGroupRow[] = [];
  for (const [index, plan] of plans.entries()) {
    const free = ((await candidates(index).orderBy('targets.id').pluck('targets.id')) as unknown[]).map(Number).filter((id) => !taken.has(id));
    const members = free.slice(0, takenOf(shareOfRest(plans, index), free.length));
    for (const id of members) taken.add(id);
    groups.push({
      columns: {
        name: plan.name,
        description: plan.description,
        target_filter_query: plan.filter,
        target_percentage: plan.percentage,
        dynamic: false,
        capacity: members.length,
        ...settingsColumns(plan.settings),
      },
      targets: members,
    });
  }
  const left = targets.length - taken.size;
  if (left > 0)
    throw invalid(
      `The groups leave ${left} of the rollout's ${targets.length} targets out: every target must land in a group (the last group takes 100 % of what is left).`,
    );
  return groups;
}

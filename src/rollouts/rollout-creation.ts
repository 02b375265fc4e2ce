import { compatibleWith } from '../actions/target-deployment.js';
import { inTransaction } from '../db/transaction.js';
import { findDistributionSet } from '../distribution-sets/distribution-set-service.js';
import { setNotFound } from '../distribution-sets/distribution-set-queries.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import type { RolloutContext } from './rollout-context.js';
import { splitEvenly } from './rollout-decisions.js';
import { insertGroups, insertRollout } from './rollout-lifecycle.js';
import type { NewRollout } from './rollout.js';

/** rows per INSERT of group targets: SQLite takes at most 500 rows in one (knex inserts them as a compound SELECT) */
export const INSERT_CHUNK = 500;
/** NOTES #2: a missing successCondition is hawkBit's 50 %, a condition without expression 100 % */
const DEFAULT_SUCCESS = '50';

const invalid = (message: string) => new DomainError(ErrorCode.constraintViolation, message);
const quotaExceeded = (message: string, quota: string, limit: number) => new DomainError(ErrorCode.quotaExceeded, message, { quota, limit });

function threshold(expression: string, name: string): number {
  if (!/^\d{1,3}$/.test(expression) || Number(expression) > 100) throw invalid(`${name} must be a percentage from 0 to 100, not '${expression}'.`);
  return Number(expression);
}

function checkRequest(input: NewRollout, { quota }: RolloutContext['config']): void {
  if (input.amountGroups < 1) throw invalid('amountGroups must be at least 1: a rollout without static groups is not accepted.');
  if (input.dynamicGroupTemplate !== undefined && input.dynamic !== true) throw invalid('dynamicGroupTemplate is only allowed with dynamic: true.');
  const groups = input.amountGroups + (input.dynamic === true ? 1 : 0);
  if (quota.maxRolloutGroupsPerRollout > 0 && groups > quota.maxRolloutGroupsPerRollout) {
    throw quotaExceeded(`Quota exceeded: a rollout holds at most ${quota.maxRolloutGroupsPerRollout} groups.`, 'maxRolloutGroupsPerRollout', quota.maxRolloutGroupsPerRollout);
  }
  threshold(input.successThreshold ?? DEFAULT_SUCCESS, 'successCondition');
  if (input.errorThreshold !== undefined) threshold(input.errorThreshold, 'errorCondition');
}

/**
 * Creates a rollout (spec "Rollout", "Rollout status" creation rows): the targets matching its filter whose
 * type accepts the set are split evenly, by id, into `amountGroups` groups `group-1..n`; a dynamic rollout
 * also gets its empty trailing group `group-<n+1><nameSuffix>`. The rollout is `waiting_for_approval` when
 * `rollout_approval_enabled`, else `ready`.
 * @returns the new rollout's id
 * @throws DomainError constraintViolation (amountGroups below 1, dynamicGroupTemplate without dynamic, a
 *   threshold outside 0–100, a static rollout matching no target), rsqlParamSyntax/rsqlInvalidField (400),
 *   entityNotFound (set), distributionSetInvalid/distributionSetIncomplete (400), entityAlreadyExists (name,
 *   409), quotaExceeded (max_rollout_groups_per_rollout, max_targets_per_rollout_group; 429)
 */
export async function createRollout(ctx: RolloutContext, input: NewRollout, actor: string): Promise<number> {
  const { db, config, clock, logger } = ctx;
  checkRequest(input, config);
  const filter = compileFiql(input.targetFilterQuery, TARGET_FIQL_FIELDS);
  const set = await findDistributionSet(db, input.distributionSetId);
  if (!set) throw setNotFound(input.distributionSetId);
  if (!set.valid) throw new DomainError(ErrorCode.distributionSetInvalid, `Distribution set {${set.id}} is invalidated and cannot be rolled out.`);
  if (!set.complete) throw new DomainError(ErrorCode.distributionSetIncomplete, `Distribution set {${set.id}} is incomplete: a mandatory module is missing.`);

  return inTransaction(db, async (trx) => {
    if (await trx('rollouts').where('name', input.name).first('id')) {
      throw new DomainError(ErrorCode.entityAlreadyExists, `Rollout with name {${input.name}} already exists`);
    }
    const matching = () => trx('targets').where(filter);
    const targets = ((await matching().where(compatibleWith(set.typeId)).orderBy('targets.id').pluck('targets.id')) as unknown[]).map(Number);
    const all = Number(((await matching().count({ n: '*' }).first()) as { n: number | string }).n);
    if (targets.length < all) {
      logger.warn({ rollout: input.name, skipped: all - targets.length }, 'rollout: targets whose type does not accept the distribution set are left out');
    }
    if (targets.length === 0 && input.dynamic !== true) throw invalid('Rollout does not match any existing targets.');
    const sizes = splitEvenly(targets.length, input.amountGroups);
    const largest = Math.max(...sizes, input.dynamicGroupTemplate?.targetCount ?? 0);
    const perGroup = config.quota.maxTargetsPerRolloutGroup;
    if (perGroup > 0 && largest > perGroup) {
      throw quotaExceeded(`Quota exceeded: a rollout group holds at most ${perGroup} targets; this one would hold ${largest}.`, 'maxTargetsPerRolloutGroup', perGroup);
    }
    const change = { now: clock(), actor };
    const dynamic = input.dynamic === true;
    // the default targetCount is the last static group's size; an empty one would open groups endlessly
    const targetCount = input.dynamicGroupTemplate?.targetCount ?? Math.max(sizes[sizes.length - 1] ?? 1, 1);
    const suffix = input.dynamicGroupTemplate?.nameSuffix ?? '';
    const { id } = await insertRollout(
      trx,
      {
        name: input.name,
        description: input.description ?? null,
        distribution_set_id: set.id,
        target_filter_query: input.targetFilterQuery,
        action_type: input.actionType ?? 'forced',
        force_time: input.actionType === 'timeforced' ? (input.forceTime ?? null) : null,
        success_condition: input.successThreshold ?? DEFAULT_SUCCESS,
        error_condition: input.errorThreshold ?? null,
        dynamic,
        dynamic_name_suffix: dynamic ? suffix : null,
        dynamic_target_count: dynamic ? targetCount : null,
      },
      { approvalRequired: config.rolloutApprovalEnabled },
      change,
    );
    const groupRows = sizes.map((size, index) => ({ rollout_id: id, position: index + 1, name: `group-${index + 1}`, dynamic: false, capacity: size }));
    if (dynamic) groupRows.push({ rollout_id: id, position: sizes.length + 1, name: `group-${sizes.length + 1}${suffix}`, dynamic: true, capacity: targetCount });
    const groups = await insertGroups(trx, groupRows, 'created', {}, change);
    const members: { rollout_group_id: number; target_id: number; rollout_id: number }[] = [];
    let next = 0;
    sizes.forEach((size, index) => {
      for (const target of targets.slice(next, next + size)) members.push({ rollout_group_id: (groups[index] as { id: number }).id, target_id: target, rollout_id: id });
      next += size;
    });
    for (let start = 0; start < members.length; start += INSERT_CHUNK) await trx('rollout_group_targets').insert(members.slice(start, start + INSERT_CHUNK));
    return id;
  });
}


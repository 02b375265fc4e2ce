/**
 * A create request's deploy groups resolved before any target is read, as pure functions: the settings
 * each group takes (its own, else the rollout's, else the defaults: decisions 2, 101, 104, 105), the checks
 * hawkBit makes on a request, and how much of what is left a custom group takes (hawkBit's
 * `RolloutHelper.toPercentFromTheRest`, decision 101).
 */
import type { Config } from '../config.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { GroupSettings, NewGroup, NewRollout, RequestedSettings } from './rollout.js';

/** Decision 2: a missing successCondition is hawkBit's 50 % */
const DEFAULT_SUCCESS = '50';
/** hours up to four digits: a soak time is a span, not a time of day (decision 104) */
const SOAK_TIME = /^(\d{2,4}):([0-5]\d):([0-5]\d)$/;

export const invalid = (message: string) => new DomainError(ErrorCode.constraintViolation, message);
export const quotaExceeded = (message: string, quota: string, limit: number) => new DomainError(ErrorCode.quotaExceeded, message, { quota, limit });

function threshold(expression: string, name: string): number {
  if (!/^\d{1,3}$/.test(expression) || Number(expression) > 100) throw invalid(`${name} must be a percentage from 0 to 100, not '${expression}'.`);
  return Number(expression);
}

/** `HH:mm:ss` in ms; 00:00:00 is no soak time. @throws DomainError constraintViolation */
export function soakMillis(text: string): number | null {
  const match = SOAK_TIME.exec(text);
  if (match === null) throw invalid(`soakTime must be HH:mm:ss, not '${text}'.`);
  const [hours, minutes, seconds] = match.slice(1).map(Number) as [number, number, number];
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return ms === 0 ? null : ms;
}

/** `ms` as HH:mm:ss, hours at least two digits. */
export function soakText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

/** The settings `requested` gives, the others taken from `defaults`. @throws DomainError constraintViolation */
export function settingsOf(requested: RequestedSettings, defaults: GroupSettings): GroupSettings {
  return {
    successThreshold: requested.successThreshold === undefined ? defaults.successThreshold : threshold(requested.successThreshold, 'successCondition'),
    errorThreshold: requested.errorThreshold === undefined ? defaults.errorThreshold : threshold(requested.errorThreshold, 'errorCondition'),
    successAction: requested.successAction ?? defaults.successAction,
    confirmationRequired: requested.confirmationRequired ?? defaults.confirmationRequired,
    soakTime: requested.soakTime === undefined ? defaults.soakTime : soakMillis(requested.soakTime),
  };
}

/** A rollout's own settings, its groups' defaults. */
export const rolloutSettings = (requested: RequestedSettings): GroupSettings =>
  settingsOf(requested, {
    successThreshold: threshold(DEFAULT_SUCCESS, 'successCondition'),
    errorThreshold: null,
    successAction: 'nextgroup',
    confirmationRequired: true,
    soakTime: null,
  });

/** A custom group resolved: its own fields and its settings. */
export interface GroupPlan {
  readonly name: string;
  readonly description: string | null;
  /** its own filter; null: the rollout's alone */
  readonly filter: string | null;
  readonly percentage: number;
  readonly settings: GroupSettings;
}

/**
 * Checks a create request (hawkBit's `MgmtRolloutResource.create` and `RolloutHelper`) and resolves its
 * custom groups, if it has them.
 * @throws DomainError constraintViolation (amountGroups and groups both or neither, amountGroups below 1,
 *   groups with dynamic, dynamicGroupTemplate without dynamic, a percentage outside 1–100, a bad threshold
 *   or soak time), entityAlreadyExists (two groups of one name), quotaExceeded (too many groups)
 */
export function planGroups(input: NewRollout, defaults: GroupSettings, { quota }: Config): GroupPlan[] | undefined {
  if ((input.amountGroups === undefined) === (input.groups === undefined)) throw invalid('Exactly one of amountGroups and groups is required.');
  if (input.amountGroups !== undefined && input.amountGroups < 1)
    throw invalid('amountGroups must be at least 1: a rollout without static groups is not accepted.');
  if (input.groups !== undefined && input.groups.length === 0) throw invalid('groups must hold at least one group.');
  if (input.groups !== undefined && input.dynamic === true) throw invalid('A dynamic rollout takes amountGroups, not groups.');
  if (input.dynamicGroupTemplate !== undefined && input.dynamic !== true) throw invalid('dynamicGroupTemplate is only allowed with dynamic: true.');
  const count = (input.amountGroups ?? input.groups?.length ?? 0) + (input.dynamic === true ? 1 : 0);
  if (quota.maxRolloutGroupsPerRollout > 0 && count > quota.maxRolloutGroupsPerRollout) {
    throw quotaExceeded(
      `Quota exceeded: a rollout holds at most ${quota.maxRolloutGroupsPerRollout} groups.`,
      'maxRolloutGroupsPerRollout',
      quota.maxRolloutGroupsPerRollout,
    );
  }
  const names = new Set<string>();
  return input.groups?.map((group) => {
    if (names.has(group.name)) throw new DomainError(ErrorCode.entityAlreadyExists, `Two groups of the rollout are named {${group.name}}.`);
    names.add(group.name);
    return planGroup(group, defaults);
  });
}

function planGroup(group: NewGroup, defaults: GroupSettings): GroupPlan {
  const percentage = group.targetPercentage ?? 100;
  if (!(percentage >= 1 && percentage <= 100)) throw invalid(`targetPercentage of group '${group.name}' must be from 1 to 100, not ${percentage}.`);
  const filter = group.targetFilterQuery === undefined || group.targetFilterQuery.trim() === '' ? null : group.targetFilterQuery;
  return { name: group.name, description: group.description ?? null, filter, percentage, settings: settingsOf(group, defaults) };
}

/**
 * The share (percent) of the targets still left that group `index` takes: its percentage of what the earlier
 * groups with the same filter left over; once they took 99 % or more, all of the rest (hawkBit).
 */
export function shareOfRest(groups: readonly Pick<GroupPlan, 'filter' | 'percentage'>[], index: number): number {
  const group = groups[index] as Pick<GroupPlan, 'filter' | 'percentage'>;
  const left =
    100 -
    groups
      .slice(0, index)
      .filter((earlier) => earlier.filter === group.filter)
      .reduce((sum, earlier) => sum + earlier.percentage, 0);
  return left <= 1 ? 100 : Math.min(100, (group.percentage * 100) / left);
}

/** How many of `available` targets a share takes, rounded as hawkBit rounds it. */
export const takenOf = (share: number, available: number): number => Math.round((share * available) / 100);

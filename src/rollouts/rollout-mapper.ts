import { auditOf } from '../db/audit.js';
import type { components } from '../generated/mgmt.js';
import { compactLinks } from '../http/representation.js';
import type { Rollout, RolloutGroup } from './rollout.js';

type RolloutJson = components['schemas']['Rollout'];
type GroupJson = components['schemas']['RolloutGroup'];

const threshold = (expression: number | null) => (expression === null ? undefined : { condition: 'THRESHOLD' as const, expression: String(expression) });

/** hawkBit's rollout JSON (MgmtRolloutResponseBody, NOTES §3.6) with the spec's fields, counts always included. */
export function rolloutJson(rollout: Rollout, base: string): RolloutJson {
  const self = `${base}/rest/v1/rollouts/${rollout.id}`;
  return {
    id: rollout.id,
    name: rollout.name,
    description: rollout.description ?? undefined,
    targetFilterQuery: rollout.targetFilterQuery,
    distributionSetId: rollout.distributionSetId,
    status: rollout.status,
    type: rollout.actionType,
    forcetime: rollout.forceTime ?? undefined,
    totalTargets: rollout.totalTargets,
    totalTargetsPerStatus: rollout.totalTargetsPerStatus,
    amountGroups: rollout.amountGroups,
    totalGroups: rollout.totalGroups,
    successCondition: threshold(rollout.successThreshold) as NonNullable<ReturnType<typeof threshold>>,
    errorCondition: threshold(rollout.errorThreshold),
    dynamic: rollout.dynamic,
    dynamicGroupTemplate: rollout.dynamicGroupTemplate ?? undefined,
    deleted: false,
    approveDecidedBy: rollout.approveDecidedBy ?? undefined,
    approvalRemark: rollout.approvalRemark ?? undefined,
    ...auditOf(rollout),
    _links: {
      self: { href: self },
      start: { href: `${self}/start` },
      pause: { href: `${self}/pause` },
      resume: { href: `${self}/resume` },
      stop: { href: `${self}/stop` },
      approve: { href: `${self}/approve` },
      deny: { href: `${self}/deny` },
      groups: { href: `${self}/deploygroups?offset=0&limit=50` },
      distributionset: { href: `${base}/rest/v1/distributionsets/${rollout.distributionSetId}` },
    },
  };
}

/**
 * hawkBit's compact rollout of lists (`representation=compact`): the `self` link alone and no approval
 * details; the counts stay, every rollout of the spec has them (decision 72).
 */
export function compactRolloutJson(rollout: Rollout, base: string): RolloutJson {
  return compactLinks({ ...rolloutJson(rollout, base), approveDecidedBy: undefined, approvalRemark: undefined }, 'compact');
}

/** hawkBit's deploy group JSON (MgmtRolloutGroupResponseBody); conditions are the rollout's. */
export function groupJson(group: RolloutGroup, rollout: Pick<Rollout, 'successThreshold' | 'errorThreshold'>, base: string): GroupJson {
  return {
    id: group.id,
    name: group.name,
    status: group.status,
    dynamic: group.dynamic,
    totalTargets: group.totalTargets,
    totalTargetsPerStatus: group.totalTargetsPerStatus,
    targetCount: group.capacity,
    successCondition: threshold(rollout.successThreshold) as NonNullable<ReturnType<typeof threshold>>,
    errorCondition: threshold(rollout.errorThreshold),
    ...auditOf(group),
    _links: { self: { href: `${base}/rest/v1/rollouts/${group.rolloutId}/deploygroups/${group.id}` } },
  };
}

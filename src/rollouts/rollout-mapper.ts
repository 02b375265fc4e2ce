import { auditOf } from '../db/audit.js';
import type { components } from '../generated/mgmt.js';
import { compactLinks } from '../http/representation.js';
import { soakText } from './group-plan.js';
import type { Rollout, RolloutGroup } from './rollout.js';

type RolloutJson = components['schemas']['Rollout'];
type GroupJson = components['schemas']['RolloutGroup'];

const threshold = (expression: number | null) => (expression === null ? undefined : { condition: 'THRESHOLD' as const, expression: String(expression) });
const soakTime = (ms: number | null) => (ms === null ? undefined : soakText(ms));

/** hawkBit's rollout JSON (MgmtRolloutResponseBody) with Falconet's counts, always included (decision 72). */
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
    startAt: rollout.startAt ?? undefined,
    soakTime: soakTime(rollout.soakTime),
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
      triggerNextGroup: { href: `${self}/triggerNextGroup` },
      approve: { href: `${self}/approve` },
      deny: { href: `${self}/deny` },
      groups: { href: `${self}/deploygroups?offset=0&limit=50` },
      distributionset: { href: `${base}/rest/v1/distributionsets/${rollout.distributionSetId}` },
    },
  };
}

/**
 * hawkBit's compact rollout of lists (`representation=compact`): the `self` link alone, no approval details
 * and no startAt (hawkBit shows them in details only); the counts stay, every Falconet rollout has them
 * (decision 72).
 */
export function compactRolloutJson(rollout: Rollout, base: string): RolloutJson {
  return compactLinks({ ...rolloutJson(rollout, base), approveDecidedBy: undefined, approvalRemark: undefined, startAt: undefined }, 'compact');
}

/**
 * hawkBit's deploy group JSON (MgmtRolloutGroupResponseBody) with the group's own conditions and actions
 * (decision 101), its soak time (decision 104), and confirmationRequired while the confirmation flow is on.
 */
export function groupJson(group: RolloutGroup, context: { readonly base: string; readonly confirmationFlow: boolean }): GroupJson {
  return {
    id: group.id,
    name: group.name,
    description: group.description ?? undefined,
    status: group.status,
    dynamic: group.dynamic,
    totalTargets: group.totalTargets,
    totalTargetsPerStatus: group.totalTargetsPerStatus,
    targetCount: group.capacity,
    targetFilterQuery: group.targetFilterQuery ?? undefined,
    targetPercentage: group.targetPercentage ?? undefined,
    successCondition: threshold(group.successThreshold) as NonNullable<ReturnType<typeof threshold>>,
    successAction: { action: group.successAction === 'pause' ? 'PAUSE' : 'NEXTGROUP', expression: '' },
    errorCondition: threshold(group.errorThreshold),
    errorAction: group.errorThreshold === null ? undefined : { action: 'PAUSE', expression: '' },
    confirmationRequired: context.confirmationFlow ? group.confirmationRequired : undefined,
    soakTime: soakTime(group.soakTime),
    ...auditOf(group),
    _links: { self: { href: `${context.base}/rest/v1/rollouts/${group.rolloutId}/deploygroups/${group.id}` } },
  };
}

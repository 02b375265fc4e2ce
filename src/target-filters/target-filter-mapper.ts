import { auditOf } from '../db/audit.js';
import type { components } from '../generated/mgmt.js';
import type { TargetFilter } from './target-filter.js';

type TargetFilterJson = components['schemas']['TargetFilter'];

/**
 * hawkBit's target filter JSON (MgmtTargetFilterQuery, `@JsonInclude(ALWAYS)`): the auto-assignment fields
 * are null while no set is attached; `confirmationRequired` only shows with the confirmation flow on, and
 * Falconet has no action weights.
 */
export function targetFilterJson(filter: TargetFilter, base: string, confirmationFlow: boolean): TargetFilterJson {
  const self = `${base}/rest/v1/targetfilters/${filter.id}`;
  const assignment = filter.autoAssignment;
  return {
    id: filter.id,
    name: filter.name,
    query: filter.query,
    autoAssignDistributionSet: assignment?.distributionSetId ?? null,
    autoAssignActionType: assignment?.actionType ?? null,
    autoAssignWeight: null,
    confirmationRequired: assignment && confirmationFlow ? assignment.confirmationRequired : null,
    ...auditOf(filter),
    _links: { self: { href: self }, autoAssignDS: { href: `${self}/autoAssignDS` } },
  };
}

import { auditOf } from '../db/audit.js';
import type { components } from '../generated/mgmt.js';
import type { AutoAssignment, AutoAssignmentStatus } from './auto-assignment-lifecycle.js';

type AutoAssignmentJson = components['schemas']['AutoAssignment'];

/** The move links each status offers (hawkBit master's MgmtAutoAssignmentMapper.toResponseAutoAssignment). */
const MOVE_LINKS: Readonly<Record<AutoAssignmentStatus, readonly string[]>> = {
  waiting_for_approval: ['approve', 'deny'],
  approval_denied: [],
  ready: ['start'],
  running: ['pause'],
  paused: ['resume'],
};

/**
 * hawkBit's MgmtAutoAssignmentResponseBody (`@JsonInclude(NON_NULL)`): absent fields stay out; `weight` never
 * shows, as Falconet has no action weights (decision 183).
 */
export function autoAssignmentJson(assignment: AutoAssignment, base: string): AutoAssignmentJson {
  const self = `${base}/rest/v1/autoassignments/${assignment.id}`;
  const moves = Object.fromEntries(MOVE_LINKS[assignment.status].map((move) => [move, { href: `${self}/${move}` }]));
  return {
    id: assignment.id,
    name: assignment.name,
    ...(assignment.description !== null && { description: assignment.description }),
    targetFilterQuery: assignment.query,
    distributionSetId: assignment.distributionSetId,
    status: assignment.status,
    ...(assignment.startAt !== null && { startAt: assignment.startAt }),
    actionType: assignment.actionType,
    confirmationRequired: assignment.confirmationRequired,
    ...(assignment.approvalDecidedBy !== null && { approvalDecidedBy: assignment.approvalDecidedBy }),
    ...(assignment.approvalRemark !== null && { approvalRemark: assignment.approvalRemark }),
    ...auditOf(assignment),
    _links: {
      self: { href: self },
      ...moves,
      distributionset: {
        href: `${base}/rest/v1/distributionsets/${assignment.distributionSetId}`,
        name: `${assignment.distributionSet.name}:${assignment.distributionSet.version}`,
      },
    },
  };
}

import type { Audit } from '../db/audit.js';
import type { AutoAssignment } from './auto-assignment-lifecycle.js';

/**
 * The action types an auto-assignment may use: hawkBit master's AutoAssignment.ALLOWED_ACTION_TYPES (forced,
 * soft, downloadonly); a target filter's autoAssignDS keeps the forced and soft of hawkBit 1.x (decision 205).
 * Forced is the default.
 */
export const AUTO_ASSIGNMENT_ACTION_TYPES = ['forced', 'soft', 'downloadonly'] as const;
export const FILTER_AUTO_ASSIGN_ACTION_TYPES = ['forced', 'soft'] as const;
export type AutoAssignActionType = (typeof AUTO_ASSIGNMENT_ACTION_TYPES)[number];

/**
 * A saved target filter: a FIQL query over targets, and its auto-assignment if it has one: the one named
 * like the filter with the filter's query (hawkBit master's TargetFilterQueryManagement.findLinkedAutoAssignment).
 */
export interface TargetFilter extends Audit {
  readonly id: number;
  readonly name: string;
  readonly query: string;
  readonly autoAssignment: AutoAssignment | null;
}

export interface NewTargetFilter {
  readonly name: string;
  readonly query: string;
}

/** Fields to change; undefined or null keeps the current value. */
export interface TargetFilterChange {
  readonly name?: string | null;
  readonly query?: string | null;
}

/** An auto-assignment as a target filter's autoAssignDS request gives it. */
export interface AutoAssignRequest {
  readonly distributionSetId: number;
  /** any of hawkBit's action types; only forced and soft are accepted */
  readonly actionType?: string | undefined;
  /** defaults to true, as in hawkBit 1.x */
  readonly confirmationRequired?: boolean | undefined;
}

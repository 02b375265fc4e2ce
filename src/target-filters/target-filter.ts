import type { Audit } from '../db/audit.js';

/** The action types an auto-assignment may use (hawkBit's InvalidAutoAssignActionTypeException rule); forced is the default. */
export const AUTO_ASSIGN_ACTION_TYPES = ['forced', 'soft'] as const;
export type AutoAssignActionType = (typeof AUTO_ASSIGN_ACTION_TYPES)[number];

/** A set a filter assigns automatically to the targets it matches. */
export interface AutoAssignment {
  readonly distributionSetId: number;
  readonly actionType: AutoAssignActionType;
  /**
   * whether the devices confirm first when the confirmation flow is on (hawkBit's per-assignment
   * `confirmationRequired`); ignored while the flow is off
   */
  readonly confirmationRequired: boolean;
  /** the account that attached the set; the auto-assigned actions are created in its name */
  readonly initiatedBy: string;
}

/** A saved target filter: a FIQL query over targets, and optionally a set it auto-assigns. */
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

/** An auto-assignment as the request gives it. */
export interface AutoAssignRequest {
  readonly distributionSetId: number;
  /** any of hawkBit's action types; only forced and soft are accepted */
  readonly actionType?: string | undefined;
  /** defaults to true, as in hawkBit */
  readonly confirmationRequired?: boolean | undefined;
}

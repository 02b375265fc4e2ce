import type { ActionType } from '../actions/deployment-modes.js';
import type { Audit } from '../db/audit.js';
import type { TargetCounts } from './rollout-decisions.js';
import type { GroupStatus, RolloutStatus } from './rollout-lifecycle.js';

/** Spec "Dynamic group template", defaults resolved at creation. */
export interface DynamicGroupTemplate {
  readonly nameSuffix: string;
  readonly targetCount: number;
}

/** A rollout with its counts (spec "Rollout"). */
export interface Rollout extends Audit {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly distributionSetId: number;
  readonly targetFilterQuery: string;
  readonly status: RolloutStatus;
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  /** percentage 0–100 */
  readonly successThreshold: number;
  /** percentage 0–100; null: never trips */
  readonly errorThreshold: number | null;
  readonly dynamic: boolean;
  readonly dynamicGroupTemplate: DynamicGroupTemplate | null;
  /** static groups, as created */
  readonly amountGroups: number;
  readonly totalGroups: number;
  readonly totalTargets: number;
  readonly totalTargetsPerStatus: TargetCounts;
  readonly approveDecidedBy: string | null;
  readonly approvalRemark: string | null;
}

/** A deploy group with its counts (spec "Deploy group"). */
export interface RolloutGroup extends Audit {
  readonly id: number;
  readonly rolloutId: number;
  readonly position: number;
  readonly name: string;
  readonly status: GroupStatus;
  readonly dynamic: boolean;
  /** targets the group takes: its size at creation, a dynamic group's targetCount */
  readonly capacity: number;
  readonly totalTargets: number;
  readonly totalTargetsPerStatus: TargetCounts;
}

/** A rollout as the create request gives it (spec "Rollout"; NOTES §3.6). */
export interface NewRollout {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly distributionSetId: number;
  readonly targetFilterQuery: string;
  readonly amountGroups: number;
  readonly actionType?: ActionType | undefined;
  readonly forceTime?: number | null | undefined;
  /** the condition's expression; the condition omitted: "50", its expression omitted: "100" (NOTES #2) */
  readonly successThreshold?: string | undefined;
  /** omitted: never trips */
  readonly errorThreshold?: string | undefined;
  readonly dynamic?: boolean | undefined;
  readonly dynamicGroupTemplate?: { readonly nameSuffix?: string | undefined; readonly targetCount?: number | undefined } | undefined;
}

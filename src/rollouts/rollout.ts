import type { ActionType } from '../actions/deployment-modes.js';
import type { Audit } from '../db/audit.js';
import type { TargetCounts } from './rollout-decisions.js';
import type { GroupStatus, RolloutStatus } from './rollout-lifecycle.js';

/** A dynamic rollout's group template (hawkBit's MgmtDynamicRolloutGroupTemplate), defaults resolved at creation. */
export interface DynamicGroupTemplate {
  readonly nameSuffix: string;
  readonly targetCount: number;
}

/** hawkBit's success actions: start the next group, or pause the rollout (decision 105). */
export type SuccessAction = 'nextgroup' | 'pause';

/**
 * How a group is judged and deployed, resolved at creation: a group's own values, else its rollout's, else
 * the defaults (decisions 2, 101, 104).
 */
export interface GroupSettings {
  /** percentage 0–100 */
  readonly successThreshold: number;
  /** percentage 0–100; null: never trips */
  readonly errorThreshold: number | null;
  readonly successAction: SuccessAction;
  /** with the confirmation flow on, the group's actions wait for the device's confirmation */
  readonly confirmationRequired: boolean;
  /** ms a group runs at least before it succeeds; null: none */
  readonly soakTime: number | null;
}

/** A rollout with its counts (hawkBit's MgmtRolloutResponseBody with counts); its settings are its groups' defaults. */
export interface Rollout extends Audit, GroupSettings {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly distributionSetId: number;
  readonly targetFilterQuery: string;
  readonly status: RolloutStatus;
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  /** epoch ms the rollout starts itself at once ready; null: started by the operator */
  readonly startAt: number | null;
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

/** A deploy group with its counts (hawkBit's MgmtRolloutGroupResponseBody with counts). */
export interface RolloutGroup extends Audit, GroupSettings {
  readonly id: number;
  readonly rolloutId: number;
  readonly position: number;
  readonly name: string;
  readonly description: string | null;
  readonly status: GroupStatus;
  readonly dynamic: boolean;
  /** a custom group's own filter */
  readonly targetFilterQuery: string | null;
  /** a static group's share as created */
  readonly targetPercentage: number | null;
  /** targets the group takes: its size at creation, a dynamic group's targetCount */
  readonly capacity: number;
  readonly totalTargets: number;
  readonly totalTargetsPerStatus: TargetCounts;
}

/**
 * Group settings as a request gives them, each optional. Thresholds are the conditions' expressions: the
 * condition omitted means the default, its expression omitted "100" (decision 2); soakTime is HH:mm:ss.
 */
export interface RequestedSettings {
  readonly successThreshold?: string | undefined;
  readonly errorThreshold?: string | undefined;
  readonly successAction?: SuccessAction | undefined;
  readonly confirmationRequired?: boolean | undefined;
  readonly soakTime?: string | undefined;
}

/** One custom deploy group of a create request (hawkBit's MgmtRolloutGroup; decision 101). */
export interface NewGroup extends RequestedSettings {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly targetFilterQuery?: string | undefined;
  /** 1–100; omitted: 100 */
  readonly targetPercentage?: number | undefined;
}

/** A rollout as the create request gives it (hawkBit's MgmtRolloutRestRequestBody): amountGroups or groups. */
export interface NewRollout extends RequestedSettings {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly distributionSetId: number;
  readonly targetFilterQuery: string;
  readonly amountGroups?: number | undefined;
  readonly groups?: readonly NewGroup[] | undefined;
  readonly actionType?: ActionType | undefined;
  readonly forceTime?: number | null | undefined;
  readonly startAt?: number | null | undefined;
  readonly dynamic?: boolean | undefined;
  readonly dynamicGroupTemplate?: { readonly nameSuffix?: string | undefined; readonly targetCount?: number | undefined } | undefined;
}

/** The fields `PUT /rollouts/{id}` changes, each only when given; startAt null unschedules (decision 100). */
export interface RolloutChanges {
  readonly name?: string | undefined;
  readonly description?: string | null | undefined;
  readonly startAt?: number | null | undefined;
}

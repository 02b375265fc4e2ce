import type { Audit } from '../db/audit.js';

/** A target's update status (README "Action lifecycle", `target-status.ts`). */
export const UPDATE_STATUSES = ['unknown', 'registered', 'pending', 'in_sync', 'error'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

/** When the target last polled, when it should poll next, and whether it is late. */
export interface PollStatus {
  readonly lastRequestAt: number;
  readonly nextExpectedRequestAt: number;
  readonly overdue: boolean;
}

/** A target as the management API shows it. */
export interface Target extends Audit {
  readonly id: number;
  readonly controllerId: string;
  readonly name: string;
  readonly description: string | null;
  readonly securityToken: string;
  readonly requestAttributes: boolean;
  readonly group: string | null;
  readonly updateStatus: UpdateStatus;
  /** plain IP address, or null while unknown */
  readonly address: string | null;
  readonly lastControllerRequestAt: number | null;
  /** null until the target has polled */
  readonly pollStatus: PollStatus | null;
  readonly installedAt: number | null;
  readonly targetType: { readonly id: number; readonly name: string } | null;
  readonly autoConfirmActive: boolean;
}

/** A distribution set as embedded in a target read. */
export interface DistributionSetSummary {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  /** the DS type key */
  readonly type: string;
}

export interface TagSummary {
  readonly id: number;
  readonly name: string;
  readonly colour: string | null;
}

/** A target with what reads (one or a list) embed: its assigned and installed sets and its tags. */
export interface TargetDetails extends Target {
  readonly assignedDs: DistributionSetSummary | null;
  readonly installedDs: DistributionSetSummary | null;
  readonly tags: readonly TagSummary[];
}

/** What a create request gives for one target. */
export interface NewTarget {
  readonly controllerId: string;
  readonly name?: string;
  readonly description?: string;
  readonly securityToken?: string;
  /** an IP address, plain or as a URI */
  readonly address?: string;
  readonly group?: string;
  readonly requestAttributes?: boolean;
  readonly targetTypeId?: number;
}

/** The fields an update changes; absent ones stay as they are. */
export type TargetChange = Partial<Omit<NewTarget, 'controllerId'>>;

import type { Audit } from '../db/audit.js';
import { BaseModel } from '../db/base-model.js';

/** A target's update status (README "Action lifecycle", `target-status.ts`). */
export const UPDATE_STATUSES = ['unknown', 'registered', 'pending', 'in_sync', 'error'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

/** A row of `targets`; `targetTypeName` is filled only by reads that join the target type. */
export class TargetModel extends BaseModel {
  static override tableName = 'targets';
  static override booleanProperties = ['requestAttributes', 'autoConfirmActive'];

  id!: number;
  controllerId!: string;
  name!: string;
  description!: string | null;
  securityToken!: string;
  requestAttributes!: boolean;
  groupName!: string | null;
  updateStatus!: UpdateStatus;
  /** the plain IP address of the last poll */
  address!: string | null;
  lastControllerRequestAt!: number | null;
  /** the interval of its polling override, null for the default (decision 110) */
  pollingOverride!: string | null;
  installedAt!: number | null;
  targetTypeId!: number | null;
  targetTypeName?: string | null;
  assignedDistributionSetId!: number | null;
  installedDistributionSetId!: number | null;
  autoConfirmActive!: boolean;
  autoConfirmActivatedAt!: number | null;
  createdAt!: number;
  createdBy!: string;
  lastModifiedAt!: number;
  lastModifiedBy!: string;
}

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

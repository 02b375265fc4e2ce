/**
 * What a manual assignment asks for, checked before anything is read or written: each target once, the
 * request within its quota, each target's action fields with a valid maintenance window.
 */
import { DomainError, ErrorCode } from '../errors.js';
import type { ActionType } from './deployment-modes.js';
import { validateMaintenanceWindow, type MaintenanceWindow, type MaintenanceWindowInput } from './maintenance-window.js';

/** How one target's new action runs, as the request gives it; absent fields take their defaults. */
export interface AssignmentOptions {
  readonly actionType?: ActionType | undefined;
  /** epoch ms, read for timeforced */
  readonly forceTime?: number | null | undefined;
  readonly maintenanceWindow?: MaintenanceWindowInput | null | undefined;
  /** with the confirmation flow on, whether the device confirms first (default true) */
  readonly confirmationRequired?: boolean | null | undefined;
}

/** One target of an assignment, by controllerId. */
export interface TargetAssignment extends AssignmentOptions {
  readonly controllerId: string;
}

/** One target's action fields, defaults filled in and the window checked. */
export interface PlannedAction {
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  readonly maintenanceWindow: MaintenanceWindow | null;
  readonly confirmationRequired: boolean;
}

/** An offline assignment records an update made by other means: no option applies (hawkBit ignores them too). */
export const OFFLINE_ACTION: PlannedAction = { actionType: 'forced', forceTime: null, maintenanceWindow: null, confirmationRequired: false };

/**
 * The targets of a request, each once in request order (decision 81). A target named twice with the same
 * options counts once; with other options it would need two active actions.
 * @throws DomainError multiAssignmentNotEnabled
 */
export function distinctTargets(requested: readonly TargetAssignment[]): TargetAssignment[] {
  const seen = new Map<string, { readonly target: TargetAssignment; readonly options: string }>();
  for (const target of requested) {
    const options = optionsKey(target);
    const earlier = seen.get(target.controllerId);
    if (earlier === undefined) seen.set(target.controllerId, { target, options });
    else if (earlier.options !== options) {
      throw new DomainError(
        ErrorCode.multiAssignmentNotEnabled,
        `Target {${target.controllerId}} is named twice with different options; a target takes one assignment at a time.`,
      );
    }
  }
  return [...seen.values()].map(({ target }) => target);
}

const optionsKey = (target: AssignmentOptions) =>
  JSON.stringify([
    target.actionType ?? 'forced',
    target.forceTime ?? null,
    target.maintenanceWindow?.schedule ?? null,
    target.maintenanceWindow?.duration ?? null,
    target.maintenanceWindow?.timezone ?? null,
    target.confirmationRequired ?? true,
  ]);

/**
 * Config `max_target_distribution_set_assignments_per_manual_assignment` (0: no limit).
 * @throws DomainError quotaExceeded
 */
export function assertRequestQuota(count: number, max: number): void {
  if (max > 0 && count > max) {
    throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: one request assigns at most ${max} targets, this one names ${count}.`, {
      quota: 'maxTargetDistributionSetAssignmentsPerManualAssignment',
      limit: max,
    });
  }
}

/**
 * A target's action fields (forced by default; an empty window is none).
 * @param now epoch ms, for the window: it must open now or later
 * @throws DomainError maintenanceScheduleInvalid
 */
export function plannedAction(options: AssignmentOptions, now: number): PlannedAction {
  const input = options.maintenanceWindow;
  if (input) validateMaintenanceWindow(input, now);
  return {
    actionType: options.actionType ?? 'forced',
    forceTime: options.forceTime ?? null,
    maintenanceWindow: !input || (input.schedule ?? '') === '' ? null : (input as MaintenanceWindow),
    confirmationRequired: options.confirmationRequired ?? true,
  };
}

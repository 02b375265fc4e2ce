/**
 * The download and update modes DDI `deploymentBase` gives a device (README "Device API (DDI v1)": how action types
 * and maintenance windows set the modes; hawkBit's DdiRootController.calculateDownloadType/UpdateType). Evaluated
 * per request, as the mode of a timeforced action and the state of a window change with the clock.
 */
import { isWindowOpen, type MaintenanceWindow } from './maintenance-window.js';

/** Deployment types (the action's `type`, decision 1; hawkBit's `forceType`). */
export const ACTION_TYPES = ['forced', 'soft', 'timeforced', 'downloadonly'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** DDI `deployment.download` / `deployment.update`. */
export type HandlingType = 'skip' | 'attempt' | 'forced';
/** DDI `deployment.maintenanceWindow`. */
export type MaintenanceWindowStatus = 'available' | 'unavailable';

export interface DeploymentModes {
  readonly download: HandlingType;
  readonly update: HandlingType;
  /** absent when the action has no window (hawkBit omits the field) */
  readonly maintenanceWindow?: MaintenanceWindowStatus;
}

/** The action fields the modes depend on, as stored. */
export interface DeploymentModeInput {
  readonly actionType: ActionType;
  /** epoch ms; read only for timeforced, where a missing one counts as already reached */
  readonly forceTime?: number | null;
  /** a validated window, or none */
  readonly maintenanceWindow?: MaintenanceWindow | null;
}

/** One row per action type; timeforced is a row per side of its forceTime. */
export const MODES_BY_TYPE = {
  forced: { download: 'forced', update: 'forced' },
  soft: { download: 'attempt', update: 'attempt' },
  'timeforced before forceTime': { download: 'attempt', update: 'attempt' },
  'timeforced from forceTime': { download: 'forced', update: 'forced' },
  downloadonly: { download: 'forced', update: 'skip' },
} as const satisfies Readonly<Record<string, DeploymentModes>>;

/**
 * The modes of an action at `now` (epoch ms). While a window is closed the device downloads at the real mode
 * but must not install (`update: skip`, `maintenanceWindow: unavailable`); while it is open the update takes
 * its real mode. A lapsed window reads as closed: the caller cancels such an action (hawkBit does on poll).
 *
 * @throws DomainError(maintenanceScheduleInvalid) when the window is malformed (it is validated when stored)
 */
export function deploymentModes(action: DeploymentModeInput, now: number): DeploymentModes {
  const { download, update } = MODES_BY_TYPE[tableRow(action, now)];
  if (action.maintenanceWindow == null) return { download, update };
  return isWindowOpen(action.maintenanceWindow, now)
    ? { download, update, maintenanceWindow: 'available' }
    : { download, update: 'skip', maintenanceWindow: 'unavailable' };
}

function tableRow({ actionType, forceTime }: DeploymentModeInput, now: number): keyof typeof MODES_BY_TYPE {
  if (actionType !== 'timeforced') return actionType;
  return forceTime == null || now >= forceTime ? 'timeforced from forceTime' : 'timeforced before forceTime';
}

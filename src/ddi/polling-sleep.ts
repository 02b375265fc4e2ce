import { nextWindowStart, type MaintenanceWindow } from '../actions/maintenance-window.js';
import { hms, MIN_POLLING_SECONDS } from '../polling-interval.js';

/** hawkBit's `maintenanceWindowPollCount`: how many polls a device makes before its next window opens. */
export const MAINTENANCE_WINDOW_POLL_COUNT = 3;

/**
 * The poll's `config.polling.sleep` (hawkBit's ControllerManagement `getPollingTimeForAction` and its
 * EventTimer): the target's polling interval of this poll (decision 110: its override's or the default,
 * deviation applied), shortened while the active action's maintenance window is still ahead so that the
 * device polls {@link MAINTENANCE_WINDOW_POLL_COUNT} times before it opens: (next window start − now) / count,
 * truncated to whole seconds and bounded to [{@link MIN_POLLING_SECONDS}, interval]. An open window, a lapsed
 * one, or none: the interval.
 *
 * @param intervalSeconds the interval of this poll, seconds
 * @param window the active action's maintenance window, if any (validated when it was stored)
 * @param now epoch ms
 * @returns HH:mm:ss
 */
export function pollingSleep(intervalSeconds: number, window: MaintenanceWindow | null | undefined, now: number): string {
  const start = window ? nextWindowStart(window, now) : undefined;
  if (start === undefined || start < now) return hms(intervalSeconds);
  const shortened = Math.floor((start - now) / 1000 / MAINTENANCE_WINDOW_POLL_COUNT);
  return hms(Math.min(intervalSeconds, Math.max(MIN_POLLING_SECONDS, shortened)));
}

import { nextWindowStart, type MaintenanceWindow } from '../actions/maintenance-window.js';

/** hawkBit's `minPollingTime` (00:00:30): a shortened sleep is never below it. */
export const MIN_POLLING_SECONDS = 30;
/** hawkBit's `maintenanceWindowPollCount`: how many polls a device makes before its next window opens. */
export const MAINTENANCE_WINDOW_POLL_COUNT = 3;

/**
 * The poll's `config.polling.sleep` (hawkBit's ControllerManagement `getPollingTimeForAction` and its
 * EventTimer): the polling interval, shortened while the active action's maintenance window is still
 * ahead so that the device polls {@link MAINTENANCE_WINDOW_POLL_COUNT} times before it opens:
 * (next window start − now) / count, truncated to whole seconds and bounded to [{@link MIN_POLLING_SECONDS},
 * interval]. An open window, a lapsed one, or none: the interval.
 *
 * @param interval `[ddi] polling_interval`, HH:mm:ss
 * @param window the active action's maintenance window, if any (validated when it was stored)
 * @param now epoch ms
 * @returns HH:mm:ss
 */
export function pollingSleep(interval: string, window: MaintenanceWindow | null | undefined, now: number): string {
  if (!window) return interval;
  const start = nextWindowStart(window, now);
  if (start === undefined || start < now) return interval;
  const intervalSeconds = secondsOf(interval);
  const shortened = Math.floor((start - now) / 1000 / MAINTENANCE_WINDOW_POLL_COUNT);
  const seconds = Math.min(intervalSeconds, Math.max(MIN_POLLING_SECONDS, shortened));
  return seconds === intervalSeconds ? interval : hms(seconds);
}

const secondsOf = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);

const hms = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((part) => String(part).padStart(2, '0')).join(':');

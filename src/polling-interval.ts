/** hawkBit's `minPollingTime` (00:00:30): a shortened or jittered sleep is never below it (nor below the interval itself). */
export const MIN_POLLING_SECONDS = 30;
/** hawkBit's `maxPollingTime` (23:59:59). */
export const MAX_POLLING_SECONDS = 24 * 60 * 60 - 1;

/** A polling interval as configured: `HH:mm:ss` with hawkBit's optional random deviation `~NN%` (decision 110). */
export interface PollingInterval {
  /** the interval without deviation, seconds */
  readonly seconds: number;
  /** the deviation, 0–99 % of the interval either way */
  readonly jitterPercent: number;
}

const PATTERN = /^(\d{2}):([0-5]\d):([0-5]\d)(?:~(\d{1,2})%)?$/;

/**
 * Reads `HH:mm:ss` or `HH:mm:ss~NN%` (00:00:01–23:59:59, 0–99 %); undefined for anything else.
 * Memoised: the poll reads a target's stored interval on every request, and there are only a few.
 */
export function parsePollingInterval(text: string): PollingInterval | undefined {
  let interval = parsed.get(text);
  if (interval === undefined && !parsed.has(text)) {
    interval = read(text);
    if (parsed.size < MEMO_LIMIT) parsed.set(text, interval);
  }
  return interval;
}

const MEMO_LIMIT = 256;
const parsed = new Map<string, PollingInterval | undefined>();

function read(text: string): PollingInterval | undefined {
  const match = PATTERN.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const total = (hours * 60 + minutes) * 60 + seconds;
  if (hours > 23 || total === 0) return undefined;
  return { seconds: total, jitterPercent: match[4] === undefined ? 0 : Number(match[4]) };
}

/**
 * One poll's interval, seconds: the configured one moved by a uniformly random whole number of seconds
 * within ±jitter % of it (hawkBit's `getFormattedIntervalWithDeviation`, per poll), then bounded to
 * [min({@link MIN_POLLING_SECONDS}, interval), {@link MAX_POLLING_SECONDS}].
 * @param random a number in [0, 1), Math.random by default
 */
export function jitteredSeconds(interval: PollingInterval, random: () => number = Math.random): number {
  const spread = Math.floor((interval.seconds * interval.jitterPercent) / 100);
  if (spread === 0) return interval.seconds;
  const moved = interval.seconds - spread + Math.floor(random() * (2 * spread + 1));
  return Math.min(MAX_POLLING_SECONDS, Math.max(Math.min(MIN_POLLING_SECONDS, interval.seconds), moved));
}

/** The last {@link hms}: every poll without deviation or window answers the same interval (decision 267). */
let lastHms: { readonly seconds: number; readonly text: string } = { seconds: 0, text: '00:00:00' };

/** `HH:mm:ss` of whole seconds below a day. */
export function hms(seconds: number): string {
  if (seconds === lastHms.seconds) return lastHms.text;
  const text = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((part) => String(part).padStart(2, '0')).join(':');
  lastHms = { seconds, text };
  return text;
}

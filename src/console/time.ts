/** A time as the browser's locale writes it, or a dash without one. */
export const formatTime = (epochMs: number | undefined | null) => (epochMs === undefined || epochMs === null ? '—' : new Date(epochMs).toLocaleString());

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "5 minutes ago", "in 2 hours": the largest whole unit between `epochMs` and `now`. */
export function relativeTime(epochMs: number, now: number): string {
  const difference = epochMs - now;
  const [unit, size] = UNITS.find(([, ms]) => Math.abs(difference) >= ms) ?? (['second', 1000] as const);
  return relative.format(Math.trunc(difference / size), unit);
}

/** "2 minutes" or "45 seconds": how long a wait of `seconds` is. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

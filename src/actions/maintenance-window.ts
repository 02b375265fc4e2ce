/**
 * hawkBit's maintenance windows: a Quartz cron schedule, a duration and a fixed UTC offset. While a window
 * is closed a device is told to download but not install (DDI `update: skip`); while it is open it installs.
 *
 * Pure: no I/O, no clock. Every instant is epoch milliseconds passed in by the caller.
 *
 * hawkBit semantics (MaintenanceScheduleHelper, JpaAction): the schedule is Quartz cron as parsed by
 * cron-utils' `CronType.QUARTZ`: six fields with a leading seconds field, or seven with a trailing year
 * (1970–2099); exactly one of day-of-month and day-of-week is `?`; weekdays are numbered 1=Sunday … 7=Saturday
 * (names SUN–SAT also work). The next window starts at the first execution strictly after `now − duration`,
 * evaluated on the wall clock of the fixed offset (no daylight saving); the window is open iff
 * `start < now < start + duration`. A window with no future start has lapsed.
 *
 * Evaluated with croner. Quartz forms croner lacks are refused as malformed rather than misread: `L-3` (third
 * to last day of the month) and ranges that wrap around (`FRI-MON`, `22-2`). croner's own extensions (`+`,
 * `#L`, `?` outside the day fields, weekday 8, years outside 1970–2099) are refused too.
 */
import { Cron } from 'croner';
import { DomainError, ErrorCode } from '../errors.js';

/** A maintenance window as stored on an action. Validate it with {@link validateMaintenanceWindow} first. */
export interface MaintenanceWindow {
  /** Quartz cron: `second minute hour day-of-month month day-of-week [year]`, e.g. `0 0 3 ? * MON-FRI` */
  readonly schedule: string;
  /** `HH:mm:ss`, more than zero and at most `23:59:59` */
  readonly duration: string;
  /** fixed offset from UTC, `±HH:mm`, at most 18:00 either way, e.g. `+02:00` */
  readonly timezone: string;
}

/** The columns of an action row that hold its window (all null when it has none). */
export interface MaintenanceWindowColumns {
  readonly maintenance_schedule: string | null;
  readonly maintenance_duration: string | null;
  readonly maintenance_timezone: string | null;
}

/** The window an action row stores, or null. */
export function storedWindow(row: MaintenanceWindowColumns): MaintenanceWindow | null {
  const { maintenance_schedule: schedule, maintenance_duration: duration, maintenance_timezone: timezone } = row;
  return schedule !== null && duration !== null && timezone !== null ? { schedule, duration, timezone } : null;
}

/**
 * A window as a request may carry it: any field may be missing. An empty string counts as missing, as in
 * hawkBit. Either all three are present or none is.
 */
export type MaintenanceWindowInput = { readonly [K in keyof MaintenanceWindow]?: string | null };

/**
 * Checks a window before it is stored (at assignment time). A window with none of its three fields is valid
 * (no window); one with only some of them is not.
 *
 * @param now epoch ms; the schedule must have a window that is open now or starts later
 * @throws DomainError(maintenanceScheduleInvalid) naming what is wrong: some fields missing, a malformed
 *   schedule, a five-field schedule, a bad duration, a bad offset, or no future window (for example a
 *   schedule pinned to a year already past)
 */
export function validateMaintenanceWindow(window: MaintenanceWindowInput, now: number): void {
  const fields = ['schedule', 'duration', 'timezone'] as const;
  const missing = fields.filter((field) => (window[field] ?? '') === '');
  if (missing.length === fields.length) return;
  if (missing.length > 0) {
    const names = missing.join(', ');
    throw invalid(`A maintenance window needs schedule, duration and timezone, or none of them; missing: ${names}.`);
  }
  const complete = window as MaintenanceWindow;
  const { cron, latestYear } = compileSchedule(complete.schedule);
  const durationMs = parseDuration(complete.duration);
  const offsetMs = parseOffset(complete.timezone);
  if (nextStart(cron, durationMs, offsetMs, now) !== undefined) return;
  const currentYear = new Date(now + offsetMs).getUTCFullYear();
  throw invalid(
    latestYear < currentYear
      ? `Maintenance schedule "${complete.schedule}" is pinned to a year already past (last year ${latestYear}).`
      : `Maintenance schedule "${complete.schedule}" has no maintenance window after the current time.`,
  );
}

/**
 * The start of the window that is open now, or else of the next one: the first execution of the schedule
 * strictly after `now − duration`.
 *
 * @param now epoch ms
 * @returns epoch ms, or undefined when the schedule has no window after `now − duration` (lapsed; hawkBit
 *   then cancels the action)
 * @throws DomainError(maintenanceScheduleInvalid) when the window is malformed (it should have been validated
 *   before it was stored)
 */
export function nextWindowStart(window: MaintenanceWindow, now: number): number | undefined {
  const { cron } = compileSchedule(window.schedule);
  return nextStart(cron, parseDuration(window.duration), parseOffset(window.timezone), now);
}

/**
 * Whether the window is open at `now`: `start < now < start + duration`, both ends excluded. A lapsed
 * window is closed.
 *
 * @param now epoch ms
 * @throws DomainError(maintenanceScheduleInvalid) when the window is malformed
 */
export function isWindowOpen(window: MaintenanceWindow, now: number): boolean {
  const { cron } = compileSchedule(window.schedule);
  const durationMs = parseDuration(window.duration);
  const start = nextStart(cron, durationMs, parseOffset(window.timezone), now);
  return start !== undefined && start < now && now < start + durationMs;
}

function nextStart(cron: Cron, durationMs: number, offsetMs: number, now: number): number | undefined {
  // croner evaluates in UTC (utcOffset 0); shifting the instant by the offset puts the offset's wall clock
  // on croner's UTC clock. croner's own utcOffset option stops at ±14:30, hawkBit's ZoneOffset at ±18:00.
  const next = cron.nextRun(new Date(now - durationMs + offsetMs));
  return next === null ? undefined : next.getTime() - offsetMs;
}

interface CompiledSchedule {
  readonly cron: Cron;
  /** the last year the year field allows (2099 without a year field), for the "year already past" message */
  readonly latestYear: number;
}

const FIRST_YEAR = 1970;
const LAST_YEAR = 2099;

const FIELD_NAMES = ['second', 'minute', 'hour', 'day-of-month', 'month', 'day-of-week', 'year'] as const;

/**
 * Characters Quartz allows per field (upper-cased). Keeps croner's own extensions out (`+` for AND, `?` in
 * time fields), and any `:`, which would make croner read the pattern as a one-shot ISO date.
 */
const FIELD_CHARACTERS: readonly RegExp[] = [
  /^[0-9*,/-]+$/,
  /^[0-9*,/-]+$/,
  /^[0-9*,/-]+$/,
  /^(?:\?|[0-9*,/\-LW]+)$/,
  /^[0-9A-Z*,/-]+$/,
  /^(?:\?|[0-9A-Z*,/\-#]+)$/,
  /^[0-9*,/-]+$/,
];

/**
 * Compiled schedules by their text, least recently used first; only valid ones are kept. Building a croner
 * `Cron` costs 30 µs (a pattern seen before) to 200 µs (a new one), against 3–20 µs to evaluate it, and every
 * DDI poll of an action with a window evaluates it, while a fleet shares a handful of schedules. Each `Cron`
 * holds ~80 KB (croner allocates a 10 000-entry year table), hence the small bound: 32 entries, ~2.6 MB at most.
 */
const compiled = new Map<string, CompiledSchedule>();
const COMPILED_MAX = 32;

function compileSchedule(schedule: string): CompiledSchedule {
  const hit = compiled.get(schedule);
  if (hit !== undefined) {
    compiled.delete(schedule);
    compiled.set(schedule, hit);
    return hit;
  }
  const result = parseSchedule(schedule);
  if (compiled.size >= COMPILED_MAX) {
    const oldest = compiled.keys().next();
    if (oldest.done !== true) compiled.delete(oldest.value);
  }
  compiled.set(schedule, result);
  return result;
}

function parseSchedule(schedule: string): CompiledSchedule {
  const fields = schedule.trim().toUpperCase().split(/\s+/);
  if (fields.length === 5) {
    throw invalidSchedule(schedule, 'it has five fields; a Quartz schedule starts with a seconds field (six fields, or seven with a year)');
  }
  if (fields.length !== 6 && fields.length !== 7) {
    const expected = 'expected six (second minute hour day-of-month month day-of-week) or seven (with a year)';
    throw invalidSchedule(schedule, `it has ${fields.length} field(s); ${expected}`);
  }
  fields.forEach((field, i) => {
    const name = FIELD_NAMES[i] ?? 'year';
    if (field.includes('?') && i !== 3 && i !== 5) {
      throw invalidSchedule(schedule, `'?' is allowed only in day-of-month and day-of-week, not in ${name}`);
    }
    if (!(FIELD_CHARACTERS[i] ?? /^$/).test(field)) {
      throw invalidSchedule(schedule, `the ${name} field "${field}" is malformed`);
    }
  });
  const [, , , dayOfMonth = '', , dayOfWeek = '', year] = fields;
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) {
    throw invalidSchedule(schedule, "exactly one of day-of-month and day-of-week must be '?'");
  }
  if (dayOfWeek.includes('#L')) {
    throw invalidSchedule(schedule, "'#L' in day-of-week is not Quartz; write '6L' for the last Friday");
  }
  checkRanges(schedule, fields);
  if (dayOfWeek === 'L') fields[5] = '7'; // Quartz: 'L' alone in day-of-week is Saturday; croner lacks it

  let cron: Cron;
  try {
    cron = new Cron(fields.join(' '), {
      mode: '6-or-7-parts',
      alternativeWeekdays: true, // Quartz numbering, 1=Sunday … 7=Saturday
      sloppyRanges: true, // Quartz's '0/15' (croner only takes '*/15' and '0-59/15' without it)
      utcOffset: 0,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Cron\w*: /, '') : String(error);
    throw invalidSchedule(schedule, reason);
  }
  return { cron, latestYear: year === undefined ? LAST_YEAR : latestYearOf(year) };
}

/** Inclusive bounds of each field's numbers (cron-utils' QUARTZ definition). */
const FIELD_RANGES: readonly (readonly [number, number])[] = [
  [0, 59],
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [1, 7],
  [FIRST_YEAR, LAST_YEAR],
];

/**
 * Checks the numbers of every field against Quartz's bounds. croner would take weekday 8 (as Sunday) and years
 * up to 9999, and words its own range errors zero-based ("Invalid value for month: 12" for 13). Steps are left
 * to croner; names (JAN, MON) too.
 */
function checkRanges(schedule: string, fields: readonly string[]): void {
  fields.forEach((field, i) => {
    const [min, max] = FIELD_RANGES[i] ?? [0, 0];
    for (const item of field.split(',')) {
      const [value = ''] = item.split('#'); // 2#3: the third Monday
      const [range = ''] = value.replace(/[LW]+$/, '').split('/'); // 6L, 15W, LW; 0/15
      for (const bound of range.split('-')) {
        if (/^\d+$/.test(bound) && (Number(bound) < min || Number(bound) > max)) {
          const weekdays = i === 5 ? '; Quartz numbers weekdays 1 (Sunday) to 7 (Saturday)' : '';
          const name = FIELD_NAMES[i] ?? 'year';
          throw invalidSchedule(schedule, `${name} ${bound} is out of range ${min}–${max}${weekdays}`);
        }
      }
    }
  });
}

/** The last year a (checked) year field allows; a step without an upper bound runs to 2099. */
function latestYearOf(field: string): number {
  let latest = FIRST_YEAR;
  for (const item of field.split(',')) {
    const [range = '', step] = item.split('/');
    const bounds = range.split('-');
    if (range === '*' || (step !== undefined && bounds.length === 1)) return LAST_YEAR;
    for (const bound of bounds) latest = Math.max(latest, Number(bound));
  }
  return latest;
}

const DURATION = /^(\d{2}):(\d{2}):(\d{2})$/;

/** `HH:mm:ss` → ms; more than zero, at most 23:59:59 (hawkBit reads it as a `LocalTime`). */
function parseDuration(duration: string): number {
  const match = DURATION.exec(duration);
  const [hours, minutes, seconds] = match ? match.slice(1).map(Number) : [];
  if (hours === undefined || minutes === undefined || seconds === undefined) throw badDuration(duration);
  if (hours > 23 || minutes > 59 || seconds > 59) throw badDuration(duration);
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  if (ms === 0) throw invalid(`Maintenance window duration "${duration}" must be more than zero.`);
  return ms;
}

function badDuration(duration: string): DomainError {
  return invalid(`Maintenance window duration "${duration}" is not HH:mm:ss between 00:00:01 and 23:59:59.`);
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const MAX_OFFSET_MINUTES = 18 * 60;

/** `±HH:mm` → ms east of UTC; at most ±18:00 (Java's `ZoneOffset`). */
function parseOffset(timezone: string): number {
  const match = OFFSET.exec(timezone);
  const [sign, hours, minutes] = match ? [match[1], Number(match[2]), Number(match[3])] : [];
  if (sign === undefined || hours === undefined || minutes === undefined || minutes > 59) {
    throw invalid(`Maintenance window timezone "${timezone}" is not a UTC offset ±HH:mm, e.g. +02:00.`);
  }
  const total = hours * 60 + minutes;
  if (total > MAX_OFFSET_MINUTES) {
    throw invalid(`Maintenance window timezone "${timezone}" is beyond ±18:00.`);
  }
  return (sign === '-' ? -total : total) * 60_000;
}

function invalidSchedule(schedule: string, reason: string): DomainError {
  const why = reason.replace(/\.$/, '');
  return invalid(`Maintenance schedule "${schedule}" is not a valid Quartz cron expression: ${why}.`);
}

function invalid(message: string): DomainError {
  return new DomainError(ErrorCode.maintenanceScheduleInvalid, message);
}

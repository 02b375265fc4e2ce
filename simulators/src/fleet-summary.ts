import type { Behaviour } from './behaviour.js';
import { REQUEST_KINDS, type DdiHttp, type RequestKind } from './ddi-http.js';
import type { DeviceState } from './device-lifecycle.js';
import type { Device, Outcomes } from './device.js';
import type { TimelineSample } from './fleet-timeline.js';
import type { LatencyPercentiles } from './latency-histogram.js';

/** `phases`: the last phase ended; `error`: a phase's start hook failed (the run rejects with its error). */
export type StopReason = 'closed' | 'duration' | 'signal' | 'phases' | 'error';

export interface PhaseRecord {
  readonly name: string;
  /** ms from the fleet's start */
  readonly startMs: number;
  endMs: number;
  /** its duration ran out, every online device answered a poll or closed an action, or the run stopped in it */
  endedBy: 'duration' | 'seen' | 'closed' | 'stopped';
}

/** One of the devices that closed an action last (or never). */
export interface SlowDevice {
  readonly controllerId: string;
  readonly behaviour: Behaviour;
  readonly state: DeviceState;
  /** when it first closed an action, ms from the fleet's start; null: never */
  readonly closedAtMs: number | null;
  readonly resets: number;
  readonly cuts: number;
  readonly reboots: number;
  readonly churns: number;
}

const SLOWEST = 10;

export interface RequestSummary {
  /** answered requests (any status) */
  readonly count: number;
  /** non-2xx answers and transport errors */
  readonly errors: number;
  readonly latencyMs: LatencyPercentiles;
  /** `[upper edge ms, count]`, ten bins to a factor of ten */
  readonly histogram: readonly (readonly [number, number])[];
}

/** What `simulateFleet` resolves to, and what `--json` prints. */
export interface FleetSummary {
  readonly stoppedBy: StopReason;
  readonly durationMs: number;
  readonly seed: number;
  readonly devices: {
    readonly total: number;
    readonly online: number;
    readonly offline: number;
    /** answered at least one poll */
    readonly seen: number;
    /** reported at least one successful installation */
    readonly finished: number;
    /** closed `untilClosed` actions */
    readonly done: number;
    /** online devices left with an offered action they did not close */
    readonly stuck: number;
    /** the last first close of an online device, ms from the fleet's start; null: none closed */
    readonly lastClosedMs: number | null;
    readonly behaviours: Readonly<Record<Behaviour, number>>;
  };
  readonly polls: { readonly count: number; readonly perSecond: number; readonly errors: number };
  readonly downloads: {
    readonly count: number;
    readonly bytes: number;
    readonly verified: number;
    readonly unverifiable: number;
    readonly sizeMismatches: number;
    readonly hashMismatches: number;
  };
  readonly outcomes: Readonly<
    Pick<
      Outcomes,
      'finished' | 'failed' | 'verificationFailed' | 'downloadOnly' | 'canceled' | 'confirmed' | 'denied' | 'attributesUploaded' | 'deploymentsFetched'
    >
  >;
  readonly requests: Readonly<Record<RequestKind, RequestSummary>>;
  /** of every request, the wait for one of the `connections` (part of each latency above) */
  readonly connectionWaitMs: LatencyPercentiles;
  /** `"<request kind> <status or error code>"` → count; injected faults end in `(injected)` */
  readonly errors: Readonly<Record<string, number>>;
  /** the injected faults and how the devices came through them */
  readonly faults: {
    readonly resets: number;
    readonly downloadsCut: number;
    readonly downloadsResumed: number;
    readonly rangeIgnored: number;
    readonly reboots: number;
    readonly sameActionAfterReboot: number;
    readonly churnedOffline: number;
    readonly churnedBack: number;
  };
  readonly phases: readonly PhaseRecord[];
  /** the devices counted by state every `intervalMs` and at each phase's start and end */
  readonly timeline: { readonly intervalMs: number; readonly samples: readonly TimelineSample[] };
  /** the online devices that closed an action last, those that never did first */
  readonly slowestDevices: readonly SlowDevice[];
}

export interface SummaryInput {
  readonly stoppedBy: StopReason;
  readonly durationMs: number;
  readonly seed: number;
  readonly devices: readonly Device[];
  readonly done: number;
  readonly behaviours: Readonly<Record<Behaviour, number>>;
  readonly outcomes: Outcomes;
  readonly http: DdiHttp;
  readonly phases: readonly PhaseRecord[];
  readonly timeline: FleetSummary['timeline'];
}

function slowest(online: readonly Device[]): SlowDevice[] {
  const late = (device: Device) => device.firstClosedMs ?? Infinity;
  return [...online]
    .sort((a, b) => late(b) - late(a))
    .slice(0, SLOWEST)
    .map((device) => ({
      controllerId: device.controllerId,
      behaviour: device.behaviour,
      state: device.state,
      closedAtMs: device.firstClosedMs === undefined ? null : Math.round(device.firstClosedMs),
      resets: device.link.resetsInjected,
      ...device.hits,
    }));
}

export function summarize(input: SummaryInput): FleetSummary {
  const { stoppedBy, durationMs, seed, devices, done, behaviours, outcomes, http } = input;
  const online = devices.filter((device) => device.behaviour !== 'offline');
  const closedTimes = online.flatMap((device) => (device.firstClosedMs === undefined ? [] : [device.firstClosedMs]));
  const requests = Object.fromEntries(
    REQUEST_KINDS.map((kind): [RequestKind, RequestSummary] => {
      const stats = http.stats[kind];
      return [kind, { count: stats.latency.count, errors: stats.errors, latencyMs: stats.latency.percentiles(), histogram: stats.latency.bins() }];
    }),
  ) as Record<RequestKind, RequestSummary>;
  const polls = requests.poll.count;
  return {
    stoppedBy,
    durationMs: Math.round(durationMs),
    seed,
    devices: {
      total: devices.length,
      online: devices.length - behaviours.offline,
      offline: behaviours.offline,
      seen: outcomes.devicesSeen,
      finished: devices.filter((device) => device.finishedActions > 0).length,
      done,
      stuck: online.filter((device) => device.openActionId !== undefined).length,
      lastClosedMs: closedTimes.length === 0 ? null : Math.round(Math.max(...closedTimes)),
      behaviours,
    },
    polls: { count: polls, perSecond: Math.round((polls / Math.max(durationMs, 1)) * 10_000) / 10, errors: requests.poll.errors },
    downloads: {
      count: outcomes.downloads,
      bytes: outcomes.downloadedBytes,
      verified: outcomes.verified,
      unverifiable: outcomes.unverifiable,
      sizeMismatches: outcomes.sizeMismatches,
      hashMismatches: outcomes.hashMismatches,
    },
    outcomes: {
      finished: outcomes.finished,
      failed: outcomes.failed,
      verificationFailed: outcomes.verificationFailed,
      downloadOnly: outcomes.downloadOnly,
      canceled: outcomes.canceled,
      confirmed: outcomes.confirmed,
      denied: outcomes.denied,
      attributesUploaded: outcomes.attributesUploaded,
      deploymentsFetched: outcomes.deploymentsFetched,
    },
    requests,
    connectionWaitMs: http.connectionWait.percentiles(),
    errors: Object.fromEntries([...http.errorsByCause.entries()].sort(([a], [b]) => a.localeCompare(b))),
    faults: {
      resets: devices.reduce((sum, device) => sum + device.link.resetsInjected, 0),
      downloadsCut: outcomes.downloadsCut,
      downloadsResumed: outcomes.downloadsResumed,
      rangeIgnored: outcomes.rangeIgnored,
      reboots: outcomes.reboots,
      sameActionAfterReboot: outcomes.sameActionAfterReboot,
      churnedOffline: outcomes.churnedOffline,
      churnedBack: outcomes.churnedBack,
    },
    phases: input.phases,
    timeline: input.timeline,
    slowestDevices: slowest(online),
  };
}

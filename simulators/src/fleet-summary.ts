import type { Behaviour } from './behaviour.js';
import { REQUEST_KINDS, type DdiHttp, type RequestKind } from './ddi-http.js';
import type { Device, Outcomes } from './device.js';
import type { LatencyPercentiles } from './latency-histogram.js';

export type StopReason = 'closed' | 'duration' | 'signal';

export interface RequestSummary {
  /** answered requests (any status) */
  readonly count: number;
  /** non-2xx answers and transport errors */
  readonly errors: number;
  readonly latencyMs: LatencyPercentiles;
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
  /** `"<request kind> <status or error code>"` → count */
  readonly errors: Readonly<Record<string, number>>;
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
}

export function summarize({ stoppedBy, durationMs, seed, devices, done, behaviours, outcomes, http }: SummaryInput): FleetSummary {
  const requests = Object.fromEntries(
    REQUEST_KINDS.map((kind) => {
      const stats = http.stats[kind];
      return [kind, { count: stats.latency.count, errors: stats.errors, latencyMs: stats.latency.percentiles() }];
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
  };
}

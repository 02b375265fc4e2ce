import type { BehaviourMix } from './behaviour.js';
import type { Outcomes } from './device.js';
import type { LatencyHistogram } from './latency-histogram.js';

/** Live figures, handed to `onProgress` every `progressIntervalMs`. */
export interface FleetProgress {
  readonly elapsedMs: number;
  readonly online: number;
  /** devices that closed `untilClosed` actions (0 without it) */
  readonly done: number;
  readonly polls: number;
  /** polls per second since the previous report */
  readonly pollsPerSecond: number;
  /** device wake-ups whose DDI work is under way */
  readonly inFlight: number;
  readonly errors: number;
  /** a copy of the fleet's counters */
  readonly outcomes: Readonly<Outcomes>;
  /** the polls' latencies so far (live: copy it to compare with a later report) */
  readonly pollLatency: LatencyHistogram;
  /** the same without the wait for one of the fleet's `connections` */
  readonly pollLatencyOnConnection: LatencyHistogram;
}

/** The faults of a phase (decision 243), each share in [0, 1]. */
export interface PhaseFaults {
  /** of requests whose connection is reset (then retried with backoff) */
  readonly resets: number;
  /** of downloads cut at a random byte and resumed with `Range` */
  readonly cutDownloads: number;
  /** of installations interrupted by a reboot */
  readonly rebootDuringInstall: number;
  /** of devices whose link reads at `slowLinkBytesPerSec` */
  readonly slowLinks: number;
  readonly slowLinkBytesPerSec: number;
  /** of online devices that stop polling for `churnOfflineMs`, from a random moment of the phase's first `churnWindowMs` */
  readonly churn: number;
  readonly churnOfflineMs: number;
  /** undefined: the phase's duration */
  readonly churnWindowMs: number | undefined;
}

export const NO_FAULTS: PhaseFaults = {
  resets: 0,
  cutDownloads: 0,
  rebootDuringInstall: 0,
  slowLinks: 0,
  slowLinkBytesPerSec: 32 * 1024,
  churn: 0,
  churnOfflineMs: 0,
  churnWindowMs: undefined,
};

/** One phase of a fleet's timeline. */
export interface FleetPhase {
  readonly name: string;
  /** the longest it lasts, ms */
  readonly durationMs: number;
  /** first phase only: the devices start spread at random over this many ms of it (default `rampUpMs`) */
  readonly rampUpMs?: number;
  /** the phase ends early once every online device has answered a poll */
  readonly untilSeen?: boolean;
  /** the phase ends early once every online device has closed `untilClosed` (default 1) actions */
  readonly untilClosed?: boolean;
  readonly faults?: PhaseFaults;
  /**
   * called as the phase starts with the controllerIds of the online devices (they keep running meanwhile);
   * a rejection ends the run with it
   */
  readonly onStart?: (onlineIds: readonly string[]) => Promise<void>;
}

export interface FleetOptions {
  /** Falconet's base URL, e.g. `http://127.0.0.1:8080` */
  readonly url: string;
  readonly tenant?: string;
  readonly devices: number;
  /** controllerIds are `<prefix><n>`, n from 1, zero-padded to the width of `devices` */
  readonly prefix?: string;
  /** `Authorization: GatewayToken …`: unknown devices register themselves on their first poll */
  readonly gatewayToken?: string;
  /** `Authorization: TargetToken …`; `{id}` is replaced by the controllerId */
  readonly targetToken?: string;
  /** poll this often instead of the server's `config.polling.sleep` (load runs) */
  readonly pollIntervalMs?: number;
  /** ± fraction applied to each sleep (default 0.1) */
  readonly jitter?: number;
  /** first polls spread evenly at random over this window (default 0: all at once) */
  readonly rampUpMs?: number;
  readonly seed?: number;
  readonly mix?: BehaviourMix;
  /** download rate of `slow` devices, bytes/s (default 64 KiB/s) */
  readonly slowBytesPerSec?: number;
  /** time between a verified download and the final report (default 1 s) */
  readonly installMs?: number;
  /** keep-alive connections at most (default 256) */
  readonly connections?: number;
  readonly requestTimeoutMs?: number;
  /** stop when every online device has closed this many actions */
  readonly untilClosed?: number;
  /** stop after this long */
  readonly durationMs?: number;
  /**
   * the timeline: each phase in turn, then the run stops (`durationMs` and `untilClosed` then only bound
   * the phases); without it, one phase as long as the run with no faults
   */
  readonly phases?: readonly FleetPhase[];
  /** between two samples of the device states, ms (default 1000) */
  readonly sampleIntervalMs?: number;
  /** stop when aborted */
  readonly signal?: AbortSignal;
  readonly progressIntervalMs?: number;
  readonly onProgress?: (progress: FleetProgress) => void;
}

export const FLEET_DEFAULTS = {
  tenant: 'DEFAULT',
  prefix: 'sim-',
  jitter: 0.1,
  rampUpMs: 0,
  seed: 1,
  slowBytesPerSec: 64 * 1024,
  installMs: 1000,
  connections: 256,
  requestTimeoutMs: 30_000,
  progressIntervalMs: 1000,
  sampleIntervalMs: 1000,
  /** sleep before the first answered poll, when the server has said nothing yet and there is no override */
  firstRetryMs: 10_000,
} as const;

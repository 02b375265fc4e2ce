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
  /** sleep before the first answered poll, when the server has said nothing yet and there is no override */
  firstRetryMs: 10_000,
} as const;

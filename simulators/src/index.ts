export { simulateFleet } from './fleet.js';
export type { Outcomes } from './device.js';
export { FLEET_DEFAULTS, type FleetOptions, type FleetProgress } from './fleet-options.js';
export type { FleetSummary, RequestSummary, StopReason } from './fleet-summary.js';
export { BEHAVIOURS, type Behaviour, type BehaviourMix } from './behaviour.js';
export { parseCliOptions, UsageError, USAGE, type CliOptions } from './cli-options.js';
export { formatSummary, progressLine } from './progress-line.js';
export type { LatencyHistogram, LatencyPercentiles } from './latency-histogram.js';

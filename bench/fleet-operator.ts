/**
 * The fleet never waits for an operator (decision 253): a fleet polls at its production rate — every target
 * once per polling interval (5 min, the default), capped at what the load core generates steadily — while an
 * operator loop pages through the targets (the first page, a deep offset, `updatestatus==in_sync`,
 * `name==bench-000*`), reads the statistics and the action list back to back as fast as answers come. Per
 * run the devices' poll p50/p99 (autocannon at a fixed overall rate, latencies corrected for coordinated
 * omission) and the server's event-loop delay (bench/loop-delay.mjs), first with the fleet alone, then with
 * the operator loop. On SQLite the same rounds run with `[database] read_workers = 0` (every read on the
 * event loop) and with the default workers, each round starting each variant afresh on the same file.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { BenchServer } from './bench-process.js';
import { loopDelay, mgmtClient, startFalconet, type FalconetSetup, type LoopDelay } from './falconet-server.js';
import type { Device } from './poll-fleet.js';
import { median, progress } from './report.js';

/** The default polling interval, s: the production rate is the fleet over it. */
const POLLING_INTERVAL_SECONDS = 300;
/** Polls per second one load core sends steadily alongside the operator loop. */
const MAX_RATE = 5000;
const CONNECTIONS = 64;
const WARM_UP_SECONDS = 3;

/** What the operator asks, in turn. */
function operatorPaths(targets: number): readonly string[] {
  const page = 'sort=name:ASC&limit=50';
  return [
    `/rest/v1/targets?${page}&offset=0`,
    `/rest/v1/targets?${page}&offset=${Math.max(0, targets - 100)}`,
    `/rest/v1/targets?q=updatestatus==in_sync&${page}&offset=0`,
    `/rest/v1/targets?q=name==bench-000*&${page}&offset=0`,
    '/rest/v1/system/statistics',
    '/rest/v1/actions?limit=50&offset=0',
  ];
}

/** One phase of a run: the polls, the server's loop, and the operator's requests (none while the fleet is alone). */
export interface Phase {
  readonly pollsPerSecond: number;
  readonly pollP50Ms: number;
  readonly pollP99Ms: number;
  readonly failedPolls: number;
  readonly loop: LoopDelay;
  readonly operatorRequests: number;
  readonly operatorMedianMs: number;
  readonly operatorMaxMs: number;
}

export interface FleetOperatorVariant {
  readonly label: string;
  readonly alone: readonly Phase[];
  readonly withOperator: readonly Phase[];
}

export interface FleetOperatorFigures {
  readonly targets: number;
  /** polls/s asked of autocannon */
  readonly rate: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly variants: readonly FleetOperatorVariant[];
}

export interface FleetOperatorOptions {
  readonly setup: FalconetSetup;
  readonly devices: readonly Device[];
  readonly serverCore: number;
  readonly seconds: number;
  readonly rounds: number;
  /** polls/s; the production rate by default */
  readonly rate: number | undefined;
  /** the server configurations compared in the same rounds: a label and TOML lines each */
  readonly variants: readonly { readonly label: string; readonly toml: readonly string[] }[];
}

/** Polls random devices with their own token at `rate` per second for `seconds`. */
async function poll(server: BenchServer, devices: readonly Device[], rate: number, seconds: number) {
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    overallRate: rate,
    requests: [
      {
        setupRequest: (request) => {
          const device = devices[Math.floor(Math.random() * devices.length)] as Device;
          return { ...request, path: `/DEFAULT/controller/v1/${device.controllerId}`, headers: { authorization: `TargetToken ${device.token}` } };
        },
      },
    ],
  });
  return {
    pollsPerSecond: result['2xx'] / result.duration,
    pollP50Ms: result.latency.p50,
    pollP99Ms: result.latency.p99,
    failedPolls: result.non2xx + result.errors,
  };
}

/** Runs the operator's requests back to back until `stop` resolves; resolves to each request's time, ms. */
async function operatorLoop(url: string, setup: FalconetSetup, paths: readonly string[], stop: Promise<unknown>): Promise<number[]> {
  const mgmt = mgmtClient(url, setup.operator);
  let stopped = false;
  void stop.then(() => (stopped = true));
  const times: number[] = [];
  for (let i = 0; !stopped; i++) {
    const started = performance.now();
    await mgmt('GET', paths[i % paths.length] as string);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(options: FleetOperatorOptions, variant: number, round: number, rate: number): Promise<{ alone: Phase; withOperator: Phase }> {
  const { label, toml } = options.variants[variant] as FleetOperatorOptions['variants'][number];
  const dir = join(options.setup.dir, `variant-${variant}-round-${round}`);
  const loopDelayFile = join(dir, 'loop-delay.json');
  const setup: FalconetSetup = { ...options.setup, dir, loopDelayFile, toml: [...(options.setup.toml ?? []), ...toml] };
  const server = await startFalconet(options.serverCore, setup);
  try {
    const paths = operatorPaths(options.devices.length);
    // JIT, page cache and the operator's statements, then the fleet alone, then with the operator
    await Promise.all([poll(server, options.devices, rate, WARM_UP_SECONDS), operatorLoop(server.url, setup, paths, sleep(WARM_UP_SECONDS * 1000))]);
    await loopDelay(server.pid, loopDelayFile);
    const alone = await poll(server, options.devices, rate, options.seconds);
    const aloneLoop = await loopDelay(server.pid, loopDelayFile);
    const polling = poll(server, options.devices, rate, options.seconds);
    const times = await operatorLoop(server.url, setup, paths, polling);
    const together = await polling;
    const togetherLoop = await loopDelay(server.pid, loopDelayFile);
    const phases = {
      alone: { ...alone, loop: aloneLoop, operatorRequests: 0, operatorMedianMs: 0, operatorMaxMs: 0 },
      withOperator: { ...together, loop: togetherLoop, operatorRequests: times.length, operatorMedianMs: median(times), operatorMaxMs: Math.max(...times) },
    };
    progress(`fleet-operator ${label}, round ${round}: alone ${describe(phases.alone)}; with the operator ${describe(phases.withOperator)}`);
    return phases;
  } finally {
    await server.stop();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (phase: Phase) =>
  `${Math.round(phase.pollsPerSecond)} polls/s, p50 ${phase.pollP50Ms} ms, p99 ${phase.pollP99Ms} ms, loop delay p99 ${phase.loop.p99Ms} ms, ` +
  `max ${phase.loop.maxMs} ms` +
  (phase.operatorRequests > 0 ? `, ${phase.operatorRequests} operator requests (median ${phase.operatorMedianMs.toFixed(0)} ms)` : '') +
  (phase.failedPolls > 0 ? `, ${phase.failedPolls} polls failed!` : '');

/** Runs every variant in each round, in turns that alternate their order, on the seeded database of `setup`. */
export async function measureFleetOperator(options: FleetOperatorOptions): Promise<FleetOperatorFigures> {
  const targets = options.devices.length;
  const rate = options.rate ?? Math.min(MAX_RATE, Math.ceil(targets / POLLING_INTERVAL_SECONDS));
  progress(
    `fleet-operator: ${targets.toLocaleString('en')} targets polling at ${rate} polls/s, ${options.rounds} round(s) of 2 × ${options.seconds} s per variant`,
  );
  const runs = options.variants.map(() => ({ alone: [] as Phase[], withOperator: [] as Phase[] }));
  for (let round = 1; round <= options.rounds; round++) {
    const order = options.variants.map((_, index) => index);
    if (round % 2 === 0) order.reverse();
    for (const variant of order) {
      const phases = await measure(options, variant, round, rate);
      runs[variant]?.alone.push(phases.alone);
      runs[variant]?.withOperator.push(phases.withOperator);
    }
  }
  return {
    targets,
    rate,
    seconds: options.seconds,
    rounds: options.rounds,
    variants: options.variants.map(({ label }, index) => ({ label, ...(runs[index] as { alone: Phase[]; withOperator: Phase[] }) })),
  };
}

/** The median of each figure over the rounds. */
export function medianPhase(phases: readonly Phase[]): Phase {
  const of = (figure: (phase: Phase) => number) => median(phases.map(figure));
  return {
    pollsPerSecond: of((phase) => phase.pollsPerSecond),
    pollP50Ms: of((phase) => phase.pollP50Ms),
    pollP99Ms: of((phase) => phase.pollP99Ms),
    failedPolls: phases.reduce((sum, phase) => sum + phase.failedPolls, 0),
    loop: {
      p50Ms: of((phase) => phase.loop.p50Ms),
      p99Ms: of((phase) => phase.loop.p99Ms),
      maxMs: of((phase) => phase.loop.maxMs),
      samples: of((phase) => phase.loop.samples),
    },
    operatorRequests: of((phase) => phase.operatorRequests),
    operatorMedianMs: of((phase) => phase.operatorMedianMs),
    operatorMaxMs: of((phase) => phase.operatorMaxMs),
  };
}

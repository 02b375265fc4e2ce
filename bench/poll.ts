/**
 * DDI poll throughput, measured as decision 180 describes: the real Falconet and the hand-written Hono +
 * better-sqlite3 (or pg) poll of `poll-reference.ts` both pinned to the server core against the same seeded
 * data (on SQLite each server on a copy of the file: a server frozen while it writes must not hold a lock
 * the next one waits for); autocannon in this process (on the load core) polling random controllerIds with their
 * `TargetToken` over 64 and 256 keep-alive connections; rounds interleaved (Falconet, reference, Falconet,
 * …), the variant not measured frozen. Per run: req/s, p50, p99 and the server's CPU time per poll; per
 * connection count the medians and the median of the per-round ratios Falconet/reference (of req/s, and of
 * CPU per poll inverted, so that above 1 is better for both).
 *
 * With `overrides`, a second Falconet on the same data runs with {@link POLL_OVERRIDES} in the same
 * interleaved rounds: they match the devices whose number ends in an even digit, which only it polls (half
 * its polls answer an override's interval with deviation); the plain Falconet and the reference poll the
 * others, whose stored override stays empty. Its figure is the median of the per-round ratios to the plain one.
 *
 * A third server, Falconet with `[metrics] enabled = false`, runs in the same rounds: the cost of the
 * metrics is the median of the rounds' CPU per poll with metrics over without.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { BenchServer } from './bench-process.js';
import type { FreshDatabase } from './databases.js';
import { startFalconet, startReference, type FalconetSetup } from './falconet-server.js';
import type { Device } from './poll-fleet.js';
import { median, progress } from './report.js';

export const POLL_CONNECTIONS = [64, 256] as const;
const WARM_UP_SECONDS = 3;

export interface LoadRun {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** the server's CPU time per answered poll, µs: steadier than req/s on a shared machine */
  readonly cpuUs: number;
  readonly failed: number;
}

/** Three overrides with deviation (decision 110), for devices `bench-…` whose number ends in an even digit. */
export const POLL_OVERRIDES = [
  { query: 'name==bench-*0,name==bench-*2', interval: '00:02:00~10%' },
  { query: 'name==bench-*4,name==bench-*6', interval: '00:05:00~20%' },
  { query: 'name==bench-*8', interval: '00:30:00~5%' },
] as const;

/** The `[[ddi.polling_overrides]]` tables of {@link POLL_OVERRIDES}. */
export const POLL_OVERRIDES_TOML: readonly string[] = POLL_OVERRIDES.flatMap(({ query, interval }) => [
  '[[ddi.polling_overrides]]',
  `query = ${JSON.stringify(query)}`,
  `interval = ${JSON.stringify(interval)}`,
]);

const overridden = (device: Device) => /[02468]$/.test(device.controllerId);

/** The Falconet with overrides against the plain one, in the same rounds. */
export interface OverridesComparison {
  readonly runs: readonly LoadRun[];
  readonly median: LoadRun;
  /** median of the rounds' with/without overrides req/s */
  readonly ratio: number;
  /** median of the rounds' without/with overrides CPU per poll */
  readonly cpuRatio: number;
}

export interface PollComparison {
  readonly connections: number;
  readonly falconet: readonly LoadRun[];
  readonly reference: readonly LoadRun[];
  /** Falconet with `[metrics] enabled = false`, in the same rounds */
  readonly withoutMetrics: readonly LoadRun[];
  readonly median: {
    readonly falconet: LoadRun;
    readonly reference: LoadRun;
    /** median of the rounds' Falconet/reference req/s */
    readonly ratio: number;
    /** median of the rounds' reference/Falconet CPU per poll */
    readonly cpuRatio: number;
    readonly withoutMetrics: LoadRun;
    /** median of the rounds' Falconet CPU per poll with metrics over without, minus 1: 0.03 is 3 % more */
    readonly metricsCpuCost: number;
  };
  /** the reference's core share busy in its runs, lowest and highest: below 1 its req/s was bounded by the machine */
  readonly referenceBusy: readonly [number, number];
  readonly overrides?: OverridesComparison;
}

export interface PollOptions {
  readonly setup: FalconetSetup;
  /** a second Falconet setup, with {@link POLL_OVERRIDES_TOML} */
  readonly overrides?: FalconetSetup | undefined;
  /** the seeded data for each server but the first (`BenchDatabase.copyOf`) */
  readonly copyOf: (name: string) => Promise<FreshDatabase>;
  readonly devices: readonly Device[];
  readonly serverCore: number;
  readonly seconds: number;
  readonly rounds: number;
}

/** Polls random devices of the fleet with their own token for `duration` seconds. */
async function load(server: BenchServer, devices: readonly Device[], connections: number, duration: number): Promise<LoadRun> {
  const cpuBefore = server.cpuMs();
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const device = devices[Math.floor(Math.random() * devices.length)] as Device;
          return { ...request, path: `/DEFAULT/controller/v1/${device.controllerId}`, headers: { authorization: `TargetToken ${device.token}` } };
        },
      },
    ],
  });
  const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / result['2xx'];
  return { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpuUs, failed: result.non2xx + result.errors };
}

const medianRun = (runs: readonly LoadRun[]): LoadRun => ({
  rps: median(runs.map((run) => run.rps)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  cpuUs: median(runs.map((run) => run.cpuUs)),
  failed: runs.reduce((sum, run) => sum + run.failed, 0),
});

const describe = (run: LoadRun) =>
  `${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${Math.round(run.cpuUs)} µs CPU/poll${run.failed > 0 ? `, ${run.failed} failed!` : ''}`;

/** Starts both servers on the seeded database, compares them at each connection count, stops them. */
export async function comparePolls(options: PollOptions): Promise<PollComparison[]> {
  const plainDevices = options.overrides === undefined ? options.devices : options.devices.filter((device) => !overridden(device));
  const falconet = await startFalconet(options.serverCore, options.setup);
  const servers: BenchServer[] = [falconet];
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  const startOrStopAll = async (start: () => Promise<BenchServer>) => {
    const server = await start().catch(async (error: unknown) => {
      await stopAll();
      throw error;
    });
    servers.push(server);
    return server;
  };
  const withoutMetrics = await startOrStopAll(async () =>
    startFalconet(options.serverCore, {
      ...options.setup,
      dir: join(options.setup.dir, 'without-metrics'),
      databaseUrl: (await options.copyOf('poll-without-metrics')).url,
      toml: [...(options.setup.toml ?? []), '[metrics]', 'enabled = false'],
    }),
  );
  const reference = await startOrStopAll(async () => startReference(options.serverCore, (await options.copyOf('poll-reference')).referenceArgs));
  const { overrides } = options;
  const withOverrides =
    overrides === undefined
      ? undefined
      : await startOrStopAll(async () => startFalconet(options.serverCore, { ...overrides, databaseUrl: (await options.copyOf('poll-overrides')).url }));
  const measure = async (server: BenchServer, connections: number, duration: number) => {
    server.resume();
    const run = await load(server, server === withOverrides ? options.devices : plainDevices, connections, duration);
    server.freeze();
    return run;
  };
  try {
    servers.forEach((server) => server.freeze());
    for (const server of servers) await measure(server, POLL_CONNECTIONS[0], Math.min(WARM_UP_SECONDS, options.seconds)); // JIT, page cache
    const comparisons: PollComparison[] = [];
    for (const connections of POLL_CONNECTIONS) {
      const ours: LoadRun[] = [];
      const theirs: LoadRun[] = [];
      const overriddenRuns: LoadRun[] = [];
      const plain: LoadRun[] = [];
      for (let round = 1; round <= options.rounds; round++) {
        ours.push(await measure(falconet, connections, options.seconds));
        plain.push(await measure(withoutMetrics, connections, options.seconds));
        if (withOverrides) overriddenRuns.push(await measure(withOverrides, connections, options.seconds));
        theirs.push(await measure(reference, connections, options.seconds));
        progress(
          `poll ${connections} connections, round ${round}: Falconet ${describe(ours.at(-1) as LoadRun)}; ` +
            `without metrics ${describe(plain.at(-1) as LoadRun)}; ` +
            (withOverrides ? `with overrides ${describe(overriddenRuns.at(-1) as LoadRun)}; ` : '') +
            `reference ${describe(theirs.at(-1) as LoadRun)}`,
        );
      }
      const busy = theirs.map((run) => (run.rps * run.cpuUs) / 1e6);
      comparisons.push({
        connections,
        falconet: ours,
        reference: theirs,
        withoutMetrics: plain,
        median: {
          falconet: medianRun(ours),
          reference: medianRun(theirs),
          ratio: median(ours.map((run, i) => run.rps / (theirs[i] as LoadRun).rps)),
          cpuRatio: median(ours.map((run, i) => (theirs[i] as LoadRun).cpuUs / run.cpuUs)),
          withoutMetrics: medianRun(plain),
          metricsCpuCost: median(ours.map((run, i) => run.cpuUs / (plain[i] as LoadRun).cpuUs)) - 1,
        },
        referenceBusy: [Math.min(...busy), Math.max(...busy)],
        ...(withOverrides
          ? {
              overrides: {
                runs: overriddenRuns,
                median: medianRun(overriddenRuns),
                ratio: median(overriddenRuns.map((run, i) => run.rps / (ours[i] as LoadRun).rps)),
                cpuRatio: median(overriddenRuns.map((run, i) => (ours[i] as LoadRun).cpuUs / run.cpuUs)),
              },
            }
          : {}),
      });
    }
    return comparisons;
  } finally {
    await stopAll();
  }
}

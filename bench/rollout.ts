/**
 * A rollout driven to its end by the device-fleet simulator: the real Falconet pinned to the server core
 * (a fresh database, the given polling interval, the evaluator every second, a gateway token), a 64 KiB
 * artifact in a set, and `simulateFleet` in this process with as many devices as the rollout has targets,
 * registering themselves over a 5 s ramp-up. Once every device has polled, a rollout in groups over all
 * of them (`controllerId==sim-*`) is created and started through the management API: `groups` even
 * groups, or custom groups taking the given percentages in turn, each soaking for `soakTime` if given; the
 * run ends when every device has closed its action and the rollout is `finished`, and it reports when
 * each group started.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  formatSummary,
  progressLine,
  simulateFleet,
  type FleetProgress,
  type FleetSummary,
  type LatencyHistogram,
  type LatencyPercentiles,
} from '../simulators/src/index.js';
import { loopDelay, mgmtClient, startFalconet, uploadSet, type FalconetSetup, type LoopDelay, type Mgmt } from './falconet-server.js';
import { progress } from './report.js';

const GATEWAY = 'bench-gateway-token';
const ARTIFACT_BYTES = 64 * 1024;
const RAMP_UP_MS = 5000;
const INSTALL_MS = 1000;
const EVAL_INTERVAL_SECS = 1;
const STATUS_EVERY_MS = 250;
const PROGRESS_EVERY_MS = 10_000;
const FINISH_WAIT_MS = 30_000;

export interface RolloutOptions {
  readonly setup: FalconetSetup;
  readonly serverCore: number;
  readonly targets: number;
  readonly groups: number;
  /** custom groups instead: each takes this percentage of what the earlier ones left (the last one 100) */
  readonly percentages?: readonly number[] | undefined;
  /** HH:mm:ss each group runs at least before the next starts */
  readonly soakTime?: string | undefined;
  /** the polling interval Falconet advertises, s */
  readonly pollingSeconds: number;
}

export interface RolloutFigures {
  readonly targets: number;
  readonly groups: number;
  readonly percentages: readonly number[] | undefined;
  readonly soakTime: string | undefined;
  /** each group's targets, in order */
  readonly groupSizes: readonly number[];
  /** when each group was first seen running, s after the start request (undefined: never seen) */
  readonly groupStartedSeconds: readonly (number | undefined)[];
  readonly pollingSeconds: number;
  /** from the fleet's start until every device had polled (registered), s */
  readonly registeredSeconds: number;
  /** the create and the start request, ms */
  readonly createMs: number;
  readonly startMs: number;
  /** from the start request until the rollout was `finished`, s (undefined: it never was) */
  readonly finishedSeconds: number | undefined;
  /** from the start request until every device had closed its action, s */
  readonly allClosedSeconds: number;
  readonly status: string;
  readonly totalTargetsPerStatus: Record<string, number>;
  /** every device finished with verified hashes and the rollout is `finished` */
  readonly ok: boolean;
  readonly summary: FleetSummary;
  /**
   * the polls answered from the start request to the end of the run, apart from the registration burst
   * before it (10,000 first polls in 5 s) that the whole run's percentiles include
   */
  readonly rolloutPolls: {
    readonly count: number;
    readonly latencyMs: LatencyPercentiles;
    /** without the wait for one of the simulator's 256 connections: the server's answer, as a device on a connection of its own sees it */
    readonly onConnectionMs: LatencyPercentiles;
  };
  /** the server's event loop delay (perf_hooks.monitorEventLoopDelay) from the start request until the rollout finished */
  readonly loopDelay: LoopDelay;
  /** the server's /metrics at the end of the run (Prometheus text) */
  readonly metrics: string;
}

type Rollout = { status: string; totalTargetsPerStatus: Record<string, number> };
type Groups = { content: { status: string; totalTargets: number }[] };

interface Started {
  readonly id: number;
  readonly createMs: number;
  readonly startMs: number;
  /** when the start request was sent */
  readonly startedAt: number;
  /** when the rollout was first seen `finished` (undefined: not before `stop` aborted) */
  readonly finished: Promise<number | undefined>;
  /** when each group was first seen running (by position), filled in while watching */
  readonly groupStartedAt: (number | undefined)[];
}

const hms = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 19);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The create body: even groups, or custom groups `wave-1..n` taking the percentages; a soak time if given. */
function rolloutBody(options: RolloutOptions, setId: number): Record<string, unknown> {
  const groups = options.percentages?.map((targetPercentage, index) => ({ name: `wave-${index + 1}`, targetPercentage }));
  return {
    name: 'bench-rollout',
    targetFilterQuery: 'controllerId==sim-*',
    distributionSetId: setId,
    ...(groups === undefined ? { amountGroups: options.groups } : { groups }),
    ...(options.soakTime === undefined ? {} : { soakTime: options.soakTime }),
  };
}

async function createAndStart(mgmt: Mgmt, body: Record<string, unknown>, stop: AbortSignal): Promise<Started> {
  const creating = performance.now();
  const { id } = await mgmt<{ id: number }>('POST', '/rest/v1/rollouts', body);
  const startedAt = performance.now();
  await mgmt('POST', `/rest/v1/rollouts/${id}/start`);
  const createMs = startedAt - creating;
  const startMs = performance.now() - startedAt;
  progress(`rollout: created in ${Math.round(createMs)} ms, started in ${Math.round(startMs)} ms`);
  const groupStartedAt: (number | undefined)[] = [];
  const watch = async (): Promise<number | undefined> => {
    while (!stop.aborted) {
      const { content } = await mgmt<Groups>('GET', `/rest/v1/rollouts/${id}/deploygroups?limit=500`);
      content.forEach((group, index) => {
        if (groupStartedAt[index] === undefined && group.status !== 'scheduled' && group.status !== 'ready') {
          groupStartedAt[index] = performance.now();
          progress(
            `rollout: group ${index + 1} (${group.totalTargets} targets) started ${((performance.now() - startedAt) / 1000).toFixed(0)} s after the start`,
          );
        }
      });
      if ((await mgmt<Rollout>('GET', `/rest/v1/rollouts/${id}`)).status === 'finished') return performance.now();
      await sleep(STATUS_EVERY_MS);
    }
    return undefined;
  };
  // a failed status read (the server stopping after an error) leaves the time unknown
  return { id, createMs, startMs, startedAt, finished: watch().catch(() => undefined), groupStartedAt };
}

/** The polls since the start request: their latencies now less those at the start, whole and on a connection. */
function rolloutPollsOf(live: FleetProgress, atStart: { whole: LatencyHistogram; onConnection: LatencyHistogram }): RolloutFigures['rolloutPolls'] {
  const whole = live.pollLatency.since(atStart.whole);
  return { count: whole.count, latencyMs: whole.percentiles(), onConnectionMs: live.pollLatencyOnConnection.since(atStart.onConnection).percentiles() };
}

export async function runRollout(options: RolloutOptions): Promise<RolloutFigures> {
  const { targets } = options;
  const loopDelayFile = join(options.setup.dir, 'loop-delay.json');
  const server = await startFalconet(options.serverCore, {
    ...options.setup,
    loopDelayFile,
    toml: [
      `rollout_eval_interval_secs = ${EVAL_INTERVAL_SECS}`,
      '[ddi]',
      `gateway_token = "${GATEWAY}"`,
      `polling_interval = "${hms(options.pollingSeconds)}"`,
      '[quota]',
      `max_targets_per_rollout_group = ${Math.max(20_000, targets)}`,
    ],
  });
  const stopWatching = new AbortController();
  try {
    const mgmt = mgmtClient(server.url, options.setup.operator);
    const { setId } = await uploadSet(mgmt, 'sim-os', 'firmware.swu', randomBytes(ARTIFACT_BYTES));
    const failed = new AbortController();
    let starting: Promise<Started> | undefined;
    let registeredAt = 0;
    // the polls' latencies, whole and on a connection: live, and as they were at the start request
    let polls: FleetProgress | undefined;
    let atStart: { whole: LatencyHistogram; onConnection: LatencyHistogram } | undefined;
    let lastLine = 0;
    const fleetStarted = performance.now();
    const summary = await simulateFleet({
      url: server.url,
      devices: targets,
      gatewayToken: GATEWAY,
      rampUpMs: RAMP_UP_MS,
      installMs: INSTALL_MS,
      untilClosed: 1,
      signal: failed.signal,
      onProgress: (live) => {
        polls = live;
        if (performance.now() - lastLine >= PROGRESS_EVERY_MS) {
          lastLine = performance.now();
          progress(`rollout: ${progressLine(live)}`);
        }
        if (starting !== undefined || live.outcomes.devicesSeen < targets) return;
        registeredAt = performance.now();
        atStart = { whole: live.pollLatency.copy(), onConnection: live.pollLatencyOnConnection.copy() };
        // the delay counts from the start request
        starting = loopDelay(server.pid, loopDelayFile).then(() => createAndStart(mgmt, rolloutBody(options, setId), stopWatching.signal));
        // without a rollout no device would ever close an action
        starting.catch(() => failed.abort());
      },
    });
    const closedAt = performance.now();
    if (starting === undefined) throw new Error(`only ${summary.devices.seen} of ${targets} devices registered:\n${formatSummary(summary)}`);
    const rollout = await starting;
    setTimeout(() => stopWatching.abort(), FINISH_WAIT_MS).unref();
    const finishedAt = await rollout.finished;
    const delay = await loopDelay(server.pid, loopDelayFile);
    const state = await mgmt<Rollout>('GET', `/rest/v1/rollouts/${rollout.id}`);
    const { content } = await mgmt<Groups>('GET', `/rest/v1/rollouts/${rollout.id}/deploygroups?limit=500`);
    const ok =
      state.status === 'finished' &&
      summary.devices.finished === targets &&
      summary.downloads.verified === targets &&
      summary.downloads.hashMismatches + summary.downloads.sizeMismatches === 0;
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    // Falconet's own series, histogram buckets left out; the whole text is in the raw figures
    progress(
      `rollout: /metrics at the end\n${metrics
        .split('\n')
        .filter((line) => /^falconet_/.test(line) && !line.includes('_bucket{'))
        .join('\n')}`,
    );
    return {
      targets,
      groups: content.length,
      percentages: options.percentages,
      soakTime: options.soakTime,
      groupSizes: content.map((group) => group.totalTargets),
      groupStartedSeconds: content.map((_, index) => {
        const at = rollout.groupStartedAt[index];
        return at === undefined ? undefined : (at - rollout.startedAt) / 1000;
      }),
      pollingSeconds: options.pollingSeconds,
      registeredSeconds: (registeredAt - fleetStarted) / 1000,
      createMs: rollout.createMs,
      startMs: rollout.startMs,
      finishedSeconds: finishedAt === undefined ? undefined : (finishedAt - rollout.startedAt) / 1000,
      allClosedSeconds: (closedAt - rollout.startedAt) / 1000,
      status: state.status,
      totalTargetsPerStatus: state.totalTargetsPerStatus,
      ok,
      summary,
      rolloutPolls: rolloutPollsOf(polls as FleetProgress, atStart as NonNullable<typeof atStart>),
      loopDelay: delay,
      metrics,
    };
  } finally {
    stopWatching.abort();
    await server.stop();
  }
}

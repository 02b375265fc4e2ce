/**
 * A rollout driven to its end by the device-fleet simulator: the real Falconet pinned to the server core
 * (a fresh database, the given polling interval, the evaluator every second, a gateway token), a 64 KiB
 * artifact in a set, and `simulateFleet` in this process with as many devices as the rollout has targets,
 * registering themselves over a 5 s ramp-up. Once every device has polled, a rollout in groups over all
 * of them (`controllerId==sim-*`) is created and started through the management API; the run ends when
 * every device has closed its action and the rollout is `finished`.
 */
import { randomBytes } from 'node:crypto';
import { formatSummary, progressLine, simulateFleet, type FleetSummary } from '../simulators/src/index.js';
import { mgmtClient, startFalconet, uploadSet, type FalconetSetup, type Mgmt } from './falconet-server.js';
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
  /** the polling interval Falconet advertises, s */
  readonly pollingSeconds: number;
}

export interface RolloutFigures {
  readonly targets: number;
  readonly groups: number;
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
}

type Rollout = { status: string; totalTargetsPerStatus: Record<string, number> };

interface Started {
  readonly id: number;
  readonly createMs: number;
  readonly startMs: number;
  /** when the start request was sent */
  readonly startedAt: number;
  /** when the rollout was first seen `finished` (undefined: not before `stop` aborted) */
  readonly finished: Promise<number | undefined>;
}

const hms = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 19);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createAndStart(mgmt: Mgmt, setId: number, groups: number, stop: AbortSignal): Promise<Started> {
  const creating = performance.now();
  const { id } = await mgmt<{ id: number }>('POST', '/rest/v1/rollouts', { name: 'bench-rollout', targetFilterQuery: 'controllerId==sim-*', distributionSetId: setId, amountGroups: groups });
  const startedAt = performance.now();
  await mgmt('POST', `/rest/v1/rollouts/${id}/start`);
  const createMs = startedAt - creating;
  const startMs = performance.now() - startedAt;
  progress(`rollout: created in ${Math.round(createMs)} ms, started in ${Math.round(startMs)} ms`);
  const watch = async (): Promise<number | undefined> => {
    while (!stop.aborted) {
      if ((await mgmt<Rollout>('GET', `/rest/v1/rollouts/${id}`)).status === 'finished') return performance.now();
      await sleep(STATUS_EVERY_MS);
    }
    return undefined;
  };
  // a failed status read (the server stopping after an error) leaves the time unknown
  return { id, createMs, startMs, startedAt, finished: watch().catch(() => undefined) };
}

export async function runRollout(options: RolloutOptions): Promise<RolloutFigures> {
  const { targets, groups } = options;
  const server = await startFalconet(options.serverCore, {
    ...options.setup,
    toml: [
      `rollout_eval_interval_secs = ${EVAL_INTERVAL_SECS}`,
      '[ddi]',
      `gateway_token = "${GATEWAY}"`,
      `polling_interval = "${hms(options.pollingSeconds)}"`,
      '[quota]',
      `max_targets_per_rollout_group = ${Math.max(20_000, Math.ceil(targets / groups))}`,
    ],
  });
  const stopWatching = new AbortController();
  try {
    const mgmt = mgmtClient(server.url, options.setup.operator);
    const { setId } = await uploadSet(mgmt, 'sim-os', 'firmware.swu', randomBytes(ARTIFACT_BYTES));
    const failed = new AbortController();
    let starting: Promise<Started> | undefined;
    let registeredAt = 0;
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
        if (performance.now() - lastLine >= PROGRESS_EVERY_MS) {
          lastLine = performance.now();
          progress(`rollout: ${progressLine(live)}`);
        }
        if (starting !== undefined || live.outcomes.devicesSeen < targets) return;
        registeredAt = performance.now();
        starting = createAndStart(mgmt, setId, groups, stopWatching.signal);
        // without a rollout no device would ever close an action
        starting.catch(() => failed.abort());
      },
    });
    const closedAt = performance.now();
    if (starting === undefined) throw new Error(`only ${summary.devices.seen} of ${targets} devices registered:\n${formatSummary(summary)}`);
    const rollout = await starting;
    setTimeout(() => stopWatching.abort(), FINISH_WAIT_MS).unref();
    const finishedAt = await rollout.finished;
    const state = await mgmt<Rollout>('GET', `/rest/v1/rollouts/${rollout.id}`);
    const ok =
      state.status === 'finished' &&
      summary.devices.finished === targets &&
      summary.downloads.verified === targets &&
      summary.downloads.hashMismatches + summary.downloads.sizeMismatches === 0;
    return {
      targets,
      groups,
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
    };
  } finally {
    stopWatching.abort();
    await server.stop();
  }
}

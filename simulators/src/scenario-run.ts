import { simulateFleet } from './fleet.js';
import type { FleetOptions, FleetPhase, FleetProgress } from './fleet-options.js';
import type { FleetSummary } from './fleet-summary.js';
import { connectManagement, type Management } from './management.js';
import { judge, type AssertionResult } from './scenario-assertions.js';
import type { Scenario } from './scenario.js';

/** What `falconet-sim run` writes to `summary.json` (docs/simulator.md describes it). */
export interface ScenarioResult {
  readonly scenario: { readonly name: string; readonly seed: number; readonly devices: number; readonly phases: readonly string[] };
  /** ISO time the fleet started */
  readonly startedAt: string;
  readonly url: string;
  readonly deployment: {
    readonly setId: number;
    /** null: the set was assigned to the devices directly */
    readonly rolloutId: number | null;
    /** when the assignment or the rollout's start was sent, ms from the fleet's start; null: never */
    readonly startedAtMs: number | null;
    readonly rolloutStatus: string | null;
  } | null;
  readonly assertions: readonly AssertionResult[];
  /** every assertion held */
  readonly passed: boolean;
  readonly fleet: FleetSummary;
}

export interface RunOptions {
  /** Falconet's base URL; overrides the scenario's `server.url` */
  readonly url?: string | undefined;
  /** where `management.password_env` is looked up (default process.env) */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: FleetProgress) => void;
  /** after the fleet stops, how long to wait for the rollout to reach `finished` (default 30 s) */
  readonly rolloutWaitMs?: number;
}

/** A problem with the run's setup (no URL, no password): printed as one line, exit 2. */
export class ScenarioSetupError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, checking every 100 ms, as long as `signal` has not aborted. */
async function until(done: () => boolean, signal: AbortSignal): Promise<void> {
  while (!done() && !signal.aborted) await sleep(100);
}

/**
 * Runs a scenario: creates the distribution set through the management API, runs the fleet through the
 * phases (the deploy phase assigns the set or creates and starts a rollout once every online device has
 * polled), waits for the rollout to finish, and judges the assertions.
 */
export async function runScenario(scenario: Scenario, options: RunOptions = {}): Promise<ScenarioResult> {
  const url = options.url ?? scenario.server.url;
  if (url === undefined) throw new ScenarioSetupError('no server URL: give --url or server.url in the scenario');
  const f = scenario.fleet;
  let management: Management | undefined;
  if (scenario.management) {
    const password =
      'value' in scenario.management.password ? scenario.management.password.value : (options.env ?? process.env)[scenario.management.password.env];
    if (password === undefined) {
      throw new ScenarioSetupError(`management.password_env names ${(scenario.management.password as { env: string }).env}, which is not set`);
    }
    management = connectManagement(url, scenario.management.username, password);
  }
  const deployment = scenario.deployment;
  const setId = deployment && management ? await management.prepareSet(deployment, scenario.seed, scenario.name) : undefined;
  let startedAtMs: number | null = null;
  let rolloutId: number | null = null;
  const fleetStart = { at: 0 };
  const stop = new AbortController();
  options.signal?.addEventListener('abort', () => stop.abort(), { once: true });

  let seen = 0;
  const deploy = async (onlineIds: readonly string[]): Promise<void> => {
    if (!deployment || !management || setId === undefined) return;
    // self-registering devices must exist before they can be assigned or picked by a rollout's filter
    await until(() => seen >= onlineIds.length, stop.signal);
    if (stop.signal.aborted) return;
    startedAtMs = Math.round(performance.now() - fleetStart.at);
    if (deployment.rolloutGroups === undefined) {
      await management.assign(setId, onlineIds, deployment.actionType);
    } else {
      rolloutId = await management.startRollout(
        `${scenario.name}-${Date.now()}`,
        setId,
        `controllerId==${f.prefix}*`,
        deployment.rolloutGroups,
        deployment.actionType,
      );
    }
  };

  const phases: FleetPhase[] = scenario.phases.map((phase) => ({
    name: phase.name,
    durationMs: phase.durationMs,
    rampUpMs: phase.rampUpMs,
    untilSeen: phase.untilSeen,
    untilClosed: phase.untilClosed,
    faults: phase.faults,
    ...(phase.deploy ? { onStart: deploy } : {}),
  }));
  const fleetOptions: FleetOptions = {
    url,
    tenant: scenario.server.tenant,
    devices: f.devices,
    prefix: f.prefix,
    gatewayToken: f.gatewayToken,
    targetToken: f.targetToken,
    pollIntervalMs: f.pollIntervalMs,
    jitter: f.jitter,
    seed: scenario.seed,
    mix: f.mix,
    slowBytesPerSec: f.slowBytesPerSec,
    installMs: f.installMs,
    connections: f.connections,
    requestTimeoutMs: f.requestTimeoutMs,
    phases,
    sampleIntervalMs: scenario.sampleIntervalMs,
    signal: stop.signal,
    onProgress: (progress) => {
      seen = progress.outcomes.devicesSeen;
      options.onProgress?.(progress);
    },
    progressIntervalMs: 100,
  };
  const startedAt = new Date();
  fleetStart.at = performance.now();
  const fleet = await simulateFleet(fleetOptions);
  // a deployment still waiting for the devices is never made
  stop.abort();

  let rolloutStatus: string | undefined;
  if (rolloutId !== null && management) {
    const deadline = performance.now() + (options.rolloutWaitMs ?? 30_000);
    for (;;) {
      rolloutStatus = await management.rolloutStatus(rolloutId);
      if (rolloutStatus === 'finished' || performance.now() > deadline || options.signal?.aborted) break;
      await sleep(250);
    }
  }
  const assertions = judge(scenario, fleet, { startedAtMs, rolloutStatus });
  return {
    scenario: { name: scenario.name, seed: scenario.seed, devices: f.devices, phases: scenario.phases.map((phase) => phase.name) },
    startedAt: startedAt.toISOString(),
    url,
    deployment: setId === undefined ? null : { setId, rolloutId, startedAtMs, rolloutStatus: rolloutStatus ?? null },
    assertions,
    passed: assertions.every((assertion) => assertion.passed),
    fleet,
  };
}

import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { listen as listenAsServed } from '../../src/http/http-server.js';
import { simulateFleet, type FleetOptions, type FleetProgress, type FleetSummary } from '../../simulators/src/index.js';
import { createSet } from './deployment-fixtures.js';
import { createModule, uploadArtifact, type ArtifactJson } from './software-module-api.js';
import { getJson, type Json } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

/** The test app on a real socket, with the server settings of `falconet serve`, as the simulator needs. */
export async function listen(t: TestApp): Promise<{ url: string; close(): Promise<void> }> {
  const server = await listenAsServed(t.app, t.config, pino({ level: 'silent' }));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The controllerIds the simulator gives `count` devices named with `prefix`. */
export const fleetIds = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(String(count).length, '0')}`);

let serial = 0;

/** A complete set of one `os` module holding `bytes` as `firmware.swu`. */
export async function createFirmwareSet(t: TestApp, bytes: string | Uint8Array): Promise<{ setId: number; artifact: ArtifactJson }> {
  const module = await createModule(t, { type: 'os', name: `sim-os-${++serial}` });
  const artifact = await uploadArtifact(t, module.id, bytes, { partName: 'firmware.swu' });
  return { setId: await createSet(t, { name: `sim-set-${serial}`, version: '1.0', modules: [module.id] }), artifact };
}

/** A fleet run in the background: the latest progress, a way to stop it, and its summary. */
export interface RunningFleet {
  progress(): FleetProgress | undefined;
  stop(): Promise<FleetSummary>;
  readonly summary: Promise<FleetSummary>;
}

/** Starts a fleet with fast test timings (polls every 100 ms, installs in 20 ms) unless overridden. */
export function startFleet(options: Omit<FleetOptions, 'signal' | 'onProgress'>): RunningFleet {
  const abort = new AbortController();
  let latest: FleetProgress | undefined;
  const summary = simulateFleet({
    pollIntervalMs: 100,
    installMs: 20,
    progressIntervalMs: 50,
    requestTimeoutMs: 10_000,
    ...options,
    signal: abort.signal,
    onProgress: (progress) => (latest = progress),
  });
  return {
    progress: () => latest,
    stop: () => (abort.abort(), summary),
    summary,
  };
}

/** Each target's action statuses, counted (`finished: 40, error: 10`). */
export async function actionStatusCounts(t: TestApp, controllerIds: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const controllerId of controllerIds) {
    const page = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${controllerId}/actions?limit=50`);
    for (const action of page.content) {
      const status = action['detailStatus'] as string;
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }
  return counts;
}

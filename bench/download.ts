/**
 * Artifact download throughput: one artifact of random bytes uploaded through the management API into a
 * set assigned to 16 devices of the fleet, fetched from Falconet's DDI download URL with each device's
 * `TargetToken`, and the same bytes from nginx with sendfile (when installed), both pinned to the server
 * core. 1 and 16 parallel clients, each on a keep-alive connection of its own, fetching the whole file or
 * random 1 MiB ranges for a fixed time; bytes are counted as they arrive and a transfer still running at
 * the deadline is cut there. Rounds interleave Falconet and nginx, Falconet frozen while nginx is measured.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:http';
import { join } from 'node:path';
import type { BenchServer } from './bench-process.js';
import { mgmtClient, startFalconet, uploadSet, type FalconetSetup } from './falconet-server.js';
import { call, runWorkers } from './http-load.js';
import { startNginx } from './nginx.js';
import type { Device } from './poll-fleet.js';
import { median, MiB, progress } from './report.js';

export const DOWNLOAD_CLIENTS = [1, 16] as const;
export const DOWNLOAD_MODES = ['full', 'range'] as const;
export type DownloadMode = (typeof DOWNLOAD_MODES)[number];
const RANGE_BYTES = MiB;
const FILENAME = 'firmware.swu';
const WARM_UP_SECONDS = 1;

export interface DownloadRun {
  readonly mibPerSecond: number;
  /** complete responses */
  readonly responses: number;
  /** answers other than 200 (206 for a range) and transport errors before the deadline */
  readonly failed: number;
}

export interface DownloadComparison {
  readonly clients: number;
  readonly mode: DownloadMode;
  readonly falconet: readonly DownloadRun[];
  /** empty without nginx */
  readonly nginx: readonly DownloadRun[];
  readonly median: { readonly falconet: number; readonly nginx?: number; readonly ratio?: number };
}

export interface DownloadOptions {
  readonly setup: FalconetSetup;
  readonly devices: readonly Device[];
  readonly serverCore: number;
  readonly artifactBytes: number;
  readonly seconds: number;
  readonly rounds: number;
  /** nginx's path; undefined: Falconet alone */
  readonly nginx: string | undefined;
}

interface Source {
  readonly server: BenchServer;
  readonly url: (client: number) => string;
  readonly headers: (client: number) => Record<string, string>;
}

async function download(source: Source, clients: number, mode: DownloadMode, size: number, seconds: number): Promise<DownloadRun> {
  let bytes = 0;
  let responses = 0;
  let failed = 0;
  const elapsed = await runWorkers(clients, seconds, async (client: number, agent: Agent, signal: AbortSignal) => {
    const start = mode === 'range' ? randomInt(0, size - RANGE_BYTES + 1) : 0;
    const headers = { ...source.headers(client), ...(mode === 'range' ? { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } : {}) };
    try {
      const status = await call(agent, source.url(client), { headers, signal, onChunk: (received) => (bytes += received) });
      if (status === (mode === 'range' ? 206 : 200)) responses++;
      else failed++;
    } catch (error) {
      if (!signal.aborted) failed++;
      else if ((error as Error).name !== 'AbortError') throw error;
    }
  });
  return { mibPerSecond: bytes / MiB / elapsed, responses, failed };
}

export async function compareDownloads(options: DownloadOptions): Promise<DownloadComparison[]> {
  const { setup, serverCore: core } = options;
  const bytes = randomBytes(options.artifactBytes);
  const root = join(setup.dir, 'nginx-root');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, FILENAME), bytes);
  writeFileSync(join(root, 'ready'), 'ok');

  const falconet = await startFalconet(core, setup);
  let nginx: BenchServer | undefined;
  try {
    const mgmt = mgmtClient(falconet.url, setup.operator);
    const { moduleId, setId } = await uploadSet(mgmt, 'bench-download', FILENAME, bytes);
    const devices = options.devices.slice(0, Math.max(...DOWNLOAD_CLIENTS));
    for (const device of devices) await mgmt('POST', `/rest/v1/targets/${device.controllerId}/assignedDS`, { id: setId });
    const device = (client: number) => devices[client % devices.length] as Device;
    const sources: Source[] = [
      {
        server: falconet,
        url: (client) => `${falconet.url}/DEFAULT/controller/v1/${device(client).controllerId}/softwaremodules/${moduleId}/artifacts/${FILENAME}`,
        headers: (client) => ({ authorization: `TargetToken ${device(client).token}` }),
      },
    ];
    if (options.nginx !== undefined) {
      const prefix = join(setup.dir, 'nginx');
      mkdirSync(prefix, { recursive: true });
      const started = await startNginx(options.nginx, core, prefix, root, '/ready');
      nginx = started;
      sources.push({ server: started, url: () => `${started.url}/${FILENAME}`, headers: () => ({}) });
    }
    const measure = async (source: Source, clients: number, mode: DownloadMode, seconds: number) => {
      source.server.resume();
      const run = await download(source, clients, mode, bytes.length, seconds);
      if (source.server === falconet) falconet.freeze();
      return run;
    };
    falconet.freeze();
    for (const source of sources) await measure(source, Math.max(...DOWNLOAD_CLIENTS), 'full', WARM_UP_SECONDS);

    const comparisons: DownloadComparison[] = [];
    for (const clients of DOWNLOAD_CLIENTS) {
      for (const mode of DOWNLOAD_MODES) {
        const runs: DownloadRun[][] = sources.map(() => []);
        for (let round = 1; round <= options.rounds; round++) {
          for (const [i, source] of sources.entries()) runs[i]?.push(await measure(source, clients, mode, options.seconds));
          const line = sources.map((source, i) => `${source.server.name} ${describe(runs[i]?.at(-1) as DownloadRun)}`).join('; ');
          progress(`download ${mode === 'full' ? 'whole file' : '1 MiB ranges'}, ${clients} client(s), round ${round}: ${line}`);
        }
        const [ours = [], theirs = []] = runs;
        comparisons.push({
          clients,
          mode,
          falconet: ours,
          nginx: theirs,
          median: {
            falconet: median(ours.map((run) => run.mibPerSecond)),
            ...(theirs.length > 0
              ? {
                  nginx: median(theirs.map((run) => run.mibPerSecond)),
                  ratio: median(ours.map((run, i) => run.mibPerSecond / (theirs[i] as DownloadRun).mibPerSecond)),
                }
              : {}),
          },
        });
      }
    }
    return comparisons;
  } finally {
    await Promise.all([falconet.stop(), nginx?.stop()]);
  }
}

const describe = (run: DownloadRun) => `${Math.round(run.mibPerSecond)} MiB/s${run.failed > 0 ? ` (${run.failed} failed!)` : ''}`;

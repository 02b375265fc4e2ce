/**
 * The S3 backend (decisions 120, 121) against s3rver: the memory of a 1 GiB upload streamed through
 * Falconet into the bucket (VmHWM, as the `upload` section), and devices downloading a 64 MiB artifact
 * either streamed through Falconet from the bucket or redirected (307) to a presigned URL and fetched from
 * s3rver directly: time to the first byte (the redirect's extra round trip included) and throughput.
 * s3rver, a Koa server reading files through Node streams, is the ceiling of both modes, and it shares
 * the load core with the clients; these figures compare the two paths, not storage servers.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchServer } from './bench-process.js';
import { mgmtClient, startFalconet, uploadSet, type FalconetSetup } from './falconet-server.js';
import { runWorkers } from './http-load.js';
import { median, MiB, percentile, progress } from './report.js';
import { startS3rver } from './s3rver.js';
import { measureUpload, type UploadFigures } from './upload.js';

export const S3_CLIENTS = [1, 16] as const;
export const S3_MODES = ['streamed', 'redirect'] as const;
export type S3Mode = (typeof S3_MODES)[number];
const FILENAME = 'firmware.swu';

export interface S3DownloadRun {
  readonly mibPerSecond: number;
  /** from sending the request to Falconet until the first byte of the body, ms */
  readonly ttfbP50Ms: number;
  readonly ttfbP99Ms: number;
  readonly responses: number;
  readonly failed: number;
}

export interface S3DownloadComparison {
  readonly clients: number;
  readonly mode: S3Mode;
  readonly runs: readonly S3DownloadRun[];
  readonly median: { readonly mibPerSecond: number; readonly ttfbP50Ms: number };
}

export interface S3Figures {
  readonly upload: UploadFigures;
  readonly artifactBytes: number;
  readonly rounds: number;
  readonly seconds: number;
  readonly downloads: S3DownloadComparison[];
}

export interface S3Options {
  /** its `dir` holds the config files, the SQLite file and s3rver's objects */
  readonly setup: FalconetSetup;
  readonly serverCore: number;
  readonly loadCore: number;
  readonly uploadBytes: number;
  readonly artifactBytes: number;
  readonly seconds: number;
  readonly rounds: number;
}

export async function measureS3(options: S3Options): Promise<S3Figures> {
  const { setup, serverCore } = options;
  const s3 = await startS3rver(options.loadCore, setup.dir);
  try {
    progress(`s3: upload of ${(options.uploadBytes / MiB).toFixed(0)} MiB into the bucket`);
    const uploadSetup = { ...setup, dir: join(setup.dir, 'upload'), databaseUrl: `sqlite:${join(setup.dir, 'upload.db')}`, toml: s3.toml(false) };
    const upload = await measureUpload(serverCore, uploadSetup, options.uploadBytes);
    rmSync(uploadSetup.dir, { recursive: true, force: true });
    const downloads = await compareModes(options, s3.toml);
    return { upload, artifactBytes: options.artifactBytes, rounds: options.rounds, seconds: options.seconds, downloads };
  } finally {
    await s3.server.stop();
  }
}

async function compareModes(options: S3Options, toml: (redirect: boolean) => string[]): Promise<S3DownloadComparison[]> {
  const { setup, serverCore: core } = options;
  const databaseUrl = `sqlite:${join(setup.dir, 'download.db')}`;
  const streamed = await startFalconet(core, { ...setup, dir: join(setup.dir, 'streamed'), databaseUrl, toml: toml(false) });
  let redirect: BenchServer | undefined;
  try {
    const mgmt = mgmtClient(streamed.url, setup.operator);
    const { moduleId, setId } = await uploadSet(mgmt, 'bench-s3', FILENAME, randomBytes(options.artifactBytes));
    const devices = Array.from({ length: Math.max(...S3_CLIENTS) }, (_, i) => ({ controllerId: `s3-${i}`, token: randomBytes(16).toString('hex') }));
    await mgmt(
      'POST',
      '/rest/v1/targets',
      devices.map(({ controllerId, token }) => ({ controllerId, securityToken: token })),
    );
    for (const device of devices) await mgmt('POST', `/rest/v1/targets/${device.controllerId}/assignedDS`, { id: setId });
    redirect = await startFalconet(core, { ...setup, dir: join(setup.dir, 'redirect'), databaseUrl, toml: toml(true) });
    const servers: Record<S3Mode, BenchServer> = { streamed, redirect };
    const path = (client: number) =>
      `/DEFAULT/controller/v1/${devices[client % devices.length]?.controllerId}/softwaremodules/${moduleId}/artifacts/${FILENAME}`;
    const token = (client: number) => `TargetToken ${devices[client % devices.length]?.token}`;

    const comparisons: S3DownloadComparison[] = [];
    for (const clients of S3_CLIENTS) {
      const runs: Record<S3Mode, S3DownloadRun[]> = { streamed: [], redirect: [] };
      for (let round = 1; round <= options.rounds; round++) {
        for (const mode of S3_MODES) {
          const server = servers[mode];
          const other = servers[mode === 'streamed' ? 'redirect' : 'streamed'];
          other.freeze();
          server.resume();
          runs[mode].push(await download(server.url, path, token, clients, options.seconds));
        }
        progress(
          `s3 download, ${clients} client(s), round ${round}: ${S3_MODES.map((mode) => `${mode} ${describe(runs[mode].at(-1) as S3DownloadRun)}`).join('; ')}`,
        );
      }
      for (const mode of S3_MODES) {
        comparisons.push({
          clients,
          mode,
          runs: runs[mode],
          median: { mibPerSecond: median(runs[mode].map((run) => run.mibPerSecond)), ttfbP50Ms: median(runs[mode].map((run) => run.ttfbP50Ms)) },
        });
      }
    }
    return comparisons;
  } finally {
    streamed.resume();
    redirect?.resume();
    await Promise.all([streamed.stop(), redirect?.stop()]);
  }
}

/** Whole-file downloads by `clients` devices for `seconds`, following a redirect as a device's libcurl does. */
async function download(
  base: string,
  path: (client: number) => string,
  token: (client: number) => string,
  clients: number,
  seconds: number,
): Promise<S3DownloadRun> {
  let bytes = 0;
  let failed = 0;
  const ttfb: number[] = [];
  const elapsed = await runWorkers(clients, seconds, async (client, agent, signal) => {
    const started = performance.now();
    let first = true;
    const onChunk = (received: number) => {
      if (first) ttfb.push(performance.now() - started);
      first = false;
      bytes += received;
    };
    try {
      const status = await get(agent, `${base}${path(client)}`, { authorization: token(client) }, signal, onChunk);
      if (status !== 200) failed++;
    } catch (error) {
      if (!signal.aborted) failed++;
      else if ((error as Error).name !== 'AbortError') throw error;
    }
  });
  return { mibPerSecond: bytes / MiB / elapsed, ttfbP50Ms: percentile(ttfb, 0.5), ttfbP99Ms: percentile(ttfb, 0.99), responses: ttfb.length, failed };
}

/** A GET that follows one 307, without the device's credential (libcurl drops it for another host). */
function get(agent: http.Agent, url: string, headers: http.OutgoingHttpHeaders, signal: AbortSignal, onChunk: (bytes: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, headers, signal });
    request.on('error', reject);
    request.on('response', (response) => {
      const location = response.headers.location;
      if (response.statusCode === 307 && location !== undefined) {
        response.resume();
        response.on('end', () => void get(agent, location, {}, signal, onChunk).then(resolve, reject));
        return;
      }
      response.on('data', (chunk: Buffer) => onChunk(chunk.length));
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.end();
  });
}

const describe = (run: S3DownloadRun) =>
  `${Math.round(run.mibPerSecond)} MiB/s, TTFB p50 ${run.ttfbP50Ms.toFixed(1)} ms${run.failed > 0 ? ` (${run.failed} failed!)` : ''}`;

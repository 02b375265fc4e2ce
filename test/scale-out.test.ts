import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { sample } from './support/metrics-text.js';
import { createTestBucket, S3RVER_KEY, type TestBucket } from './support/s3-server.js';
import { basicAuth } from './support/test-app.js';
import { idOf } from './support/target-fixtures.js';

const AUTH = { authorization: basicAuth(), 'content-type': 'application/json' };
const DEVICES = 12;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `[storage]` of both processes: the run's s3rver, one bucket; `redirect` decides how devices download. */
const storageToml = (bucket: string, redirect: boolean) =>
  `rollout_eval_interval_secs = 1\nlog_level = "debug"\n[storage]\nbackend = "s3"\nendpoint = "${inject('s3Endpoint')}"\nbucket = "${bucket}"\n` +
  `path_style = true\naccess_key_id = "${S3RVER_KEY}"\nsecret_access_key = "${S3RVER_KEY}"\ndownload_redirect = ${redirect}\n`;

async function call<T = unknown>(server: CliServer, method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Uploads `bytes` as a module's artifact through `server` and makes a set of it; returns the set and module. */
async function firmware(server: CliServer, name: string, bytes: Uint8Array): Promise<{ setId: number; moduleId: number }> {
  const [module] = await call<{ id: number }[]>(server, 'POST', '/rest/v1/softwaremodules', [{ name, version: '1', type: 'os' }]);
  const form = new FormData();
  form.append('file', new Blob([bytes]), `${name}.swu`);
  const uploaded = await fetch(`${server.base}/rest/v1/softwaremodules/${module?.id}/artifacts`, {
    method: 'POST',
    headers: { authorization: basicAuth() },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const [set] = await call<{ id: number }[]>(server, 'POST', '/rest/v1/distributionsets', [{ name, version: '1', type: 'os', modules: [{ id: module?.id }] }]);
  return { setId: idOf(set), moduleId: idOf(module) };
}

/** The evaluator's locked sections of one process, from its debug lines. */
const evaluations = (server: CliServer) =>
  server
    .logs()
    .split('\n')
    .filter((line) => line.includes('"msg":"rollout evaluation"'))
    .map((line) => JSON.parse(line) as { evaluated: boolean; startedAt: number; finishedAt: number });

/**
 * Falconet scaled out: two `falconet serve` processes on one PostgreSQL and one bucket, no shared
 * directory. Process `streams` streams downloads through itself, `redirects` answers them with 307 to the
 * bucket (decisions 120, 121); an artifact uploaded through one is downloaded through the other, both ways,
 * by every device of a rollout that both evaluators drive. At the end, while both still run, each
 * process's /metrics shows the traffic it served itself, its own evaluator ticks, and the same database
 * state as the other's (decision 130).
 */
describe.skipIf(!DATABASE_KINDS.includes('postgres'))('two Falconet processes on one PostgreSQL and one bucket', () => {
  let dir: string;
  let database: TestDatabase;
  let bucket: TestBucket;
  let streams: CliServer;
  let redirects: CliServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-scale-out-'));
    database = await createTestDatabase('postgres');
    bucket = await createTestBucket(inject('s3Endpoint'));
    streams = await startCliServer(writeServerConfig(dir, 'streams', database.url, storageToml(bucket.name, false)));
    redirects = await startCliServer(writeServerConfig(dir, 'redirects', database.url, storageToml(bucket.name, true)));
  });
  afterAll(async () => {
    for (const server of [streams, redirects]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await bucket?.drop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('share uploads through the bucket, serve them streamed and redirected, and run one rollout once', { timeout: 90_000 }, async () => {
    // uploaded through one process, downloaded through the other: each way once
    const streamedBytes = randomBytes(6 * 1024 * 1024 + 3);
    const redirectedBytes = randomBytes(2 * 1024 * 1024 + 5);
    const viaRedirects = await firmware(redirects, 'uploaded-to-redirects', streamedBytes);
    const viaStreams = await firmware(streams, 'uploaded-to-streams', redirectedBytes);
    expect(await bucket.keys('tmp/')).toEqual([]);
    expect(await bucket.keys('blobs/')).toEqual([`blobs/${sha256(streamedBytes)}`, `blobs/${sha256(redirectedBytes)}`].sort());

    const devices = Array.from({ length: DEVICES }, (_, i) => ({ controllerId: `scale-${i}`, securityToken: `token-scale-${i}`, group: 'scale' }));
    await call(streams, 'POST', '/rest/v1/targets', devices);
    // Both sets in one rollout would need two: one rollout of the streamed set, the other set assigned directly.
    const rollout = await call<{ id: number }>(redirects, 'POST', '/rest/v1/rollouts', {
      name: 'scale-out',
      distributionSetId: viaRedirects.setId,
      targetFilterQuery: 'group==scale',
      amountGroups: 3,
      successCondition: { condition: 'THRESHOLD', expression: '100' },
    });
    await call(streams, 'POST', `/rest/v1/rollouts/${rollout.id}/start`);

    const token = (device: (typeof devices)[number]) => ({ authorization: `TargetToken ${device.securityToken}` });
    const artifactPath = (device: (typeof devices)[number], moduleId: number, name: string) =>
      `/DEFAULT/controller/v1/${device.controllerId}/softwaremodules/${moduleId}/artifacts/${name}.swu`;
    const served = new Map([streams, redirects].map((server) => [server, { polls: 0, feedback: 0 }]));
    let streamedDownloads = 0;
    let status = '';
    for (let round = 0; status !== 'finished'; round++) {
      expect(round, 'the rollout finishes').toBeLessThan(150);
      await Promise.all(
        devices.map(async (device, index) => {
          const server = (index + round) % 2 === 0 ? streams : redirects;
          const poll = await call<{ _links?: Record<string, { href: string }> }>(
            server,
            'GET',
            `/DEFAULT/controller/v1/${device.controllerId}`,
            undefined,
            token(device),
          );
          (served.get(server) as { polls: number }).polls++;
          const actionId = /deploymentBase\/(\d+)/.exec(poll._links?.['deploymentBase']?.href ?? '')?.[1];
          if (actionId === undefined) return;
          // uploaded through `redirects`, streamed by `streams` (fetch follows no redirect here: it must not get one)
          const streamed = await fetch(`${streams.base}${artifactPath(device, viaRedirects.moduleId, 'uploaded-to-redirects')}`, {
            headers: token(device),
            redirect: 'manual',
          });
          expect(streamed.status).toBe(200);
          expect(sha256(Buffer.from(await streamed.arrayBuffer()))).toBe(sha256(streamedBytes));
          streamedDownloads++;
          const feedback = { status: { execution: 'closed', result: { finished: 'success' } } };
          await call(server, 'POST', `/DEFAULT/controller/v1/${device.controllerId}/deploymentBase/${actionId}/feedback`, feedback, {
            ...token(device),
            'content-type': 'application/json',
          });
          (served.get(server) as { feedback: number }).feedback++;
        }),
      );
      status = (await call<{ status: string }>(round % 2 === 0 ? streams : redirects, 'GET', `/rest/v1/rollouts/${rollout.id}`)).status;
      await new Promise((done) => setTimeout(done, 250));
    }

    // the other set, uploaded through `streams`, redirected by `redirects` to the bucket
    const [device] = devices as [(typeof devices)[number]];
    await call(redirects, 'POST', `/rest/v1/targets/${device.controllerId}/assignedDS`, { id: viaStreams.setId });
    const redirect = await fetch(`${redirects.base}${artifactPath(device, viaStreams.moduleId, 'uploaded-to-streams')}`, {
      headers: token(device),
      redirect: 'manual',
    });
    expect(redirect.status).toBe(307);
    const fromBucket = await fetch(redirect.headers.get('location') as string);
    expect(sha256(Buffer.from(await fromBucket.arrayBuffer()))).toBe(sha256(redirectedBytes));
    const resumed = await fetch(redirect.headers.get('location') as string, { headers: { range: 'bytes=1000-' } });
    expect(resumed.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await resumed.arrayBuffer()), redirectedBytes.subarray(1000))).toBe(0);

    const db = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    try {
      const perTarget = await db('actions').where('rollout_id', rollout.id).groupBy('target_id').select('target_id').count<{ n: string }[]>({ n: '*' });
      expect(perTarget).toHaveLength(DEVICES);
      expect(
        perTarget.every((row) => Number(row.n) === 1),
        'one action per target',
      ).toBe(true);
    } finally {
      await db.destroy();
    }
    const locked = [streams, redirects].flatMap((server, process) =>
      evaluations(server)
        .filter((run) => run.evaluated)
        .map((run) => ({ ...run, process })),
    );
    locked.sort((x, y) => x.startedAt - y.startedAt);
    for (let i = 1; i < locked.length; i++) {
      const [before, after] = [locked[i - 1]!, locked[i]!];
      if (before.process !== after.process) expect(after.startedAt, 'evaluations of the two processes never overlap').toBeGreaterThanOrEqual(before.finishedAt);
    }

    // each process's metrics: its own traffic and evaluator ticks, and the one database state
    for (const server of [streams, redirects]) {
      const loggedBefore = evaluations(server).filter((run) => run.evaluated).length;
      const response = await fetch(`${server.base}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const loggedAfter = evaluations(server).filter((run) => run.evaluated).length;
      const own = served.get(server) as { polls: number; feedback: number };
      expect(sample(text, 'falconet_ddi_polls_total')).toBe(own.polls);
      expect(sample(text, 'falconet_ddi_feedback_total', { execution: 'closed', finished: 'success' })).toBe(own.feedback);
      expect(sample(text, 'falconet_ddi_downloads_total', { delivery: 'streamed' })).toBe(server === streams ? streamedDownloads : 0);
      expect(sample(text, 'falconet_ddi_downloads_total', { delivery: 'redirected' })).toBe(server === redirects ? 1 : 0);
      expect(sample(text, 'falconet_ddi_download_bytes_total')).toBe(server === streams ? streamedDownloads * streamedBytes.length : 0);
      // a tick logs its evaluation before it is counted, and one tick at a time runs in a process
      const evaluated = sample(text, 'falconet_rollout_evaluator_ticks_total', { outcome: 'evaluated' });
      expect(evaluated).toBeGreaterThanOrEqual(loggedBefore - 1);
      expect(evaluated).toBeLessThanOrEqual(loggedAfter);
      expect(evaluated + sample(text, 'falconet_rollout_evaluator_ticks_total', { outcome: 'skipped' }), 'the evaluator ticks in both').toBeGreaterThan(0);
      expect(sample(text, 'falconet_rollouts', { status: 'finished' }), 'the rollout finished once, seen alike by both').toBe(1);
      expect(sample(text, 'falconet_actions', { status: 'finished' })).toBe(DEVICES);
    }
    expect(streamedDownloads).toBe(DEVICES);
  });
});

import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { actionOf, assignOk, cancel, createSet, createTarget } from '../support/deployment-fixtures.js';
import { createModule, uploadArtifact } from '../support/software-module-api.js';
import { getJson, type JsonPage } from '../support/target-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';
import { buildSwuImage } from './swupdate/swu-image.js';
import { runSuricatta, swupdateSkipReason, writeSuricattaConfig } from './swupdate/suricatta.js';

// Debian's swupdate (suricatta) as the device, against a live Falconet on a real socket: the full update
// cycle of SWUPDATE.md, download and install included, and an acknowledged cancel. In `redirect` mode the
// artifacts are in an s3rver bucket and the download answers 307 to a presigned URL (decision 121):
// suricatta must follow it, without sending its TargetToken to the bucket.
const skipReason = swupdateSkipReason();
if (skipReason) console.warn(`suricatta end-to-end tests skipped: ${skipReason}`);

const CYCLE_MS = 60_000;
const MODES = DATABASE_KINDS.flatMap((kind) => [[kind, 'streamed'] as const, [kind, 'redirect'] as const]);

describe.skipIf(skipReason !== undefined).each(MODES)('SWUpdate suricatta against Falconet on %s, downloads %s', (kind, mode) => {
  // suricatta reads 00:00:00 as 45 s; one second keeps a cycle short
  const redirect = mode === 'redirect';
  const t = useTestApp(kind, { 'ddi.polling_interval': '00:00:01', 'storage.download_redirect': redirect }, { storage: redirect ? 's3' : 'local' });
  let server: ServerType;
  let url: string;
  let root: string;

  beforeAll(async () => {
    server = await new Promise<ServerType>((ready) => {
      const started = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => ready(started));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = await mkdtemp(join(tmpdir(), 'falconet-suricatta-'));
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    await rm(root, { recursive: true, force: true });
  });

  /** A signed image uploaded into a fresh set, a target with its own token, and that device's suricatta config. */
  async function device(name: string) {
    const dir = await mkdtemp(join(root, `${name}-`));
    await mkdir(join(dir, 'image'));
    await mkdir(join(dir, 'target'));
    const installPath = join(dir, 'target', 'installed.bin');
    const image = await buildSwuImage({
      dir: join(dir, 'image'),
      payload: `falconet ${name} ${kind} firmware\n`.repeat(4096),
      installPath,
      imageName: `${name}.swu`,
    });
    const module = await createModule(t, { type: 'os', name: `${name}-os`, version: '1.0.0' });
    await uploadArtifact(t, module.id, await readFile(image.swuPath), { partName: `${name}.swu` });
    const setId = await createSet(t, { name, version: '1.0.0', modules: [module.id] });
    const token = `${name}-token-${kind}`;
    const controllerId = await createTarget(t, { securityToken: token });
    const config = await writeSuricattaConfig(join(dir, 'swupdate.cfg'), {
      url,
      controllerId,
      certPath: image.certPath,
      pollDelaySecs: 1,
      token: { kind: 'target', value: token },
      identify: { board: 'harness' },
    });
    return { controllerId, setId, config, image, installPath, workDir: await mkdtemp(join(root, `${name}-tmp-`)) };
  }

  const entryMessages = async (controllerId: string, actionId: number) =>
    (await getJson<JsonPage>(t, `/rest/v1/targets/${controllerId}/actions/${actionId}/status?limit=500`)).content.flatMap(
      (entry) => entry['messages'] as string[],
    );

  it('downloads and installs an assigned image, and reports success after its restart', { timeout: 3 * CYCLE_MS }, async () => {
    const d = await device('install');
    const actionId = await assignOk(t, d.controllerId, { id: d.setId });

    const first = runSuricatta(d.config, { workDir: d.workDir, timeoutMs: CYCLE_MS });
    try {
      await vi.waitFor(async () => expect(await entryMessages(d.controllerId, actionId)).toContain('All Chunks Installed.'), {
        timeout: CYCLE_MS,
        interval: 250,
      });
      // libcurl followed the 307 (and left the TargetToken behind, which s3rver would refuse): the image came from the bucket
      if (mode === 'redirect') expect(first.log()).toContain(`Channel's effective URL resolved to ${t.config.storage.endpoint}/${t.bucket?.name}/blobs/`);
    } finally {
      await first.stop();
    }
    expect(await readFile(d.installPath)).toEqual(d.image.payload);
    expect((await actionOf(t, d.controllerId, actionId))['detailStatus']).toBe('running');
    expect((await getJson(t, `/rest/v1/targets/${d.controllerId}`))['attributes']).toBeUndefined();
    expect(await getJson(t, `/rest/v1/targets/${d.controllerId}/attributes`)).toMatchObject({ board: 'harness' });

    // the "reboot": a new process reports the outcome of the update it finds pending
    const second = runSuricatta(d.config, { workDir: d.workDir, confirm: 'success', timeoutMs: CYCLE_MS });
    try {
      await vi.waitFor(async () => expect((await actionOf(t, d.controllerId, actionId))['detailStatus']).toBe('finished'), {
        timeout: CYCLE_MS,
        interval: 250,
      });
    } finally {
      await second.stop();
    }
    expect(await actionOf(t, d.controllerId, actionId)).toMatchObject({ status: 'finished', active: false });
    expect(await entryMessages(d.controllerId, actionId)).toContain('Update Installed.');
    expect((await getJson(t, `/rest/v1/targets/${d.controllerId}`))['updateStatus']).toBe('in_sync');
    expect((await getJson(t, `/rest/v1/targets/${d.controllerId}/installedDS`))['id']).toBe(d.setId);
  });

  // A cancel downloads nothing: once per database is enough.
  it.skipIf(mode === 'redirect')('acknowledges a cancelled action, which becomes canceled', { timeout: 2 * CYCLE_MS }, async () => {
    const d = await device('cancel');
    const actionId = await assignOk(t, d.controllerId, { id: d.setId });
    expect((await cancel(t, d.controllerId, actionId)).status).toBe(204);

    const run = runSuricatta(d.config, { workDir: d.workDir, timeoutMs: CYCLE_MS });
    try {
      await vi.waitFor(async () => expect((await actionOf(t, d.controllerId, actionId))['detailStatus']).toBe('canceled'), {
        timeout: CYCLE_MS,
        interval: 250,
      });
      await run.waitForLog(new RegExp(`/cancelAction/${actionId}/feedback`));
    } finally {
      await run.stop();
    }
    expect(await entryMessages(d.controllerId, actionId)).toEqual(expect.arrayContaining(['Update Server: Cancellation confirmed.']));
    expect((await getJson(t, `/rest/v1/targets/${d.controllerId}`))['updateStatus']).toBe('registered');
    await expect(readFile(d.installPath)).rejects.toThrow(/ENOENT/);
  });
});

import { chmod, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, cancel } from './support/deployment-fixtures.js';
import { counts, createRollout, groups, operateOk, rollout } from './support/rollout-fixtures.js';
import { actionStatusCounts, createFirmwareSet, fleetIds, listen, startFleet } from './support/simulator-fixtures.js';
import { createTargets, getJson, send, idOf, type Json } from './support/target-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

// The device-fleet simulator (simulators/) against the test app on a real socket: every device speaks DDI
// only, and the server's own view (management API) must agree with the simulator's summary.
const FIRMWARE = 'falconet simulated firmware\n'.repeat(2048);

/** Targets created by the operator, each with the token `tok-<controllerId>`. */
const createFleetTargets = (t: TestApp, controllerIds: readonly string[]) =>
  createTargets(
    t,
    controllerIds.map((controllerId) => ({ controllerId, securityToken: `tok-${controllerId}` })),
  );

describe.each(DATABASE_KINDS)('device-fleet simulator against Falconet on %s', (kind) => {
  let server: Awaited<ReturnType<typeof listen>>;
  const t = useTestApp(kind, { 'ddi.gateway_token': 'fleet-gateway' });
  beforeAll(async () => {
    server = await listen(t);
  });
  afterAll(() => server.close());

  it('installs an assignment on 50 devices, a fifth of them failing, a tenth downloading slowly, every download verified', { timeout: 60_000 }, async () => {
    const ids = fleetIds('plain-', 50);
    await createFleetTargets(t, ids);
    const { setId } = await createFirmwareSet(t, FIRMWARE);
    for (const id of ids) await assignOk(t, id, { id: setId });

    const summary = await startFleet({
      url: server.url,
      devices: 50,
      prefix: 'plain-',
      targetToken: 'tok-{id}',
      mix: { fail: 0.2, slow: 0.1 },
      slowBytesPerSec: FIRMWARE.length * 4,
      untilClosed: 1,
    }).summary;

    expect(summary.stoppedBy).toBe('closed');
    expect(summary.devices.behaviours).toMatchObject({ succeed: 35, fail: 10, slow: 5 });
    // a slow device takes at least a quarter of a second for the firmware
    expect(summary.requests.download.latencyMs.max).toBeGreaterThanOrEqual(240);
    expect(summary.devices).toMatchObject({ total: 50, online: 50, seen: 50, finished: 40, done: 50 });
    expect(summary.outcomes).toMatchObject({ finished: 40, failed: 10, verificationFailed: 0, deploymentsFetched: 50 });
    expect(summary.downloads).toMatchObject({ count: 50, bytes: 50 * FIRMWARE.length, verified: 50, hashMismatches: 0, sizeMismatches: 0 });
    expect(summary.errors).toEqual({});
    expect(summary.requests.poll.latencyMs.p50).toBeGreaterThan(0);
    expect(summary.connectionWaitMs.max).toBeLessThanOrEqual(Math.max(...Object.values(summary.requests).map((r) => r.latencyMs.max)));
    expect(await actionStatusCounts(t, ids)).toEqual({ finished: 40, error: 10 });
    const statuses = await Promise.all(ids.map(async (id) => (await getJson(t, `/rest/v1/targets/${id}`))['updateStatus']));
    expect(statuses.filter((status) => status === 'in_sync')).toHaveLength(40);
    expect(statuses.filter((status) => status === 'error')).toHaveLength(10);
  });

  it('registers devices with the gateway token, uploads attributes when asked, and again when asked again', { timeout: 60_000 }, async () => {
    const ids = fleetIds('attr-', 10);
    const fleet = startFleet({ url: server.url, devices: 10, prefix: 'attr-', gatewayToken: 'fleet-gateway' });
    try {
      await vi.waitFor(() => expect(fleet.progress()?.outcomes.attributesUploaded).toBe(10), { timeout: 15_000, interval: 50 });
      const target = await getJson(t, `/rest/v1/targets/${ids[0]}`);
      expect(target).toMatchObject({ updateStatus: 'registered', requestAttributes: false });
      expect(await getJson(t, `/rest/v1/targets/${ids[0]}/attributes`)).toEqual({
        hwRevision: '1',
        serial: ids[0],
        simulator: 'falconet-sim',
        behaviour: 'succeed',
      });
      for (const id of ids.slice(0, 3)) {
        expect((await t.request(`/rest/v1/targets/${id}`, send('PUT', { requestAttributes: true }))).status).toBe(200);
      }
      await vi.waitFor(() => expect(fleet.progress()?.outcomes.attributesUploaded).toBe(13), { timeout: 15_000, interval: 50 });
    } finally {
      const summary = await fleet.stop();
      expect(summary.stoppedBy).toBe('signal');
      expect(summary.requests.configData.errors).toBe(0);
    }
  });

  it('acknowledges cancels: the actions become canceled', async () => {
    const ids = fleetIds('cancel-', 10);
    await createFleetTargets(t, ids);
    const { setId } = await createFirmwareSet(t, FIRMWARE);
    for (const id of ids) {
      const actionId = await assignOk(t, id, { id: setId });
      expect((await cancel(t, id, actionId)).status).toBe(204);
    }

    const summary = await startFleet({ url: server.url, devices: 10, prefix: 'cancel-', targetToken: 'tok-{id}', untilClosed: 1 }).summary;

    expect(summary.outcomes).toMatchObject({ canceled: 10, finished: 0, deploymentsFetched: 0 });
    expect(summary.downloads.count).toBe(0);
    expect(await actionStatusCounts(t, ids)).toEqual({ canceled: 10 });
  });

  it('reports closed/failure when an artifact fails SHA-256 verification', async () => {
    const ids = fleetIds('corrupt-', 5);
    await createFleetTargets(t, ids);
    const { setId, artifact } = await createFirmwareSet(t, 'corruptible firmware\n'.repeat(512));
    const blob = t.services.artifactStore.source(artifact.hashes.sha256) as string;
    await chmod(blob, 0o644);
    await writeFile(blob, 'CORRUPTED firmware!!\n'.repeat(512));
    for (const id of ids) await assignOk(t, id, { id: setId });

    const summary = await startFleet({ url: server.url, devices: 5, prefix: 'corrupt-', targetToken: 'tok-{id}', untilClosed: 1 }).summary;

    expect(summary.downloads).toMatchObject({ count: 5, verified: 0, hashMismatches: 5, sizeMismatches: 0 });
    expect(summary.outcomes).toMatchObject({ verificationFailed: 5, finished: 0 });
    expect(await actionStatusCounts(t, ids)).toEqual({ error: 5 });
    const actions = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${ids[0]}/actions`);
    const entries = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${ids[0]}/actions/${idOf(actions.content[0])}/status?limit=50`);
    expect(entries.content.flatMap((entry) => entry['messages'] as string[]).join('\n')).toContain('SHA-256 mismatch on firmware.swu');
  });

  it('reports downloaded for a download-only assignment, which closes it', async () => {
    const ids = fleetIds('dlonly-', 5);
    await createFleetTargets(t, ids);
    const { setId } = await createFirmwareSet(t, FIRMWARE);
    for (const id of ids) await assignOk(t, id, { id: setId, type: 'downloadonly' });

    const summary = await startFleet({ url: server.url, devices: 5, prefix: 'dlonly-', targetToken: 'tok-{id}', untilClosed: 1 }).summary;

    expect(summary.outcomes).toMatchObject({ downloadOnly: 5, finished: 0 });
    expect(summary.downloads).toMatchObject({ count: 5, verified: 5 });
    expect(await actionStatusCounts(t, ids)).toEqual({ downloaded: 5 });
  });

  it('leaves offline devices alone: they never poll, the others finish', async () => {
    const ids = fleetIds('offline-', 20);
    await createFleetTargets(t, ids);
    const { setId } = await createFirmwareSet(t, FIRMWARE);
    for (const id of ids) await assignOk(t, id, { id: setId });

    const summary = await startFleet({ url: server.url, devices: 20, prefix: 'offline-', targetToken: 'tok-{id}', mix: { offline: 0.25 }, untilClosed: 1 })
      .summary;

    expect(summary.devices).toMatchObject({ total: 20, online: 15, offline: 5, seen: 15, finished: 15, done: 15 });
    expect(await actionStatusCounts(t, ids)).toEqual({ finished: 15, running: 5 });
    const unpolled = [];
    for (const id of ids) if ((await getJson(t, `/rest/v1/targets/${id}`))['pollStatus'] === undefined) unpolled.push(id);
    expect(unpolled).toHaveLength(5);
  });
});

describe.each(DATABASE_KINDS)('device-fleet simulator through a rollout on %s', (kind) => {
  let server: Awaited<ReturnType<typeof listen>>;
  const t = useTestApp(kind);
  beforeAll(async () => {
    server = await listen(t);
  });
  afterAll(() => server.close());

  it('takes a 5-group rollout to finished, group after group, while the evaluator ticks', { timeout: 60_000 }, async () => {
    const ids = fleetIds('wave-', 40);
    await createFleetTargets(t, ids);
    const { setId } = await createFirmwareSet(t, FIRMWARE);
    const created = await createRollout(t, { set: setId, filter: 'controllerId==wave-*', groups: 5, successThreshold: 100 });
    const id = idOf(created);
    await operateOk(t, id, 'start');

    const fleet = startFleet({ url: server.url, devices: 40, prefix: 'wave-', targetToken: 'tok-{id}', untilClosed: 1 });
    let closed = false;
    void fleet.summary.then(() => (closed = true));
    while (!closed) {
      await t.services.rolloutEvaluator.tick();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await t.services.rolloutEvaluator.tick();
    const summary = await fleet.summary;

    expect(summary.devices).toMatchObject({ online: 40, finished: 40, done: 40 });
    expect(summary.downloads).toMatchObject({ count: 40, verified: 40, hashMismatches: 0 });
    const finished = await rollout(t, id);
    expect(finished['status']).toBe('finished');
    expect(counts(finished)).toEqual({ finished: 40 });
    expect((await groups(t, id)).map((group) => [group['name'], group['status']])).toEqual([1, 2, 3, 4, 5].map((n) => [`group-${n}`, 'finished']));
  });
});

describe.each(DATABASE_KINDS)('device-fleet simulator with the confirmation flow on %s', (kind) => {
  let server: Awaited<ReturnType<typeof listen>>;
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    server = await listen(t);
  });
  afterAll(() => server.close());

  it('confirms, denies or ignores confirmationBase by behaviour', { timeout: 60_000 }, async () => {
    const ids = fleetIds('confirm-', 30);
    await createFleetTargets(t, ids);
    const { setId } = await createFirmwareSet(t, FIRMWARE);
    for (const id of ids) await assignOk(t, id, { id: setId });

    const fleet = startFleet({ url: server.url, devices: 30, prefix: 'confirm-', targetToken: 'tok-{id}', mix: { deny: 1 / 3, ignoreConfirmation: 1 / 3 } });
    await vi.waitFor(() => expect(fleet.progress()?.outcomes).toMatchObject({ finished: 10, confirmed: 10, denied: 10 }), { timeout: 45_000, interval: 50 });
    const summary = await fleet.stop();

    expect(summary.devices.behaviours).toMatchObject({ succeed: 10, deny: 10, ignoreConfirmation: 10 });
    expect(summary.outcomes).toMatchObject({ confirmed: 10, denied: 10, finished: 10 });
    expect(summary.requests.confirmationBase.count).toBe(20);
    expect(await actionStatusCounts(t, ids)).toEqual({ finished: 10, wait_for_confirmation: 20 });
  });
});

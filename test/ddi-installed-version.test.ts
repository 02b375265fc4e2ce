import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice, type DdiDevice } from './support/ddi-client.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionsOf, assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, idOf, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const GATEWAY = 'gateway-secret';
const MAX_ACTIONS = 2;

describe.each(DATABASE_KINDS)('DDI PUT installedBase (the set a device declares it runs) on %s', (kind) => {
  let set: number;
  let otherSet: number;
  /** the name and version of {@link set} */
  let declared: { name: string; version: string };
  const t = useTestApp(kind, { 'ddi.gateway_token': GATEWAY, 'quota.max_actions_per_target': MAX_ACTIONS });
  beforeAll(async () => {
    [set, otherSet] = [await createSet(t), await createSet(t)];
    const json = await getJson(t, `/rest/v1/distributionsets/${set}`);
    declared = { name: json['name'] as string, version: json['version'] as string };
  });

  const declare = (device: DdiDevice, body: unknown = declared) => device.put('/installedBase', body);
  const setOf = async (cid: string, which: 'assignedDS' | 'installedDS') => {
    const response = await t.request(`/rest/v1/targets/${cid}/${which}`, { headers: AUTH });
    return response.status === 204 ? undefined : ((await response.json()) as { id: number }).id;
  };

  it('records the set as installed offline: 201, a finished action the poll links as installedBase, the target in sync', async () => {
    const device = await createDevice(t);
    await device.poll();
    const response = await declare(device);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.text()).toBe('');
    const [action] = (await actionsOf(t, device.controllerId)).content;
    expect(action).toMatchObject({ status: 'finished', detailStatus: 'finished', active: false, distributionSetId: set, createdBy: device.controllerId });
    const id = idOf(action);
    const entries = await getJson<JsonPage>(t, `/rest/v1/targets/${device.controllerId}/actions/${id}/status`);
    expect(entries.content.map(({ type, messages }) => ({ type, messages }))).toEqual([
      // the device is the initiator, as the management API's offline assignment names its operator
      { type: 'finished', messages: ['Update Server: Action reported as offline deployment', `Assignment initiated by user '${device.controllerId}'`] },
    ]);
    const target = await getJson(t, `/rest/v1/targets/${device.controllerId}`);
    expect(target).toMatchObject({ updateStatus: 'in_sync', installedAt: t.clock() });
    expect([await setOf(device.controllerId, 'assignedDS'), await setOf(device.controllerId, 'installedDS')]).toEqual([set, set]);
    const poll = await device.poll();
    expect(poll._links?.['installedBase']?.href).toBe(`${device.base}/installedBase/${id}`);
    expect(poll._links).not.toHaveProperty('deploymentBase');
    // the history leaves out the server's own "Update Server: …" messages, as hawkBit does
    const installed = await device.get(`/installedBase/${id}?actionHistory=10`);
    expect(installed.status).toBe(200);
    expect(await installed.json()).toMatchObject({
      actionHistory: { status: 'FINISHED', messages: [`Assignment initiated by user '${device.controllerId}'`] },
    });
  });

  it('answers 200 and changes nothing when the target has the set assigned already', async () => {
    const device = await createDevice(t);
    expect((await declare(device)).status).toBe(201);
    const again = await declare(device);
    expect(again.status).toBe(200);
    expect((await actionsOf(t, device.controllerId)).total).toBe(1);
  });

  it('answers 200 and changes nothing while a deployment is in flight, and replaces an older installation otherwise', async () => {
    const device = await createDevice(t);
    const running = await assignOk(t, device.controllerId, { id: otherSet });
    expect((await declare(device)).status).toBe(200);
    expect((await actionsOf(t, device.controllerId)).content.map((action) => action['id'])).toEqual([running]);
    expect(await getJson(t, `/rest/v1/targets/${device.controllerId}`)).toMatchObject({ updateStatus: 'pending' });
    expect((await device.feedback(running, 'closed', 'success')).status).toBe(200);
    expect(await setOf(device.controllerId, 'installedDS')).toBe(otherSet);
    expect((await declare(device)).status).toBe(201);
    expect([await setOf(device.controllerId, 'assignedDS'), await setOf(device.controllerId, 'installedDS')]).toEqual([set, set]);
  });

  it('keeps the offline installation from the history purge, as the one behind installedBase', async () => {
    const device = await createDevice(t);
    expect((await declare(device)).status).toBe(201);
    const [action] = (await actionsOf(t, device.controllerId)).content;
    await expectError(await t.request(`/rest/v1/actions/${String(action?.['id'])}`, send('DELETE')), 405, 'hawkbit.server.error.action.notDeletable');
  });

  it('answers 404 for a set of no such name and version, and for an unknown target', async () => {
    const device = await createDevice(t);
    await expectError(await declare(device, { ...declared, version: 'no-such-version' }), 404, 'hawkbit.server.error.repo.entityNotFound');
    expect((await actionsOf(t, device.controllerId)).total).toBe(0);
    const unknown = await t.request('/DEFAULT/controller/v1/never-seen/installedBase', {
      method: 'PUT',
      headers: { authorization: `GatewayToken ${GATEWAY}`, 'content-type': 'application/json' },
      body: JSON.stringify(declared),
    });
    await expectError(unknown, 404, 'hawkbit.server.error.repo.entityNotFound');
  });

  it.each([
    ['no version', { name: 'x' }],
    ['a version that is no string', { name: 'x', version: 7 }],
    ['an array', [{ name: 'x', version: '1' }]],
  ])('answers a body with %s with 400', async (_case, body) => {
    const device = await createDevice(t);
    await expectError(await declare(device, body), 400, 'hawkbit.server.error.rest.body.notReadable');
    await expectError(await device.put('/installedBase'), 400, 'hawkbit.server.error.rest.body.notReadable');
  });

  it('refuses an invalidated or an incomplete set with 400, as an assignment', async () => {
    const device = await createDevice(t);
    const incomplete = await createSet(t, { complete: false });
    const json = await getJson(t, `/rest/v1/distributionsets/${incomplete}`);
    const body = { name: json['name'], version: json['version'] };
    await expectError(await declare(device, body), 400, 'hawkbit.server.error.distributionset.incomplete');
    const invalid = await createSet(t);
    expect((await t.request(`/rest/v1/distributionsets/${invalid}/invalidate`, send('POST', { actionCancelationType: 'none' }))).status).toBe(204);
    const invalidJson = await getJson(t, `/rest/v1/distributionsets/${invalid}`);
    await expectError(
      await declare(device, { name: invalidJson['name'], version: invalidJson['version'] }),
      400,
      'hawkbit.server.error.distributionset.invalid',
    );
    expect((await actionsOf(t, device.controllerId)).total).toBe(0);
  });

  it('refuses a target holding max_actions_per_target actions with 429', async () => {
    const device = await createDevice(t);
    for (const id of [set, otherSet]) {
      const action = await assignOk(t, device.controllerId, { id });
      expect((await cancel(t, device.controllerId, action, true)).status).toBe(204);
    }
    await expectError(await declare(device), 429, 'hawkbit.server.error.quota.tooManyEntries');
    expect((await actionsOf(t, device.controllerId)).total).toBe(MAX_ACTIONS);
  });
});

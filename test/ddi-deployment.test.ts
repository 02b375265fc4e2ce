import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice, type DdiDevice } from './support/ddi-client.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { AUTH, getJson, send, type Json, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

interface DeploymentJson {
  id: string;
  deployment: {
    download: string;
    update: string;
    maintenanceWindow?: string;
    chunks: { part: string; version: string; name: string; artifacts: Json[]; metadata?: { key: string; value: string }[] }[];
  };
  actionHistory?: { status: string; messages: string[] };
}

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('DDI deployments on %s', (kind) => {
  let set: number;
  const firmware = 'firmware image bytes';

  const t = useTestApp(kind, { 'quota.max_status_entries_per_action': 8, 'quota.max_messages_per_action_status': 3 });
  beforeAll(async () => {
    const application = await createModule(t, { type: 'application', name: 'agent', version: '2.1' });
    const runtime = await createModule(t, { type: 'runtime', name: 'jre', version: '17' });
    await uploadArtifact(t, application.id, firmware, { partName: 'agent image.swu' });
    await t.request(
      `/rest/v1/softwaremodules/${application.id}/metadata`,
      send('POST', [
        { key: 'visible', value: 'yes', targetVisible: true },
        { key: 'hidden', value: 'no', targetVisible: false },
      ]),
    );
    set = await createSet(t, { name: 'app-set', version: '1', type: 'app', modules: [application.id, runtime.id] });
  });

  /** A device with an action of `body` on the set; returns both. */
  const deployed = async (body: Record<string, unknown> = {}) => {
    const device = await createDevice(t);
    const actionId = await assignOk(t, device.controllerId, { id: set, ...body });
    return { device, actionId };
  };
  const deployment = async (device: DdiDevice, actionId: number, query = '') => {
    const response = await device.get(`/deploymentBase/${actionId}${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    return (await response.json()) as DeploymentJson;
  };
  const entries = async (device: DdiDevice, actionId: number) =>
    (await getJson<JsonPage>(t, `/rest/v1/targets/${device.controllerId}/actions/${actionId}/status?limit=100`)).content;
  const target = (device: DdiDevice) => getJson(t, `/rest/v1/targets/${device.controllerId}`);

  describe('deploymentBase', () => {
    it("answers hawkBit's shape: string id, modes, chunks with legacy parts, artifacts with hashes and links, visible metadata", async () => {
      const { device, actionId } = await deployed();
      const body = await deployment(device, actionId);
      expect(body.id).toBe(String(actionId));
      expect(body.deployment).toMatchObject({ download: 'forced', update: 'forced' });
      expect(body.deployment).not.toHaveProperty('maintenanceWindow');
      expect(body).not.toHaveProperty('actionHistory');
      const [agent, jre] = body.deployment.chunks;
      expect(jre).toEqual({ part: 'jvm', version: '17', name: 'jre', artifacts: [] });
      expect(agent).toMatchObject({ part: 'bApp', version: '2.1', name: 'agent', metadata: [{ key: 'visible', value: 'yes' }] });
      const href = `${device.base}/softwaremodules/${(await t.db('software_modules').where('name', 'agent').first<{ id: number }>('id')).id}/artifacts/agent%20image.swu`;
      expect(agent?.artifacts).toEqual([
        {
          filename: 'agent image.swu',
          size: firmware.length,
          hashes: {
            sha1: createHash('sha1').update(firmware).digest('hex'),
            md5: createHash('md5').update(firmware).digest('hex'),
            sha256: createHash('sha256').update(firmware).digest('hex'),
          },
          _links: {
            download: { href },
            'download-http': { href },
            md5sum: { href: `${href}.MD5SUM` },
            'md5sum-http': { href: `${href}.MD5SUM` },
          },
        },
      ]);
    });

    it('is the link the poll gives, and the device client can follow it verbatim', async () => {
      const { device, actionId } = await deployed();
      const link = await device.link('deploymentBase');
      expect(link).toMatch(new RegExp(`^/deploymentBase/${actionId}\\?c=-?\\d+$`));
      expect((await device.get(link)).status).toBe(200);
    });

    it.each([
      ['forced', {}, 'forced', 'forced'],
      ['soft', { type: 'soft' }, 'attempt', 'attempt'],
      ['downloadonly', { type: 'downloadonly' }, 'forced', 'skip'],
      ['timeforced without forcetime (reached)', { type: 'timeforced' }, 'forced', 'forced'],
    ])('gives the modes of a %s action', async (_name, body, download, update) => {
      const { device, actionId } = await deployed(body);
      expect((await deployment(device, actionId)).deployment).toMatchObject({ download, update });
    });

    it('computes a timeforced action per request: attempt before forcetime, forced from it', async () => {
      const { device, actionId } = await deployed({ type: 'timeforced', forcetime: t.clock() + HOUR });
      expect((await deployment(device, actionId)).deployment).toMatchObject({ download: 'attempt', update: 'attempt' });
      const before = await device.link('deploymentBase');
      t.clock.advance(HOUR);
      expect((await deployment(device, actionId)).deployment).toMatchObject({ download: 'forced', update: 'forced' });
      expect(await device.link('deploymentBase')).not.toBe(before);
    });

    it('evaluates the maintenance window per request: unavailable and skip while closed, available when open', async () => {
      // daily for 30 minutes from the start of the hour after next, UTC
      const opens = (Math.floor(t.clock() / HOUR) + 2) * HOUR;
      const window = { schedule: `0 0 ${new Date(opens).getUTCHours()} * * ?`, duration: '00:30:00', timezone: '+00:00' };
      const { device, actionId } = await deployed({ type: 'soft', maintenanceWindow: window });
      expect((await deployment(device, actionId)).deployment).toMatchObject({ download: 'attempt', update: 'skip', maintenanceWindow: 'unavailable' });
      t.clock.advance(opens + 60_000 - t.clock());
      expect((await deployment(device, actionId)).deployment).toMatchObject({ download: 'attempt', update: 'attempt', maintenanceWindow: 'available' });
      t.clock.advance(30 * 60_000);
      expect((await deployment(device, actionId)).deployment).toMatchObject({ update: 'skip', maintenanceWindow: 'unavailable' });
    });

    it('counts fetches, records retrieved once in a row, and any feedback resets the count', async () => {
      const { device, actionId } = await deployed();
      await deployment(device, actionId);
      await deployment(device, actionId);
      expect((await actionOf(t, device.controllerId, actionId))['deploymentFetchCount']).toBe(2);
      expect((await entries(device, actionId)).map((entry) => entry['type'])).toEqual(['running', 'retrieved']);
      expect((await device.feedback(actionId, 'proceeding')).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['deploymentFetchCount']).toBe(0);
      await deployment(device, actionId);
      expect((await entries(device, actionId)).map((entry) => entry['type'])).toEqual(['running', 'retrieved', 'running', 'retrieved']);
    });

    it("adds the messages newest first on ?actionHistory=N, without the server's own notes", async () => {
      const { device, actionId } = await deployed();
      await device.feedback(actionId, 'download', 'none', { details: ['first'] });
      await device.feedback(actionId, 'proceeding', 'none', { details: ['second', 'third'] });
      await device.feedback(actionId, 'proceeding');
      expect((await deployment(device, actionId, '?actionHistory=2')).actionHistory).toEqual({ status: 'RUNNING', messages: ['second', 'third'] });
      expect((await deployment(device, actionId, '?actionHistory=-1')).actionHistory?.messages).toEqual([
        'second',
        'third',
        'first',
        "Assignment initiated by user 'admin'",
      ]);
      expect(await deployment(device, actionId, '?actionHistory=0')).not.toHaveProperty('actionHistory');
    });

    it('answers 404 for an unknown target or action, another target’s action, and a canceling action', async () => {
      const { device, actionId } = await deployed();
      const other = await deployed();
      expect((await device.get(`/deploymentBase/${other.actionId}`)).status).toBe(404);
      expect((await device.get('/deploymentBase/999999')).status).toBe(404);
      expect((await device.get('/deploymentBase/99999999999')).status).toBe(404);
      expect((await device.get('/deploymentBase/x')).status).toBe(400);
      expect((await cancel(t, device.controllerId, actionId)).status).toBe(204);
      const response = await device.get(`/deploymentBase/${actionId}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ errorCode: 'hawkbit.server.error.repo.entityNotFound' });
      const unknown = await t.request('http://ota.example.com/DEFAULT/controller/v1/nobody/deploymentBase/1', {
        headers: { authorization: 'TargetToken whatever' },
      });
      expect(unknown.status).toBe(401);
    });

    it('answers a finished action with 200 without counting it, and a repeated request with 304', async () => {
      const { device, actionId } = await deployed();
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(200);
      const response = await device.get(`/deploymentBase/${actionId}`);
      expect(response.status).toBe(200);
      const etag = response.headers.get('etag') as string;
      expect((await device.get(`/deploymentBase/${actionId}`, { 'if-none-match': etag })).status).toBe(304);
      expect((await actionOf(t, device.controllerId, actionId))['deploymentFetchCount']).toBe(0);
    });
  });

  describe('deployment feedback', () => {
    it('closed/success: action finished, target in_sync with the set installed, installedBase offered', async () => {
      const { device, actionId } = await deployed();
      await t.db('targets').where('controller_id', device.controllerId).update({ request_attributes: false });
      const response = await device.feedback(actionId, 'closed', 'success', { code: 200, details: ['Update Installed.'] });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({
        status: 'finished',
        detailStatus: 'finished',
        active: false,
        lastStatusCode: 200,
      });
      expect(await target(device)).toMatchObject({ updateStatus: 'in_sync', requestAttributes: true });
      expect((await getJson(t, `/rest/v1/targets/${device.controllerId}/installedDS`))['id']).toBe(set);
      const links = (await device.poll())._links ?? {};
      expect(Object.keys(links).sort()).toEqual(['configData', 'installedBase']);
      expect(links['installedBase']?.href).toBe(`${device.base}/installedBase/${actionId}`);
      const last = (await entries(device, actionId)).at(-1);
      expect(last).toMatchObject({ type: 'finished', messages: ['Update Installed.', 'Device reported status code: 200'], code: 200 });
    });

    it('closed/none counts as success; without details the server writes its own message', async () => {
      const { device, actionId } = await deployed();
      expect((await device.feedback(actionId, 'closed', 'none')).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('finished');
      expect((await entries(device, actionId)).at(-1)?.['messages']).toEqual(['Update Server: Target reported CLOSED with OK!']);
    });

    it('closed/failure: action error, target error with no assigned set', async () => {
      const { device, actionId } = await deployed();
      expect((await device.feedback(actionId, 'closed', 'failure')).status).toBe(200);
      expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({ status: 'finished', detailStatus: 'error', active: false });
      expect((await target(device))['updateStatus']).toBe('error');
      expect((await t.request(`/rest/v1/targets/${device.controllerId}/assignedDS`, { headers: AUTH })).status).toBe(204);
      expect((await entries(device, actionId)).at(-1)?.['type']).toBe('error');
    });

    it.each([
      ['proceeding', 'running'],
      ['scheduled', 'running'],
      ['resumed', 'running'],
      ['download', 'download'],
      ['downloaded', 'downloaded'],
      ['rejected', 'warning'],
      ['canceled', 'canceled'],
    ])('%s only records a %s entry; the action keeps running', async (execution, entry) => {
      const { device, actionId } = await deployed();
      expect((await device.feedback(actionId, execution, 'success')).status).toBe(200);
      expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({ status: 'pending', detailStatus: 'running' });
      expect((await entries(device, actionId)).at(-1)?.['type']).toBe(entry);
      expect((await target(device))['updateStatus']).toBe('pending');
      expect(await device.link('deploymentBase')).toBeDefined();
    });

    it('downloaded closes a download-only action as downloaded; the target is in sync, nothing installed', async () => {
      const { device, actionId } = await deployed({ type: 'downloadonly' });
      expect((await device.feedback(actionId, 'downloaded', 'success')).status).toBe(200);
      expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({ status: 'finished', detailStatus: 'downloaded', active: false });
      expect((await target(device))['updateStatus']).toBe('in_sync');
      expect((await getJson(t, `/rest/v1/targets/${device.controllerId}/assignedDS`))['id']).toBe(set);
      expect((await t.request(`/rest/v1/targets/${device.controllerId}/installedDS`, { headers: AUTH })).status).toBe(204);
    });

    it("accepts SWUpdate's body: id, time, progress with of 0 and empty details are ignored", async () => {
      const { device, actionId } = await deployed();
      const response = await device.post(`/deploymentBase/${actionId}/feedback`, {
        id: actionId,
        time: '20261121T120000',
        status: { execution: 'proceeding', result: { finished: 'none', progress: { cnt: 3, of: 0 } }, details: [''] },
      });
      expect(response.status).toBe(200);
      expect((await entries(device, actionId)).at(-1)).toMatchObject({ type: 'running', messages: [''] });
    });

    it.each([
      ['no status', {}],
      ['no result', { status: { execution: 'closed' } }],
      ['an unknown execution', { status: { execution: 'done', result: { finished: 'success' } } }],
      ['an unknown result', { status: { execution: 'closed', result: { finished: 'ok' } } }],
    ])('refuses %s with 400 and records nothing', async (_name, body) => {
      const { device, actionId } = await deployed();
      const response = await device.post(`/deploymentBase/${actionId}/feedback`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: 'hawkbit.server.error.rest.body.notReadable' });
      expect(await entries(device, actionId)).toHaveLength(1);
    });

    it('answers 410 once the action is closed, and changes nothing', async () => {
      const { device, actionId } = await deployed();
      await device.feedback(actionId, 'closed', 'success');
      const response = await device.feedback(actionId, 'closed', 'failure');
      expect(response.status).toBe(410);
      expect(await response.json()).toMatchObject({ errorCode: 'hawkbit.server.error.action.notActive' });
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('finished');
      expect((await target(device))['updateStatus']).toBe('in_sync');
    });

    it('answers 404 for an unknown action and one of another target', async () => {
      const { device } = await deployed();
      const other = await deployed();
      expect((await device.feedback(999999, 'proceeding')).status).toBe(404);
      expect((await device.feedback(other.actionId, 'closed', 'success')).status).toBe(404);
      expect((await actionOf(t, other.device.controllerId, other.actionId))['detailStatus']).toBe('running');
    });

    it('keeps a canceling action canceling on proceeding, and finishes it on a closed report', async () => {
      const { device, actionId } = await deployed();
      await cancel(t, device.controllerId, actionId);
      expect((await device.feedback(actionId, 'proceeding')).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('canceling');
      expect(await device.link('cancelAction')).toBe(`/cancelAction/${actionId}`);
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('finished');
    });

    it('refuses reports past max_status_entries_per_action with 429, but always takes the closing one', async () => {
      const { device, actionId } = await deployed();
      for (let entry = 1; entry < 8; entry += 1) expect((await device.feedback(actionId, 'proceeding')).status).toBe(200);
      const refused = await device.feedback(actionId, 'proceeding');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ errorCode: 'hawkbit.server.error.quota.tooManyEntries' });
      expect(await entries(device, actionId)).toHaveLength(8);
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('finished');
    });

    it('refuses a report with more messages than max_messages_per_action_status with 429', async () => {
      const { device, actionId } = await deployed();
      expect((await device.feedback(actionId, 'proceeding', 'none', { details: ['a', 'b', 'c'] })).status).toBe(200);
      expect((await device.feedback(actionId, 'proceeding', 'none', { details: ['a', 'b', 'c'], code: 7 })).status).toBe(429);
      expect(await entries(device, actionId)).toHaveLength(2);
    });
  });

  describe('installedBase', () => {
    it('shows the deployment of a finished action, and 404 for a running or cancelled one', async () => {
      const { device, actionId } = await deployed();
      expect((await device.get(`/installedBase/${actionId}`)).status).toBe(404);
      await device.feedback(actionId, 'closed', 'success');
      const response = await device.get(`/installedBase/${actionId}?actionHistory=1`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as DeploymentJson;
      expect(body).toMatchObject({
        id: String(actionId),
        deployment: { download: 'forced', update: 'forced' },
        actionHistory: { status: 'FINISHED', messages: ["Assignment initiated by user 'admin'"] },
      });
      expect(body.deployment.chunks.map((chunk) => chunk.part)).toEqual(['bApp', 'jvm']);
      const canceled = await deployed();
      await cancel(t, canceled.device.controllerId, canceled.actionId, true);
      expect((await canceled.device.get(`/installedBase/${canceled.actionId}`)).status).toBe(404);
    });
  });

  describe('cancelAction', () => {
    const canceling = async () => {
      const { device, actionId } = await deployed();
      expect((await cancel(t, device.controllerId, actionId)).status).toBe(204);
      return { device, actionId };
    };

    it('offers the cancel without a query string, shows it, and records retrieved once', async () => {
      const { device, actionId } = await canceling();
      const link = await device.link('cancelAction');
      expect(link).toBe(`/cancelAction/${actionId}`);
      const response = await device.get(link);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: String(actionId), cancelAction: { stopId: String(actionId) } });
      await device.get(link);
      expect((await entries(device, actionId)).map((entry) => entry['type'])).toEqual(['running', 'canceling', 'retrieved']);
    });

    it('answers 404 for an action that is not being cancelled', async () => {
      const { device, actionId } = await deployed();
      expect((await device.get(`/cancelAction/${actionId}`)).status).toBe(404);
    });

    it.each(['success', 'none'])('closed/%s: canceled, the target back to its installed set, no more cancelAction', async (finished) => {
      const { device, actionId } = await canceling();
      expect((await device.cancelFeedback(actionId, 'closed', finished)).status).toBe(200);
      expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({ status: 'finished', detailStatus: 'canceled', active: false });
      expect((await target(device))['updateStatus']).toBe('registered');
      expect((await t.request(`/rest/v1/targets/${device.controllerId}/assignedDS`, { headers: AUTH })).status).toBe(204);
      expect((await device.poll())._links ?? {}).not.toHaveProperty('cancelAction');
      expect((await entries(device, actionId)).at(-1)).toMatchObject({ type: 'canceled', messages: ['Update Server: Cancellation confirmed.'] });
    });

    it.each([
      ['closed', 'failure', 'error'],
      ['rejected', 'none', 'cancel_rejected'],
    ])('%s/%s refuses the cancel: running again with a %s entry, deploymentBase offered', async (execution, finished, entry) => {
      const { device, actionId } = await canceling();
      expect((await device.cancelFeedback(actionId, execution, finished)).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
      expect((await entries(device, actionId)).at(-1)?.['type']).toBe(entry);
      expect(await device.link('deploymentBase')).toBeDefined();
    });

    it.each([
      ['canceled', 'warning'],
      ['proceeding', 'running'],
      ['download', 'running'],
    ])('%s only records a %s entry', async (execution, entry) => {
      const { device, actionId } = await canceling();
      expect((await device.cancelFeedback(actionId, execution)).status).toBe(200);
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('canceling');
      expect((await entries(device, actionId)).at(-1)?.['type']).toBe(entry);
    });

    it('answers 405 on a running action and 410 on a closed one', async () => {
      const { device, actionId } = await deployed();
      const refused = await device.cancelFeedback(actionId, 'closed', 'success');
      expect(refused.status).toBe(405);
      expect(await refused.json()).toMatchObject({ errorCode: 'hawkbit.server.error.action.notCancelable' });
      expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
      await cancel(t, device.controllerId, actionId, true);
      expect((await device.cancelFeedback(actionId, 'closed', 'success')).status).toBe(410);
    });
  });
});

describe.each(DATABASE_KINDS)('DDI confirmation flow on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const waiting = async () => {
    const device = await createDevice(t);
    const actionId = await assignOk(t, device.controllerId, { id: set });
    return { device, actionId };
  };
  const confirm = (device: DdiDevice, actionId: number, body: unknown) => device.post(`/confirmationBase/${actionId}/feedback`, body);

  it('offers confirmationBase, not deploymentBase, and shows the deployment under `confirmation`', async () => {
    const { device, actionId } = await waiting();
    const links = (await device.poll())._links ?? {};
    expect(links).not.toHaveProperty('deploymentBase');
    const link = links['confirmationBase']?.href.slice(device.base.length) as string;
    expect(link).toMatch(new RegExp(`^/confirmationBase/${actionId}\\?c=-?\\d+$`));
    const response = await device.get(`${link}&actionHistory=5`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({
      id: String(actionId),
      confirmation: { download: 'forced', update: 'forced' },
      actionHistory: { status: 'WAIT_FOR_CONFIRMATION' },
    });
    expect(body).not.toHaveProperty('deployment');
    expect((await device.get(`/deploymentBase/${actionId}`)).status).toBe(404);
    expect((await device.feedback(actionId, 'proceeding')).status).toBe(404);
  });

  it('shows the auto-confirm state with its links', async () => {
    const { device, actionId } = await waiting();
    const response = await device.get('/confirmationBase');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body['autoConfirm']).toEqual({ active: false, activatedAt: 0 });
    expect(body._links['activateAutoConfirm']?.href).toBe(`${device.base}/confirmationBase/activateAutoConfirm`);
    expect(body._links['confirmationBase']?.href).toMatch(new RegExp(`/confirmationBase/${actionId}\\?c=-?\\d+$`));
  });

  it('confirmed: running, the next poll offers deploymentBase', async () => {
    const { device, actionId } = await waiting();
    expect((await confirm(device, actionId, { confirmation: 'confirmed', code: 12, details: ['ok by user'] })).status).toBe(200);
    expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({ detailStatus: 'running', lastStatusCode: 12 });
    expect(await device.link('deploymentBase')).toBeDefined();
    expect((await device.get(`/confirmationBase/${actionId}`)).status).toBe(404);
    expect((await confirm(device, actionId, { confirmation: 'confirmed' })).status).toBe(404);
  });

  it('denied: recorded, the action keeps waiting and may be confirmed later', async () => {
    const { device, actionId } = await waiting();
    expect((await confirm(device, actionId, { confirmation: 'denied', details: ['not now'] })).status).toBe(200);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('wait_for_confirmation');
    const history = (await getJson<JsonPage>(t, `/rest/v1/targets/${device.controllerId}/actions/${actionId}/status`)).content;
    expect(history.at(-1)).toMatchObject({ type: 'wait_for_confirmation', messages: ['not now'] });
    expect((await confirm(device, actionId, { confirmation: 'confirmed' })).status).toBe(200);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
  });

  it('refuses a bad body with 400 and a closed action with 410', async () => {
    const { device, actionId } = await waiting();
    expect((await confirm(device, actionId, { confirmation: 'maybe' })).status).toBe(400);
    expect((await confirm(device, actionId, {})).status).toBe(400);
    await cancel(t, device.controllerId, actionId, true);
    expect((await confirm(device, actionId, { confirmation: 'confirmed' })).status).toBe(410);
  });

  it('activateAutoConfirm releases the waiting action, answers 409 when already active; deactivate turns it off', async () => {
    const { device, actionId } = await waiting();
    expect((await device.post('/confirmationBase/activateAutoConfirm')).status).toBe(200);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
    const state = (await (await device.get('/confirmationBase')).json()) as Json;
    expect(state['autoConfirm']).toMatchObject({
      active: true,
      remark: 'Initiated using the Device Direct Integration API without providing a remark.',
      activatedAt: t.clock(),
    });
    expect(state._links['deactivateAutoConfirm']).toBeDefined();
    const again = await device.post('/confirmationBase/activateAutoConfirm', { initiator: 'me', remark: 'again' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errorCode: 'hawkbit.server.error.repo.autoConfAlreadyActive' });
    expect((await device.post('/confirmationBase/deactivateAutoConfirm')).status).toBe(200);
    expect((await getJson(t, `/rest/v1/targets/${device.controllerId}/autoConfirm`))['active']).toBe(false);
    const next = await assignOk(t, device.controllerId, { id: await createSet(t) });
    expect((await actionOf(t, device.controllerId, next))['detailStatus']).toBe('wait_for_confirmation');
  });

  it('activates with the initiator and remark the device gives; new assignments then run at once', async () => {
    const { device } = await waiting();
    expect((await device.post('/confirmationBase/activateAutoConfirm', { initiator: 'fleet-agent', remark: 'unattended' })).status).toBe(200);
    expect(await getJson(t, `/rest/v1/targets/${device.controllerId}/autoConfirm`)).toMatchObject({
      active: true,
      initiator: 'fleet-agent',
      remark: 'unattended',
    });
    const next = await assignOk(t, device.controllerId, { id: await createSet(t) });
    expect((await actionOf(t, device.controllerId, next))['detailStatus']).toBe('running');
  });
});

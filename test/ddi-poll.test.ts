import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { AUTH, createTargets, getJson, setPollTime, targetIdOf, type Json } from './support/target-fixtures.js';
import { startTestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const GATEWAY = 'gateway-secret';
const gateway = { authorization: `GatewayToken ${GATEWAY}` };
const base = (cid: string, tenant = 'DEFAULT') => `http://ota.example.com/${tenant}/controller/v1/${cid}`;
const AUDIT = { created_at: 1, created_by: 'seed', last_modified_at: 1, last_modified_by: 'seed' };

interface Poll {
  config: { polling: { sleep: string } };
  _links?: Record<string, { href: string }>;
}

describe.each(DATABASE_KINDS)('DDI poll on %s', (kind) => {
  const poll = (cid: string, headers: Record<string, string> = gateway, remote = '192.0.2.10') => t.request(base(cid), { headers }, remote);
  const pollJson = async (cid: string, headers: Record<string, string> = gateway) => {
    const response = await poll(cid, headers);
    expect(response.status).toBe(200);
    return (await response.json()) as Poll;
  };
  const storedPollTime = async (cid: string) =>
    Number(
      (
        await t
          .db('target_polls')
          .where('target_id', await targetIdOf(t.db, cid))
          .first<{ at: number | string }>('at')
      )?.at,
    );
  const putConfigData = (cid: string, body: unknown, method = 'PUT') =>
    t.request(`${base(cid)}/configData`, { method, headers: { ...gateway, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const t = useTestApp(kind, {
    'ddi.gateway_token': GATEWAY,
    'ddi.polling_interval': '00:00:30',
    'ddi.trusted_proxy_header': 'X-Forwarded-For',
    'quota.max_attribute_entries_per_target': 3,
  });

  describe('authentication', () => {
    it('answers a foreign tenant with 404 before checking credentials', async () => {
      expect((await t.request(base('dev-1', 'OTHER'))).status).toBe(404);
      expect((await t.request(base('dev-1', 'default'), { headers: gateway })).status).toBe(200);
    });

    it.each([
      ['no credential', {}],
      ['a wrong gateway token', { authorization: 'GatewayToken nope' }],
      ['a lower-case scheme', { authorization: `gatewaytoken ${GATEWAY}` }],
      ['a target token of an unknown target', { authorization: 'TargetToken abc' }],
      ['HTTP Basic', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ])('refuses %s with 401 and an empty body, registering nothing', async (_case, headers) => {
      const response = await poll('intruder', headers);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('');
      expect(await t.db('targets').where('controller_id', 'intruder').first()).toBeUndefined();
    });

    it('accepts the target security token, and refuses another target token', async () => {
      const [created] = await createTargets(t, [{ controllerId: 'tok-1', securityToken: 'a-secret-token' }]);
      expect(created?.['updateStatus']).toBe('unknown');
      expect((await poll('tok-1', { authorization: 'TargetToken a-secret-token' })).status).toBe(200);
      expect((await poll('tok-1', { authorization: 'TargetToken a-secret-tokeN' })).status).toBe(401);
      expect((await getJson(t, '/rest/v1/targets/tok-1'))['updateStatus']).toBe('registered');
    });

    it('does not register a target polling with its own (unknown) token', async () => {
      expect((await poll('nobody', { authorization: 'TargetToken whatever' })).status).toBe(401);
    });
  });

  describe('registration and the poll answer', () => {
    it('registers an unknown controllerId polling with the gateway token', async () => {
      const body = await pollJson('new-1');
      expect(body).toEqual({
        config: { polling: { sleep: '00:00:30' } },
        _links: { configData: { href: `${base('new-1')}/configData` } },
      });
      const target = await getJson<Json>(t, '/rest/v1/targets/new-1');
      expect(target).toMatchObject({
        controllerId: 'new-1',
        name: 'new-1',
        description: 'Plug and Play target: new-1',
        updateStatus: 'registered',
        requestAttributes: true,
        createdBy: 'CONTROLLER_PLUG_AND_PLAY',
        lastControllerRequestAt: t.clock(),
        ipAddress: '192.0.2.10',
      });
      expect(target['securityToken']).toMatch(/^[0-9a-f]{32}$/);
    });

    it('answers HAL JSON with an ETag, and 304 to a matching If-None-Match', async () => {
      const first = await poll('etag-1');
      expect(first.headers.get('content-type')).toBe('application/hal+json');
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await poll('etag-1', { ...gateway, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    });

    it('buffers plain poll times, shows them at once, and never writes them backwards', async () => {
      await pollJson('buf-1');
      const first = t.clock();
      t.clock.advance(5_000);
      await pollJson('buf-1');
      expect(await storedPollTime('buf-1')).toBe(first);
      expect((await getJson(t, '/rest/v1/targets/buf-1'))['lastControllerRequestAt']).toBe(first + 5_000);
      await t.services.pollRecorder.flush();
      expect(await storedPollTime('buf-1')).toBe(first + 5_000);

      await setPollTime(t.db, 'buf-1', first + 60_000);
      await pollJson('buf-1');
      await t.services.pollRecorder.flush();
      expect(await storedPollTime('buf-1')).toBe(first + 60_000);
    });

    it('keeps the poll time in a row of its own, deleted with its target', async () => {
      await pollJson('own-1');
      const id = await targetIdOf(t.db, 'own-1');
      const stored = async () => ((await t.db('target_polls').where('target_id', id).pluck('at')) as unknown[]).map(Number);
      expect(await stored()).toEqual([t.clock()]);
      expect((await t.request('/rest/v1/targets/own-1', { method: 'DELETE', headers: AUTH })).status).toBe(204);
      expect(await stored()).toEqual([]);
    });

    it('writes many pending poll times in chunks, none backwards', async () => {
      const rows = Array.from({ length: 1_234 }, (_, i) => ({
        controller_id: `many-${i}`,
        name: `many-${i}`,
        security_token: 'x',
        update_status: 'registered',
        ...AUDIT,
      }));
      await t.db.batchInsert('targets', rows, 500);
      const targetIds = (await t.db('targets').where('controller_id', 'like', 'many-%').orderBy('id').pluck('id')) as number[];
      // a poll is buffered only once the target has a stored poll time (its first contact is written at once)
      await setPollTime(
        t.db,
        rows.map((row) => row.controller_id),
        1_000,
      );
      await setPollTime(t.db, 'many-7', 9_000);
      for (const [i, id] of targetIds.entries()) t.services.pollRecorder.record(id, 5_000 + i);
      await t.services.pollRecorder.flush();
      const written = (await t.db('target_polls').whereIn('target_id', targetIds).orderBy('target_id').pluck('at')) as unknown[];
      expect(written.map(Number)).toEqual(targetIds.map((_, i) => (i === 7 ? 9_000 : 5_000 + i)));
    });

    it('answers from the target read by TargetToken authentication, without reading it again', async () => {
      await pollJson('reuse-1');
      const device = await t.services.controller.findDevice('reuse-1');
      expect(device).toMatchObject({ requestAttributes: true, action: undefined });
      await t.db('targets').where('controller_id', 'reuse-1').update({ request_attributes: false });
      const state = await t.services.controller.poll('reuse-1', { register: false, address: '192.0.2.10', device });
      expect(state.requestAttributes).toBe(true);
      expect((await t.services.controller.poll('reuse-1', { register: false, address: '192.0.2.10' })).requestAttributes).toBe(false);
    });

    it('records the rightmost address of the trusted proxy header, and a new address at once', async () => {
      expect((await poll('addr-1', { ...gateway, 'x-forwarded-for': '203.0.113.7, 198.51.100.4' })).status).toBe(200);
      expect((await getJson(t, '/rest/v1/targets/addr-1'))['ipAddress']).toBe('198.51.100.4');
      expect((await poll('addr-1', { ...gateway, 'x-forwarded-for': 'not-an-ip' }, '192.0.2.99')).status).toBe(200);
      const row = await t.db('targets').where('controller_id', 'addr-1').first<{ address: string }>('address');
      expect(row.address).toBe('192.0.2.99');
    });
  });

  describe('links for the active action', () => {
    const withAction = async (cid: string, status: string, active = true) => {
      await pollJson(cid);
      const setId = await createSet(t, { complete: false, name: `set-${cid}`, version: '1' });
      const targetId = await targetIdOf(t.db, cid);
      const [row] = await t
        .db('actions')
        .insert({ target_id: targetId, distribution_set_id: setId, active, status, action_type: 'forced', ...AUDIT })
        .returning<{ id: number }[]>('id');
      return { id: (row as { id: number }).id, setId, targetId };
    };

    it.each([
      ['running', 'deploymentBase', /\/deploymentBase\/\d+\?c=-?\d+$/],
      ['wait_for_confirmation', 'confirmationBase', /\/confirmationBase\/\d+\?c=-?\d+$/],
      ['canceling', 'cancelAction', /\/cancelAction\/\d+$/],
    ])('offers only %s → %s', async (status, rel, href) => {
      const { id } = await withAction(`act-${status}`, status);
      const links = (await pollJson(`act-${status}`))._links ?? {};
      expect(Object.keys(links).filter((name) => name !== 'configData')).toEqual([rel]);
      expect(links[rel]?.href).toMatch(href);
      expect(links[rel]?.href).toContain(`/${id}`);
    });

    it('offers installedBase for the finished action that installed the current set', async () => {
      const { id, setId, targetId } = await withAction('inst-1', 'finished', false);
      await t.db('targets').where('id', targetId).update({ installed_distribution_set_id: setId });
      expect((await pollJson('inst-1'))._links?.['installedBase']).toEqual({ href: `${base('inst-1')}/installedBase/${id}` });
    });
  });

  describe('configData', () => {
    const attributes = (cid: string) => getJson<Record<string, string>>(t, `/rest/v1/targets/${cid}/attributes`);

    it('merges by default, answers 200 with no body, and stops the configData link', async () => {
      await pollJson('cfg-1');
      const response = await putConfigData('cfg-1', { id: '', time: '20260101T120000', data: { hwRevision: '2', VIN: 'JH4' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      expect(await attributes('cfg-1')).toEqual({ hwRevision: '2', VIN: 'JH4' });
      expect((await pollJson('cfg-1'))._links).toBeUndefined();
      expect((await getJson(t, '/rest/v1/targets/cfg-1'))['requestAttributes']).toBe(false);
    });

    it('replaces, removes, and drops keys given as null; POST works as PUT', async () => {
      await pollJson('cfg-2');
      await putConfigData('cfg-2', { data: { a: '1', b: '2' } });
      await putConfigData('cfg-2', { mode: 'merge', data: { b: null, c: '3' } });
      expect(await attributes('cfg-2')).toEqual({ a: '1', c: '3' });
      await putConfigData('cfg-2', { mode: 'replace', data: { d: '4' } });
      expect(await attributes('cfg-2')).toEqual({ d: '4' });
      expect((await putConfigData('cfg-2', { mode: 'remove', data: { d: '' } }, 'POST')).status).toBe(200);
      expect(await attributes('cfg-2')).toEqual({});
    });

    it.each([
      ['a key with a forbidden character', { data: { 'bad~key': 'x' } }, 400, 'hawkbit.server.error.repo.invalidTargetAttributes'],
      ['a value over 128 characters', { data: { k: 'x'.repeat(129) } }, 400, 'hawkbit.server.error.repo.invalidTargetAttributes'],
      ['an unknown mode', { mode: 'append', data: { k: 'v' } }, 400, 'hawkbit.server.error.rest.body.notReadable'],
      ['no data', { mode: 'merge' }, 400, 'hawkbit.server.error.rest.body.notReadable'],
      ['more attributes than the quota', { data: { a: '1', b: '2', c: '3', d: '4' } }, 429, 'hawkbit.server.error.quota.tooManyEntries'],
    ])('refuses %s and changes nothing', async (_case, body, status, errorCode) => {
      await pollJson('cfg-3');
      await putConfigData('cfg-3', { data: { kept: 'yes' } });
      const response = await putConfigData('cfg-3', body);
      await expectError(response, status, errorCode);
      expect(await attributes('cfg-3')).toEqual({ kept: 'yes' });
    });

    it('answers 404 for a target that never polled', async () => {
      expect((await putConfigData('ghost', { data: { k: 'v' } })).status).toBe(404);
    });
  });
});

describe('anonymous device mode', () => {
  it('accepts polls without credentials and registers the device', async () => {
    const t = await startTestApp('sqlite', { 'ddi.anonymous': true });
    try {
      const response = await t.request(base('anon-1'));
      expect(response.status).toBe(200);
      expect((await getJson(t, '/rest/v1/targets/anon-1'))['updateStatus']).toBe('registered');
      expect((await t.request('/rest/v1/targets', { headers: {} })).status).toBe(401);
      expect((await t.request('/rest/v1/targets', { headers: AUTH })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

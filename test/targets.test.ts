import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { createTargetTag, tagTarget } from './support/tag-fixtures.js';
import { AUTH, createTargets, getJson, patchTarget, send, setPollTime, targetIdOf, type Json } from './support/target-fixtures.js';
import { createTargetType } from './support/types-api.js';
import { mgmtClient } from './support/mgmt-client.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const BASE = 'http://localhost';
const NOT_READABLE = 'hawkbit.server.error.rest.body.notReadable';

describe.each(DATABASE_KINDS)('targets on %s', (kind) => {
  const t = useTestApp(kind);

  const count = async () => Number(((await t.db('targets').count({ n: '*' }).first()) as { n: number | string }).n);

  describe('create', () => {
    it('creates a target with defaults: name from controllerId, generated token, status unknown', async () => {
      const [target] = await createTargets(t, [{ controllerId: 'new-1' }]);
      expect(target).toEqual({
        controllerId: 'new-1',
        name: 'new-1',
        updateStatus: 'unknown',
        securityToken: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
        requestAttributes: true,
        createdAt: t.clock(),
        createdBy: 'admin',
        lastModifiedAt: t.clock(),
        lastModifiedBy: 'admin',
        _links: {
          self: { href: `${BASE}/rest/v1/targets/new-1` },
          assignedDS: { href: `${BASE}/rest/v1/targets/new-1/assignedDS` },
          installedDS: { href: `${BASE}/rest/v1/targets/new-1/installedDS` },
          attributes: { href: `${BASE}/rest/v1/targets/new-1/attributes` },
          actions: { href: `${BASE}/rest/v1/targets/new-1/actions?offset=0&limit=50&sort=id%3ADESC` },
          metadata: { href: `${BASE}/rest/v1/targets/new-1/metadata?offset=0&limit=50` },
        },
      });
    });

    it('generates a different token for every target', async () => {
      const created = await createTargets(t, [{ controllerId: 'tok-1' }, { controllerId: 'tok-2' }, { controllerId: 'tok-3' }]);
      expect(created.map((target) => target.controllerId)).toEqual(['tok-1', 'tok-2', 'tok-3']);
      expect(new Set(created.map((target) => target.securityToken)).size).toBe(3);
    });

    it('takes every given field, a group with / and an address as URI', async () => {
      const typeId = await createTargetType(t, { key: 'gateway', name: 'Gateway' });
      // unknownField is no TargetRequest field: sent as raw JSON, as a client the types do not bind would
      const created = await t.request(
        '/rest/v1/targets',
        send('POST', [
          {
            controllerId: 'full-1',
            name: 'Full one',
            description: 'rack 3',
            securityToken: 'my-token',
            address: 'http://192.168.0.7',
            group: 'eu/berlin',
            requestAttributes: false,
            targetType: typeId,
            unknownField: 'ignored',
          },
        ]),
      );
      expect(created.status).toBe(201);
      const [target] = (await created.json()) as Json[];
      expect(target).toMatchObject({
        controllerId: 'full-1',
        name: 'Full one',
        description: 'rack 3',
        securityToken: 'my-token',
        address: 'http://192.168.0.7',
        ipAddress: '192.168.0.7',
        group: 'eu/berlin',
        requestAttributes: false,
        targetType: typeId,
        targetTypeName: 'Gateway',
      });
      expect(target?._links['targetType']).toEqual({ href: `${BASE}/rest/v1/targettypes/${typeId}` });
      expect(target).not.toHaveProperty('unknownField');
      const { data } = await mgmtClient(t).GET('/rest/v1/targets/{targetId}', { params: { path: { targetId: 'full-1' } } });
      expect(data).toMatchObject({ group: 'eu/berlin', ipAddress: '192.168.0.7' });
    });

    it('keeps IP addresses plain and shows IPv6 in brackets', async () => {
      const [target] = await createTargets(t, [{ controllerId: 'v6-1', address: '2001:DB8::1' }]);
      expect(target).toMatchObject({ address: 'http://[2001:db8::1]', ipAddress: '2001:db8::1' });
      expect(await t.db('targets').where('controller_id', 'v6-1').first('address')).toEqual({ address: '2001:db8::1' });
    });

    it('treats null optional fields as absent', async () => {
      const [target] = await createTargets(t, [{ controllerId: 'nulls-1', name: null, group: null, securityToken: null }]);
      expect(target).toMatchObject({ name: 'nulls-1', securityToken: expect.stringMatching(/^[0-9a-f]{32}$/) as string });
      expect(target).not.toHaveProperty('group');
    });

    it('answers 409 for a controllerId already taken, and creates none of the request', async () => {
      await createTargets(t, [{ controllerId: 'dup-1' }]);
      const before = await count();
      const response = await t.request('/rest/v1/targets', send('POST', [{ controllerId: 'dup-new' }, { controllerId: 'dup-1' }]));
      await expectError(response, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      expect(await count()).toBe(before);
    });

    it('answers 409 for a controllerId given twice in one request', async () => {
      const before = await count();
      const response = await t.request('/rest/v1/targets', send('POST', [{ controllerId: 'twice' }, { controllerId: 'twice' }]));
      expect((await expectError(response, 409, 'hawkbit.server.error.repo.entityAlreadyExists')).message).toContain('twice');
      expect(await count()).toBe(before);
    });

    it('answers 404 for an unknown target type, and creates nothing', async () => {
      const before = await count();
      const response = await t.request('/rest/v1/targets', send('POST', [{ controllerId: 'typed-ok' }, { controllerId: 'typed', targetType: 9999 }]));
      expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        'TargetType with given identifier {9999} does not exist.',
      );
      expect(await count()).toBe(before);
    });

    it.each([
      ['an empty controllerId', [{ controllerId: '' }]],
      ['a controllerId with a space', [{ controllerId: 'dev 1' }]],
      ['a controllerId with a tab', [{ controllerId: 'dev\t1' }]],
      ['a controllerId with /', [{ controllerId: 'dev/1' }]],
      ['a controllerId of 257 characters', [{ controllerId: 'x'.repeat(257) }]],
      ['no controllerId', [{ name: 'nameless' }]],
      ['an empty name', [{ controllerId: 'bad-name', name: '' }]],
      ['a name of 129 characters', [{ controllerId: 'bad-name', name: 'n'.repeat(129) }]],
      ['an empty group', [{ controllerId: 'bad-group', group: '' }]],
      ['a target type that is no number', [{ controllerId: 'bad-type', targetType: 'os' }]],
      ['requestAttributes that is no boolean', [{ controllerId: 'bad-ra', requestAttributes: 'yes' }]],
      ['an object instead of an array', { controllerId: 'not-array' }],
      ['an empty array', []],
      ['malformed JSON', '[{"controllerId": "x"'],
    ])('answers 400 for %s and creates nothing', async (_case, body) => {
      const before = await count();
      const response = await t.request('/rest/v1/targets', send('POST', body));
      await expectError(response, 400, NOT_READABLE);
      expect(await count()).toBe(before);
    });

    it('accepts a controllerId of 256 characters, its default name cut to the 128 a name may have', async () => {
      const [target] = await createTargets(t, [{ controllerId: 'y'.repeat(256) }]);
      expect(target).toMatchObject({ controllerId: 'y'.repeat(256), name: 'y'.repeat(128) });
    });

    it('answers 400 for an address without an IP address', async () => {
      const before = await count();
      const response = await t.request('/rest/v1/targets', send('POST', [{ controllerId: 'host-1', address: 'http://device.local' }]));
      await expectError(response, 400, 'hawkbit.server.error.repo.constraintViolation');
      expect(await count()).toBe(before);
    });
  });

  describe('read', () => {
    it('answers 404 for an unknown controllerId, in hawkBit words', async () => {
      const response = await t.request('/rest/v1/targets/nope', { headers: AUTH });
      expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        'Target with given identifier {nope} does not exist.',
      );
    });

    it('embeds installed and assigned sets and tags in reads only, never in create or update answers', async () => {
      const [created] = await createTargets(t, [{ controllerId: 'emb-1' }]);
      expect(created).not.toHaveProperty('installedDs');
      expect(created).not.toHaveProperty('assignedDs');
      expect(created).not.toHaveProperty('tags');

      const installed = await createSet(t, { complete: false, name: 'base-image', version: '1.0', type: 'os' });
      const assigned = await createSet(t, { complete: false, name: 'base-image', version: '2.0', type: 'os_app' });
      const red = await createTargetTag(t, { name: 'emb-red', colour: '#ff0000' });
      const plain = await createTargetTag(t, { name: 'emb-plain' });
      await patchTarget(t.db, 'emb-1', {
        installed_distribution_set_id: installed,
        assigned_distribution_set_id: assigned,
        installed_at: 1234,
        update_status: 'pending',
      });
      await tagTarget(t, 'emb-1', red);
      await tagTarget(t, 'emb-1', plain);

      const expected = {
        updateStatus: 'pending',
        installedAt: 1234,
        installedDs: { id: installed, name: 'base-image', version: '1.0', type: 'os' },
        assignedDs: { id: assigned, name: 'base-image', version: '2.0', type: 'os_app' },
        tags: [
          { id: plain, name: 'emb-plain' },
          { id: red, name: 'emb-red', colour: '#ff0000' },
        ],
      };
      expect(await getJson(t, '/rest/v1/targets/emb-1')).toMatchObject(expected);
      const page = await getJson<{ content: Json[] }>(t, '/rest/v1/targets?q=controllerId==emb-1');
      expect(page.content).toEqual([await getJson(t, '/rest/v1/targets/emb-1')]);

      const updated = (await (await t.request('/rest/v1/targets/emb-1', send('PUT', { name: 'renamed' }))).json()) as Json;
      expect(updated).toMatchObject({ name: 'renamed', updateStatus: 'pending', installedAt: 1234 });
      for (const field of ['installedDs', 'assignedDs', 'tags']) expect(updated).not.toHaveProperty(field);
    });

    it('shows the address the device polled from', async () => {
      await createTargets(t, [{ controllerId: 'addr-1' }]);
      await patchTarget(t.db, 'addr-1', { address: '10.1.2.3' });
      expect(await getJson(t, '/rest/v1/targets/addr-1')).toMatchObject({ address: 'http://10.1.2.3', ipAddress: '10.1.2.3' });
    });

    it('shows the poll status once polled, overdue after a further polling interval', async () => {
      const [fresh] = await createTargets(t, [{ controllerId: 'poll-1' }]);
      expect(fresh).not.toHaveProperty('pollStatus');
      expect(fresh).not.toHaveProperty('lastControllerRequestAt');
      const last = t.clock() - 1000;
      await setPollTime(t.db, 'poll-1', last);
      expect(await getJson(t, '/rest/v1/targets/poll-1')).toMatchObject({
        lastControllerRequestAt: last,
        pollStatus: { lastRequestAt: last, nextExpectedRequestAt: last + 300_000, overdue: false },
      });
      t.clock.advance(2 * 300_000 - 1000);
      expect(((await getJson(t, '/rest/v1/targets/poll-1'))['pollStatus'] as Json)['overdue']).toBe(false);
      t.clock.advance(1);
      expect(((await getJson(t, '/rest/v1/targets/poll-1'))['pollStatus'] as Json)['overdue']).toBe(true);
    });

    it('omits autoConfirmActive while the confirmation flow is off', async () => {
      expect(await getJson(t, '/rest/v1/targets/poll-1')).not.toHaveProperty('autoConfirmActive');
    });

    it('answers the attributes as a plain map, {} when none were reported', async () => {
      await createTargets(t, [{ controllerId: 'attr-1' }]);
      expect(await getJson(t, '/rest/v1/targets/attr-1/attributes')).toEqual({});
      const id = await targetIdOf(t.db, 'attr-1');
      await t.db('target_attributes').insert([
        { target_id: id, key: 'serial', value: 'A-1' },
        { target_id: id, key: 'hwRevision', value: '2' },
      ]);
      expect(await getJson(t, '/rest/v1/targets/attr-1/attributes')).toEqual({ hwRevision: '2', serial: 'A-1' });
      expect((await t.request('/rest/v1/targets/nope/attributes', { headers: AUTH })).status).toBe(404);
    });
  });

  it.each([
    ['GET', '/rest/v1/targets'],
    ['POST', '/rest/v1/targets'],
    ['GET', '/rest/v1/targets/x'],
    ['PUT', '/rest/v1/targets/x'],
    ['DELETE', '/rest/v1/targets/x'],
    ['GET', '/rest/v1/targets/x/attributes'],
    ['POST', '/rest/v1/targets/x/targettype'],
    ['DELETE', '/rest/v1/targets/x/targettype'],
    ['GET', '/rest/v1/targets/x/metadata'],
    ['POST', '/rest/v1/targets/x/metadata'],
    ['GET', '/rest/v1/targets/x/metadata/k'],
    ['PUT', '/rest/v1/targets/x/metadata/k'],
    ['DELETE', '/rest/v1/targets/x/metadata/k'],
    ['GET', '/rest/v1/targettags/1/assigned'],
  ])('answers 401 to %s %s without credentials', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    const response = await t.request(path, { method, headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('targets with the confirmation flow on, on %s', (kind) => {
  const t = useTestApp(kind, {
    'ddi.confirmation_flow': true,
    'ddi.auto_confirm_default': true,
    'ddi.polling_interval': '00:00:30',
    url: 'https://ota.example.com',
  });

  it('shows autoConfirmActive and its link, the configured interval and the configured base URL', async () => {
    const [created] = await createTargets(t, [{ controllerId: 'conf-1' }]);
    expect(created).toMatchObject({ autoConfirmActive: true });
    expect(created?._links['self']).toEqual({ href: 'https://ota.example.com/rest/v1/targets/conf-1' });
    expect(created?._links['autoConfirm']).toEqual({ href: 'https://ota.example.com/rest/v1/targets/conf-1/autoConfirm' });
    await patchTarget(t.db, 'conf-1', { auto_confirm_active: false });
    await setPollTime(t.db, 'conf-1', t.clock());
    expect(await getJson(t, '/rest/v1/targets/conf-1')).toMatchObject({
      autoConfirmActive: false,
      pollStatus: { lastRequestAt: t.clock(), nextExpectedRequestAt: t.clock() + 30_000, overdue: false },
    });
    t.clock.advance(60_001);
    expect(((await getJson(t, '/rest/v1/targets/conf-1'))['pollStatus'] as Json)['overdue']).toBe(true);
  });
});

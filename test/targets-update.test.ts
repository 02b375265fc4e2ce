import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createDevice } from './support/ddi-client.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { expectData, mgmtClient } from './support/mgmt-client.js';
import { createTargetTag, tagTarget } from './support/tag-fixtures.js';
import { AUTH, createTargets, getJson, send, targetIdOf, type Json } from './support/target-fixtures.js';
import { createTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const BASE = 'http://localhost';
const NOT_READABLE = 'hawkbit.server.error.rest.body.notReadable';

describe.each(DATABASE_KINDS)('changing and deleting targets on %s', (kind) => {
  const t = useTestApp(kind);

  describe('update', () => {
    beforeAll(() => createTargets(t, [{ controllerId: 'upd-0', name: 'Kept', securityToken: 'kept-token' }]));

    it('changes the given fields and leaves the omitted ones', async () => {
      const typeId = await createTargetType(t, { key: 'sensor', name: 'Sensor' });
      const [before] = await createTargets(t, [{ controllerId: 'upd-1', description: 'old', group: 'g1' }]);
      t.clock.advance(5000);
      const response = await t.request(
        '/rest/v1/targets/upd-1',
        send('PUT', {
          name: 'New name',
          securityToken: 'new-token',
          requestAttributes: false,
          address: '10.9.8.7',
          targetType: typeId,
          controllerId: 'ignored',
        }),
      );
      expect(response.status).toBe(200);
      const updated = (await response.json()) as Json;
      expect(updated).toMatchObject({
        controllerId: 'upd-1',
        name: 'New name',
        description: 'old',
        group: 'g1',
        securityToken: 'new-token',
        requestAttributes: false,
        ipAddress: '10.9.8.7',
        targetType: typeId,
        targetTypeName: 'Sensor',
        createdAt: before?.createdAt,
        lastModifiedAt: t.clock(),
        lastModifiedBy: 'admin',
      });
      expect(await getJson(t, '/rest/v1/targets/upd-1')).toMatchObject({ name: 'New name', securityToken: 'new-token' });
    });

    it('treats null fields other than group as unchanged, and asks for attributes again', async () => {
      await createTargets(t, [{ controllerId: 'upd-2', description: 'keep', requestAttributes: false }]);
      const response = await t.request('/rest/v1/targets/upd-2', send('PUT', { description: null, requestAttributes: true }));
      expect(await response.json()).toMatchObject({ description: 'keep', requestAttributes: true });
    });

    it('sets and moves a group but never clears it', async () => {
      await createTargets(t, [{ controllerId: 'grp-1' }]);
      const put = async (body: unknown) => t.request('/rest/v1/targets/grp-1', send('PUT', body));
      expect(await (await put({ group: 'eu/berlin' })).json()).toMatchObject({ group: 'eu/berlin' });
      expect(await (await put({ group: 'us/austin' })).json()).toMatchObject({ group: 'us/austin' });
      expect(await (await put({ name: 'no group given' })).json()).toMatchObject({ group: 'us/austin' });
      for (const body of [{ group: null }, { group: '' }]) {
        const response = await put(body);
        await expectError(response, 400, NOT_READABLE);
      }
      expect(await getJson(t, '/rest/v1/targets/grp-1')).toMatchObject({ group: 'us/austin', name: 'no group given' });
    });

    it('answers 404 for an unknown target and for an unknown target type, changing nothing', async () => {
      expect((await t.request('/rest/v1/targets/nope', send('PUT', { name: 'x' }))).status).toBe(404);
      await createTargets(t, [{ controllerId: 'upd-3' }]);
      const response = await t.request('/rest/v1/targets/upd-3', send('PUT', { name: 'changed', targetType: 9999 }));
      expect(response.status).toBe(404);
      expect(await getJson(t, '/rest/v1/targets/upd-3')).toMatchObject({ name: 'upd-3' });
    });

    it.each([
      ['an empty name', { name: '' }],
      ['a name of 129 characters', { name: 'n'.repeat(129) }],
      ['an empty token', { securityToken: '' }],
      ['a token of 129 characters', { securityToken: 't'.repeat(129) }],
      ['requestAttributes as a string', { requestAttributes: 'true' }],
      ['malformed JSON', '{"name": '],
    ])('answers 400 for %s and changes nothing', async (_case, body) => {
      const before = await getJson(t, '/rest/v1/targets/upd-0');
      const response = await t.request('/rest/v1/targets/upd-0', send('PUT', body));
      await expectError(response, 400, NOT_READABLE);
      expect(await getJson(t, '/rest/v1/targets/upd-0')).toEqual(before);
    });

    it('answers 400 for an address without an IP address, changing nothing', async () => {
      await createTargets(t, [{ controllerId: 'upd-4', address: '10.0.0.4' }]);
      const response = await t.request('/rest/v1/targets/upd-4', send('PUT', { address: 'not an address', name: 'changed' }));
      expect(response.status).toBe(400);
      expect(await getJson(t, '/rest/v1/targets/upd-4')).toMatchObject({ ipAddress: '10.0.0.4', name: 'upd-4' });
    });
  });

  describe('target type', () => {
    it('assigns and unassigns a target type', async () => {
      const typeId = await createTargetType(t, { key: 'camera', name: 'Camera' });
      await createTargets(t, [{ controllerId: 'tt-1' }]);
      const assign = await t.request('/rest/v1/targets/tt-1/targettype', send('POST', { id: typeId }));
      expect(assign.status).toBe(204);
      const typed = await getJson(t, '/rest/v1/targets/tt-1');
      expect(typed).toMatchObject({ targetType: typeId, targetTypeName: 'Camera' });
      expect(typed._links['targetType']).toEqual({ href: `${BASE}/rest/v1/targettypes/${typeId}` });

      const unassign = await t.request('/rest/v1/targets/tt-1/targettype', { method: 'DELETE', headers: AUTH });
      expect(unassign.status).toBe(204);
      const untyped = await getJson(t, '/rest/v1/targets/tt-1');
      expect(untyped).not.toHaveProperty('targetType');
      expect(untyped).not.toHaveProperty('targetTypeName');
      expect(untyped._links).not.toHaveProperty('targetType');
    });

    it('answers 404 for an unknown type or target, and 400 for a body without id', async () => {
      await createTargets(t, [{ controllerId: 'tt-2' }]);
      const unknownType = await t.request('/rest/v1/targets/tt-2/targettype', send('POST', { id: 9999 }));
      expect((await expectError(unknownType, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        'TargetType with given identifier {9999} does not exist.',
      );
      expect(await getJson(t, '/rest/v1/targets/tt-2')).not.toHaveProperty('targetType');
      const typeId = await createTargetType(t, { key: 'robot', name: 'robot' });
      expect((await t.request('/rest/v1/targets/nope/targettype', send('POST', { id: typeId }))).status).toBe(404);
      expect((await t.request('/rest/v1/targets/nope/targettype', { method: 'DELETE', headers: AUTH })).status).toBe(404);
      expect((await t.request('/rest/v1/targets/tt-2/targettype', send('POST', {}))).status).toBe(400);
    });
  });

  describe('delete', () => {
    it('deletes a target with its attributes, metadata, tag assignments and actions', async () => {
      const device = await createDevice(t);
      const cid = device.controllerId;
      const id = await targetIdOf(t.db, cid);
      const tag = await createTargetTag(t, { name: 'del-tag' });
      expect((await device.put('/configData', { data: { k: 'v' } })).status).toBe(200);
      await expectData(
        mgmtClient(t).POST('/rest/v1/targets/{targetId}/metadata', { params: { path: { targetId: cid } }, body: [{ key: 'k', value: 'v' }] }),
        201,
      );
      await tagTarget(t, cid, tag);
      await assignOk(t, cid, { id: await createSet(t), type: 'forced' });

      const response = await t.request(`/rest/v1/targets/${cid}`, { method: 'DELETE', headers: AUTH });
      expect(response.status).toBe(204);
      expect((await t.request(`/rest/v1/targets/${cid}`, { headers: AUTH })).status).toBe(404);
      for (const table of ['target_attributes', 'target_metadata', 'target_tag_assignments', 'actions']) {
        expect(await t.db(table).where('target_id', id).first(), table).toBeUndefined();
      }
      expect(await t.db('target_tags').where('id', tag).first('id')).toEqual({ id: tag });
    });

    it('answers 404 for an unknown target', async () => {
      const response = await t.request('/rest/v1/targets/nope', { method: 'DELETE', headers: AUTH });
      expect(response.status).toBe(404);
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { auth, blobExists, createModule, jsonHeaders, putInSet, uploadArtifact, type ModuleJson } from './support/software-module-api.js';
import { expectError } from './support/expect-error.js';
import { DATABASE_STORAGE_KINDS } from './support/storage-kinds.js';
import { useTestApp } from './support/use-test-app.js';

interface Page<T> {
  content: T[];
  total: number;
  size: number;
}

describe.each(DATABASE_STORAGE_KINDS)('software modules on %s with %s storage', (kind, storage) => {
  const t = useTestApp(kind, { 'quota.max_metadata_entries_per_software_module': 3 }, { storage });

  const post = (body: unknown, headers: Record<string, string> = jsonHeaders) =>
    t.request('/rest/v1/softwaremodules', { method: 'POST', headers, body: JSON.stringify(body) });
  const get = (path: string) => t.request(`/rest/v1/softwaremodules${path}`, { headers: auth });
  const put = (path: string, body: unknown) =>
    t.request(`/rest/v1/softwaremodules${path}`, { method: 'PUT', headers: jsonHeaders, body: JSON.stringify(body) });
  const del = (path: string) => t.request(`/rest/v1/softwaremodules${path}`, { method: 'DELETE', headers: auth });
  const moduleCount = async () => Number(((await t.db('software_modules').count({ n: '*' }).first()) as { n: number | string }).n);

  describe('create', () => {
    it('creates an array of modules and answers 201 with hawkBit JSON', async () => {
      const response = await post([
        { name: 'linux', version: '6.1', type: 'os', vendor: 'ACME', description: 'kernel and rootfs' },
        { name: 'app', version: '2.0', type: 'application', unknownField: 'ignored' },
      ]);
      expect(response.status).toBe(201);
      const [os, app] = (await response.json()) as ModuleJson[];
      const base = 'http://localhost/rest/v1';
      expect(os).toEqual({
        id: expect.any(Number) as number,
        name: 'linux',
        version: '6.1',
        type: 'os',
        typeName: 'OS',
        vendor: 'ACME',
        description: 'kernel and rootfs',
        encrypted: false,
        locked: false,
        deleted: false,
        complete: true,
        createdAt: t.clock(),
        createdBy: 'admin',
        lastModifiedAt: t.clock(),
        lastModifiedBy: 'admin',
        _links: {
          self: { href: `${base}/softwaremodules/${os?.id}` },
          artifacts: { href: `${base}/softwaremodules/${os?.id}/artifacts` },
          type: { href: expect.stringMatching(new RegExp(`^${base}/softwaremoduletypes/\\d+$`)) as string },
          metadata: { href: `${base}/softwaremodules/${os?.id}/metadata?offset=0&limit=50` },
        },
      });
      expect(app).toMatchObject({ name: 'app', version: '2.0', type: 'application', typeName: 'Application' });
      expect(app).not.toHaveProperty('vendor');
      expect(app).not.toHaveProperty('unknownField');
    });

    it('refuses name + version + type that exists, or repeats within the request, with 409 and creates nothing', async () => {
      await createModule(t, { name: 'dup', version: '1', type: 'os' });
      const before = await moduleCount();
      const existing = await post([
        { name: 'fresh', version: '1', type: 'os' },
        { name: 'dup', version: '1', type: 'os' },
      ]);
      await expectError(existing, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      const repeated = await post([
        { name: 'twice', version: '1', type: 'os' },
        { name: 'twice', version: '1', type: 'os' },
      ]);
      expect(repeated.status).toBe(409);
      expect(await moduleCount()).toBe(before);
      // Another type or version is another module.
      expect(
        (
          await post([
            { name: 'dup', version: '1', type: 'firmware' },
            { name: 'dup', version: '2', type: 'os' },
          ])
        ).status,
      ).toBe(201);
    });

    it('answers an unknown type key with 404 and creates nothing', async () => {
      const before = await moduleCount();
      const response = await post([
        { name: 'x', version: '1', type: 'os' },
        { name: 'y', version: '1', type: 'bootloader' },
      ]);
      const body = await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound');
      expect(body.message).toContain('{bootloader}');
      expect(await moduleCount()).toBe(before);
    });

    it.each([
      ['no array', { name: 'a', version: '1', type: 'os' }],
      ['an empty array', []],
      ['no name', [{ version: '1', type: 'os' }]],
      ['no version', [{ name: 'a', type: 'os' }]],
      ['no type', [{ name: 'a', version: '1' }]],
      ['an empty name', [{ name: '', version: '1', type: 'os' }]],
      ['a name of 129 characters', [{ name: 'n'.repeat(129), version: '1', type: 'os' }]],
      ['a version of 65 characters', [{ name: 'a', version: 'v'.repeat(65), type: 'os' }]],
      ['a vendor of 257 characters', [{ name: 'a', version: '1', type: 'os', vendor: 'v'.repeat(257) }]],
      ['a description of 513 characters', [{ name: 'a', version: '1', type: 'os', description: 'd'.repeat(513) }]],
      ['a number as name', [{ name: 5, version: '1', type: 'os' }]],
    ])('refuses %s with 400 and creates nothing', async (_case, body) => {
      const before = await moduleCount();
      const response = await post(body);
      await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
      expect(await moduleCount()).toBe(before);
    });

    it('accepts the longest allowed fields', async () => {
      const response = await post([{ name: 'n'.repeat(128), version: 'v'.repeat(64), type: 'os', vendor: 'v'.repeat(256), description: 'd'.repeat(512) }]);
      expect(response.status).toBe(201);
    });

    it('refuses malformed JSON with 400', async () => {
      const response = await t.request('/rest/v1/softwaremodules', { method: 'POST', headers: jsonHeaders, body: '[{"name":' });
      expect(response.status).toBe(400);
    });

    it('needs authentication', async () => {
      const before = await moduleCount();
      expect((await post([{ name: 'anon', version: '1', type: 'os' }], { 'content-type': 'application/json' })).status).toBe(401);
      expect((await t.request('/rest/v1/softwaremodules')).status).toBe(401);
      expect(await moduleCount()).toBe(before);
    });
  });

  describe('completeness (hawkBit 1.0: the type’s minArtifacts)', () => {
    it('is complete once it has as many artifacts as its type asks for, in every list that shows it', async () => {
      const typeResponse = await t.request('/rest/v1/softwaremoduletypes', {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify([{ key: 'two-files', name: 'Two files', minArtifacts: 2, maxAssignments: 1 }]),
      });
      expect(typeResponse.status).toBe(201);
      expect(((await typeResponse.json()) as { minArtifacts: number }[])[0]?.minArtifacts).toBe(2);
      const module = await createModule(t, { type: 'two-files' });
      expect(module.complete).toBe(false);
      const setId = await putInSet(t, module.id);
      const completeIn = async () => {
        const one = (await (await get(`/${module.id}`)).json()) as ModuleJson;
        const listed = (await (await get(`?q=id==${module.id}`)).json()) as Page<ModuleJson>;
        const ofSet = (await (await t.request(`/rest/v1/distributionsets/${setId}/assignedSM`, { headers: auth })).json()) as Page<ModuleJson>;
        return [one.complete, listed.content[0]?.complete, ofSet.content[0]?.complete];
      };
      const first = await uploadArtifact(t, module.id, 'one', { partName: 'a.bin' });
      expect(await completeIn()).toEqual([false, false, false]);
      await uploadArtifact(t, module.id, 'two', { partName: 'b.bin' });
      expect(await completeIn()).toEqual([true, true, true]);
      expect((await del(`/${module.id}/artifacts/${first.id}`)).status).toBe(204);
      expect(await completeIn()).toEqual([false, false, false]);
    });

    it('is complete without artifacts when its type asks for none', async () => {
      const module = await createModule(t, { type: 'application' });
      expect(module.complete).toBe(true);
      expect(((await (await get(`/${module.id}`)).json()) as ModuleJson).complete).toBe(true);
    });
  });

  describe('read', () => {
    it('reads one module', async () => {
      const module = await createModule(t, { vendor: 'V' });
      const response = await get(`/${module.id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(module);
    });

    it.each(['999999', '99999999999', '-1', '0'])('answers the unknown id %s with 404', async (id) => {
      const response = await get(`/${id}`);
      expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        `SoftwareModule with given identifier {${id}} does not exist.`,
      );
    });

    it('answers a non-numeric id with 400', async () => {
      expect((await get('/abc')).status).toBe(400);
    });

    it('derives locked from sets referenced by a rollout, in single reads and in lists', async () => {
      const inSet = await createModule(t);
      const rolledOut = await createModule(t);
      await putInSet(t, inSet.id);
      await putInSet(t, rolledOut.id, { rollout: true });
      expect(((await (await get(`/${inSet.id}`)).json()) as ModuleJson).locked).toBe(false);
      expect(((await (await get(`/${rolledOut.id}`)).json()) as ModuleJson).locked).toBe(true);
      const page = (await (await get('?limit=500')).json()) as Page<ModuleJson>;
      const locked = page.content.filter((module) => module.locked).map((module) => module.id);
      expect(locked).toEqual([rolledOut.id]);
    });
  });

  describe('list', () => {
    const app = useTestApp(kind, {}, { storage });
    beforeAll(async () => {
      const now = app.clock();
      const types = await app.db('software_module_types').select<{ id: number; key: string }[]>('id', 'key');
      const typeId = (key: string) => types.find((type) => type.key === key)?.id;
      const rows = Array.from({ length: 510 }, (_, i) => ({
        type_id: typeId(i % 2 === 0 ? 'os' : 'application'),
        name: `m-${String(i).padStart(3, '0')}`,
        version: String(i % 7),
        vendor: `vendor-${i % 3}`,
        created_at: now + i,
        created_by: 'test',
        last_modified_at: now + 1000 - i,
        last_modified_by: 'test',
      }));
      for (let i = 0; i < rows.length; i += 100) await app.db('software_modules').insert(rows.slice(i, i + 100));
    });
    const list = async (query: string) => {
      const response = await app.request(`/rest/v1/softwaremodules${query}`, { headers: auth });
      expect(response.status).toBe(200);
      return (await response.json()) as Page<ModuleJson>;
    };

    it('pages by id ascending, 50 by default', async () => {
      const page = await list('');
      expect(page.total).toBe(510);
      expect(page.size).toBe(50);
      expect(page.content.map((module) => module.name)).toEqual(Array.from({ length: 50 }, (_, i) => `m-${String(i).padStart(3, '0')}`));
    });

    it('honours offset and limit, and caps limit at 500', async () => {
      const page = await list('?offset=505&limit=10');
      expect(page).toMatchObject({ total: 510, size: 5 });
      expect(page.content[0]?.name).toBe('m-505');
      expect((await list('?limit=1000')).size).toBe(500);
      expect((await list('?offset=-3&limit=0')).content[0]?.name).toBe('m-000');
    });

    it.each([
      ['name:DESC', 'm-509'],
      ['type:ASC,id:DESC', 'm-509'],
      ['TYPE:desc', 'm-000'],
      ['version:DESC,name:ASC', 'm-006'],
      ['vendor:DESC,id:ASC', 'm-002'],
      ['createdAt:DESC', 'm-509'],
      ['lastModifiedAt:ASC', 'm-509'],
      ['description:ASC,id:ASC', 'm-000'],
    ])('sorts by %s', async (sort, first) => {
      expect((await list(`?sort=${sort}`)).content[0]?.name).toBe(first);
    });

    it.each([
      ['nope:ASC', 'hawkbit.server.error.rest.param.invalidField'],
      ['name:UP', 'hawkbit.server.error.rest.param.invalidDirection'],
      ['name', 'hawkbit.server.error.rest.param.sortParamSyntax'],
    ])('refuses sort=%s with 400', async (sort, code) => {
      const response = await app.request(`/rest/v1/softwaremodules?sort=${sort}`, { headers: auth });
      await expectError(response, 400, code);
    });

    it('refuses a non-numeric limit with 400', async () => {
      expect((await app.request('/rest/v1/softwaremodules?limit=many', { headers: auth })).status).toBe(400);
    });
  });

  describe('update', () => {
    it('changes vendor and description only; name, version and type stay', async () => {
      const module = await createModule(t, { vendor: 'old', description: 'old' });
      t.clock.advance(5000);
      const response = await put(`/${module.id}`, { vendor: 'new', name: 'renamed', version: '9', type: 'firmware' });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as ModuleJson;
      expect(updated).toMatchObject({ name: module.name, version: '1.0.0', type: 'os', vendor: 'new', description: 'old' });
      expect(updated.lastModifiedAt).toBe(module.lastModifiedAt + 5000);
      expect(updated.createdAt).toBe(module.createdAt);
      expect(await (await get(`/${module.id}`)).json()).toEqual(updated);
      const second = (await (await put(`/${module.id}`, { description: 'new' })).json()) as ModuleJson;
      expect(second).toMatchObject({ vendor: 'new', description: 'new' });
    });

    it('refuses a bad body with 400 and changes nothing', async () => {
      const module = await createModule(t, { vendor: 'kept' });
      expect((await put(`/${module.id}`, { vendor: 'v'.repeat(257) })).status).toBe(400);
      expect((await put(`/${module.id}`, { description: 7 })).status).toBe(400);
      expect((await put(`/${module.id}`, [])).status).toBe(400);
      expect(await (await get(`/${module.id}`)).json()).toEqual(module);
    });

    it('answers an unknown module with 404', async () => {
      expect((await put('/999999', { vendor: 'x' })).status).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes a module with its metadata and artifacts, and answers 204', async () => {
      const module = await createModule(t);
      await t.request(`/rest/v1/softwaremodules/${module.id}/metadata`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify([{ key: 'k', value: 'v' }]),
      });
      const artifact = await uploadArtifact(t, module.id, 'only this module has these bytes');
      const response = await del(`/${module.id}`);
      expect(response.status).toBe(204);
      expect((await get(`/${module.id}`)).status).toBe(404);
      expect(await t.db('software_module_metadata').where('software_module_id', module.id)).toEqual([]);
      expect(await t.db('artifacts').where('software_module_id', module.id)).toEqual([]);
      expect(await blobExists(t, artifact.hashes.sha256)).toBe(false);
    });

    it('keeps the bytes another module still references', async () => {
      const [first, second] = [await createModule(t), await createModule(t)];
      const bytes = 'shared by two modules';
      const artifact = await uploadArtifact(t, first.id, bytes);
      await uploadArtifact(t, second.id, bytes, { partName: 'other-name.bin' });
      expect((await del(`/${first.id}`)).status).toBe(204);
      expect(await blobExists(t, artifact.hashes.sha256)).toBe(true);
      const [kept] = (await (await get(`/${second.id}/artifacts`)).json()) as { id: number }[];
      const download = await get(`/${second.id}/artifacts/${kept?.id}/download`);
      expect(await download.text()).toBe(bytes);
      expect((await del(`/${second.id}`)).status).toBe(204);
      expect(await blobExists(t, artifact.hashes.sha256)).toBe(false);
    });

    it('refuses a module that belongs to a distribution set with 409 entityInUse and keeps everything', async () => {
      const module = await createModule(t);
      const artifact = await uploadArtifact(t, module.id, 'in a set');
      await putInSet(t, module.id);
      const response = await del(`/${module.id}`);
      await expectError(response, 409, 'hawkbit.server.error.repo.entityInUse');
      expect((await get(`/${module.id}`)).status).toBe(200);
      expect((await get(`/${module.id}/artifacts/${artifact.id}`)).status).toBe(200);
      expect(await blobExists(t, artifact.hashes.sha256)).toBe(true);
    });

    it('answers an unknown module with 404', async () => {
      expect((await del('/999999')).status).toBe(404);
      expect((await del('/99999999999')).status).toBe(404);
    });
  });

  describe('metadata', () => {
    const metadata = (id: number, key = '') => `/rest/v1/softwaremodules/${id}/metadata${key}`;

    it('creates, lists, reads, updates and deletes entries with targetVisible', async () => {
      const module = await createModule(t);
      const created = await t.request(metadata(module.id), {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify([
          { key: 'b', value: '2', targetVisible: true },
          { key: 'a', value: '1' },
        ]),
      });
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual([
        { key: 'b', value: '2', targetVisible: true },
        { key: 'a', value: '1', targetVisible: false },
      ]);
      const list = await t.request(metadata(module.id), { headers: auth });
      expect(await list.json()).toEqual({
        content: [
          { key: 'a', value: '1', targetVisible: false },
          { key: 'b', value: '2', targetVisible: true },
        ],
        total: 2,
        size: 2,
      });
      const sorted = await t.request(`${metadata(module.id)}?sort=key:DESC&limit=1`, { headers: auth });
      expect(await sorted.json()).toMatchObject({ content: [{ key: 'b' }], total: 2, size: 1 });
      expect(await (await t.request(metadata(module.id, '/b'), { headers: auth })).json()).toEqual({ key: 'b', value: '2', targetVisible: true });
      const updated = await t.request(metadata(module.id, '/a'), {
        method: 'PUT',
        headers: jsonHeaders,
        body: JSON.stringify({ targetVisible: true }),
      });
      expect(updated.status).toBe(200);
      expect(await updated.json()).toEqual({ key: 'a', value: '1', targetVisible: true });
      expect((await t.request(metadata(module.id, '/a'), { method: 'DELETE', headers: auth })).status).toBe(204);
      expect((await t.request(metadata(module.id, '/a'), { headers: auth })).status).toBe(404);
    });

    it('refuses a duplicate key with 409, more entries than the quota with 429, and keeps what was there', async () => {
      const module = await createModule(t);
      const create = (body: unknown) => t.request(metadata(module.id), { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
      expect((await create([{ key: 'x', value: '1' }])).status).toBe(201);
      expect(
        (
          await create([
            { key: 'y', value: '1' },
            { key: 'x', value: '2' },
          ])
        ).status,
      ).toBe(409);
      const quota = await create([
        { key: 'p', value: '1' },
        { key: 'q', value: '1' },
        { key: 'r', value: '1' },
      ]);
      await expectError(quota, 429, 'hawkbit.server.error.quota.tooManyEntries');
      expect((await create([{ key: 'x' }])).status).toBe(400);
      const list = (await (await t.request(metadata(module.id), { headers: auth })).json()) as Page<unknown>;
      expect(list.content).toEqual([{ key: 'x', value: '1', targetVisible: false }]);
    });

    it('answers unknown modules and keys with 404', async () => {
      const module = await createModule(t);
      expect((await t.request(metadata(999999), { headers: auth })).status).toBe(404);
      const orphan = await t.request(metadata(999999), { method: 'POST', headers: jsonHeaders, body: JSON.stringify([{ key: 'k', value: 'v' }]) });
      expect(orphan.status).toBe(404);
      expect((await t.request(metadata(module.id, '/none'), { headers: auth })).status).toBe(404);
      const put = await t.request(metadata(module.id, '/none'), { method: 'PUT', headers: jsonHeaders, body: JSON.stringify({ value: 'v' }) });
      expect(put.status).toBe(404);
      expect((await t.request(metadata(module.id, '/none'), { method: 'DELETE', headers: auth })).status).toBe(404);
    });
  });
});

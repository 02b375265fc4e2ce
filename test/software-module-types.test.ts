import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { countRows, jsonClient, usage, type ErrorJson, type PageJson, type SoftwareModuleTypeJson as TypeJson } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

const PATH = '/rest/v1/softwaremoduletypes';

describe.each(DATABASE_KINDS)('software-module types on %s', (kind) => {
  let api: ReturnType<typeof jsonClient>;
  const seeded = new Map<string, number>();
  const t = useTestApp(kind);
  beforeAll(async () => {
    api = jsonClient(t);
    const { body } = await api.get<PageJson<TypeJson>>(PATH);
    for (const type of body.content) seeded.set(type.key, type.id);
  });

  const create = (...types: Record<string, unknown>[]) => api.post<TypeJson[]>(PATH, types);

  it('lists the seeded types os, firmware, runtime and application in hawkBit shape', async () => {
    const { status, body } = await api.get<PageJson<TypeJson>>(PATH);
    expect(status).toBe(200);
    expect(body.content.map((type) => type.key)).toEqual(['os', 'firmware', 'runtime', 'application']);
    expect(body).toMatchObject({ total: 4, size: 4 });
    const os = seeded.get('os');
    expect(body.content[0]).toEqual({
      id: os,
      key: 'os',
      name: 'OS',
      description: 'Operating system',
      maxAssignments: 1,
      minArtifacts: 0,
      deleted: false,
      createdBy: 'system',
      createdAt: expect.any(Number) as number,
      lastModifiedBy: 'system',
      lastModifiedAt: expect.any(Number) as number,
      _links: { self: { href: `http://localhost${PATH}/${os}` } },
    });
    expect(body.content[3]?.maxAssignments).toBe(2147483647);
  });

  it('creates types from an array, in order, with defaults, and reads one back', async () => {
    const { status, body } = await create(
      { key: 'bootloader', name: 'Bootloader', description: 'Second stage', colour: '#aa0000', maxAssignments: 2, minArtifacts: 3 },
      { key: 'config', name: 'Configuration', unknownField: 'ignored' },
    );
    expect(status).toBe(201);
    expect(body).toHaveLength(2);
    const [bootloader, config] = body as [TypeJson, TypeJson];
    expect(bootloader).toEqual({
      id: expect.any(Number) as number,
      key: 'bootloader',
      name: 'Bootloader',
      description: 'Second stage',
      colour: '#aa0000',
      maxAssignments: 2,
      minArtifacts: 3,
      deleted: false,
      createdBy: 'admin',
      createdAt: t.clock(),
      lastModifiedBy: 'admin',
      lastModifiedAt: t.clock(),
      _links: { self: { href: `http://localhost${PATH}/${bootloader.id}` } },
    });
    expect(config).not.toHaveProperty('description');
    expect(config).not.toHaveProperty('colour');
    expect(config.maxAssignments).toBe(1);
    expect(config.minArtifacts).toBe(0);

    const read = await api.get<TypeJson>(`${PATH}/${bootloader.id}`);
    expect(read).toEqual({ status: 200, body: bootloader });
  });

  it.each([
    ['a key that exists', [{ key: 'os', name: 'Another OS' }], 'key {os}'],
    ['a name that exists', [{ key: 'os2', name: 'OS' }], 'name {OS}'],
    [
      'a key twice in one request',
      [
        { key: 'dup', name: 'Dup 1' },
        { key: 'dup', name: 'Dup 2' },
      ],
      'key {dup}',
    ],
    [
      'a name twice in one request',
      [
        { key: 'dup1', name: 'Dup' },
        { key: 'dup2', name: 'Dup' },
      ],
      'name {Dup}',
    ],
  ])('refuses %s with 409 and creates nothing', async (_case, types, named) => {
    const before = await countRows(t, 'software_module_types');
    const { status, body } = await api.post<ErrorJson>(PATH, types);
    expect(status).toBe(409);
    expect(body.errorCode).toBe('hawkbit.server.error.repo.entityAlreadyExists');
    expect(body.message).toContain(named);
    expect(await countRows(t, 'software_module_types')).toBe(before);
  });

  it.each([
    ['no key', [{ name: 'No key' }]],
    ['an empty name', [{ key: 'k', name: '' }]],
    ['a key of 65 characters', [{ key: 'k'.repeat(65), name: 'Long' }]],
    ['a description of 513 characters', [{ key: 'k', name: 'n', description: 'd'.repeat(513) }]],
    ['a colour of 17 characters', [{ key: 'k', name: 'n', colour: '#'.repeat(17) }]],
    ['maxAssignments 0', [{ key: 'k', name: 'n', maxAssignments: 0 }]],
    ['maxAssignments as text', [{ key: 'k', name: 'n', maxAssignments: 'one' }]],
    ['minArtifacts -1', [{ key: 'k', name: 'n', minArtifacts: -1 }]],
    ['minArtifacts 1.5', [{ key: 'k', name: 'n', minArtifacts: 1.5 }]],
    ['an object instead of an array', { key: 'k', name: 'n' }],
    ['malformed JSON', '[{"key": "k",'],
  ])('refuses a create body with %s with 400 and creates nothing', async (_case, body) => {
    const before = await countRows(t, 'software_module_types');
    const response = await api.post<ErrorJson>(PATH, body);
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('hawkbit.server.error.rest.body.notReadable');
    expect(await countRows(t, 'software_module_types')).toBe(before);
  });

  it('accepts exactly 64-character keys and names', async () => {
    const { status } = await create({ key: 'k'.repeat(64), name: 'N'.repeat(64) });
    expect(status).toBe(201);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    const missing = await api.get<ErrorJson>(`${PATH}/999999`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      exceptionClass: 'org.eclipse.hawkbit.repository.exception.EntityNotFoundException',
      errorCode: 'hawkbit.server.error.repo.entityNotFound',
      message: 'SoftwareModuleType with given identifier {999999} does not exist.',
      info: { type: 'SoftwareModuleType', entityId: 999999 },
    });
    expect((await api.get(`${PATH}/abc`)).status).toBe(400);
    expect((await api.put(`${PATH}/999999`, { description: 'x' })).status).toBe(404);
    expect((await api.delete(`${PATH}/999999`)).status).toBe(404);
  });

  it('updates description and colour only, and records who changed it when', async () => {
    const [type] = (await create({ key: 'upd', name: 'Update me', description: 'before' })).body;
    t.clock.advance(1000);
    const { status, body } = await api.put<TypeJson>(`${PATH}/${type?.id}`, {
      description: 'after',
      colour: 'blue',
      key: 'ignored',
      name: 'Ignored',
      maxAssignments: 7,
      minArtifacts: 7,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ key: 'upd', name: 'Update me', description: 'after', colour: 'blue', maxAssignments: 1, minArtifacts: 0 });
    expect(body.lastModifiedAt).toBe((type?.createdAt ?? 0) + 1000);
    expect(body.createdAt).toBe(type?.createdAt);
    expect((await api.get(`${PATH}/${type?.id}`)).body).toEqual(body);

    const unchanged = await api.put<TypeJson>(`${PATH}/${type?.id}`, {});
    expect(unchanged.body).toMatchObject({ description: 'after', colour: 'blue' });
  });

  it('refuses an update with a description too long with 400 and changes nothing', async () => {
    const os = seeded.get('os');
    const response = await api.put<ErrorJson>(`${PATH}/${os}`, { description: 'd'.repeat(513) });
    expect(response.status).toBe(400);
    expect((await api.get<TypeJson>(`${PATH}/${os}`)).body.description).toBe('Operating system');
  });

  it('deletes an unused type', async () => {
    const [type] = (await create({ key: 'gone', name: 'Gone' })).body;
    const response = await api.delete(`${PATH}/${type?.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await api.get(`${PATH}/${type?.id}`)).status).toBe(404);
  });

  it('refuses to delete the seeded os type, which distribution-set types use', async () => {
    const response = await api.delete<ErrorJson>(`${PATH}/${seeded.get('os')}`);
    expect(response.status).toBe(409);
    expect(response.body.errorCode).toBe('hawkbit.server.error.repo.entityInUse');
    expect(response.body.message).toContain('distribution-set types');
    expect((await api.get(`${PATH}/${seeded.get('os')}`)).status).toBe(200);
  });

  it('refuses to delete a type a software module has, until the module is gone', async () => {
    const [type] = (await create({ key: 'used', name: 'Used' })).body;
    const moduleId = await usage.softwareModule(t, type?.id ?? 0);
    const refused = await api.delete<ErrorJson>(`${PATH}/${type?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('software modules');
    expect((await api.delete(`/rest/v1/softwaremodules/${moduleId}`)).status).toBe(204);
    expect((await api.delete(`${PATH}/${type?.id}`)).status).toBe(204);
  });

  it('sorts by key, name, description and maxAssignments, ascending or descending', async () => {
    const keys = async (sort: string) => (await api.get<PageJson<TypeJson>>(`${PATH}?sort=${sort}&limit=4`)).body.content.map((type) => type.key);
    expect(await keys('key:ASC')).toEqual(['application', 'bootloader', 'config', 'firmware']);
    expect(await keys('name:desc')).toEqual(['upd', 'runtime', 'os', 'k'.repeat(64)]);
    expect((await keys('maxAssignments:DESC,id:ASC'))[0]).toBe('application');
    expect(await keys('id:DESC')).not.toEqual(await keys('id:ASC'));
  });

  it.each([
    ['an unknown field', 'colour:ASC', 'hawkbit.server.error.rest.param.invalidField'],
    ['a bad direction', 'name:UP', 'hawkbit.server.error.rest.param.invalidDirection'],
    ['no direction', 'name', 'hawkbit.server.error.rest.param.sortParamSyntax'],
  ])('refuses a sort with %s with 400', async (_case, sort, errorCode) => {
    const { status, body } = await api.get<ErrorJson>(`${PATH}?sort=${sort}`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe(errorCode);
  });

  it('refuses requests without credentials with 401', async () => {
    expect((await t.request(PATH)).status).toBe(401);
    expect((await t.request(`${PATH}/1`, { method: 'DELETE' })).status).toBe(401);
  });

  it('pages with offset and limit, 50 entries by default and at most 500', async () => {
    const total = await countRows(t, 'software_module_types');
    const first = await api.get<PageJson<TypeJson>>(`${PATH}?offset=1&limit=2`);
    const all = await api.get<PageJson<TypeJson>>(PATH);
    expect(first.body).toMatchObject({ total, size: 2 });
    expect(first.body.content).toEqual(all.body.content.slice(1, 3));

    const rows = Array.from({ length: 510 }, (_, i) => ({
      key: `bulk-${i}`,
      name: `Bulk ${i}`,
      max_assignments: 1,
      created_at: 0,
      created_by: 'test',
      last_modified_at: 0,
      last_modified_by: 'test',
    }));
    await t.db.batchInsert('software_module_types', rows, 100);
    expect((await api.get<PageJson<TypeJson>>(PATH)).body).toMatchObject({ total: total + 510, size: 50 });
    expect((await api.get<PageJson<TypeJson>>(`${PATH}?limit=1000`)).body.size).toBe(500);
    expect((await api.get<PageJson<TypeJson>>(`${PATH}?offset=${total + 505}`)).body.size).toBe(5);
  });
});

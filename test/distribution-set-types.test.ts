import { beforeAll, describe, expect, it } from 'vitest';
import { findDistributionSetType } from '../src/types/find-distribution-set-type.js';
import { DATABASE_KINDS } from './support/databases.js';
import {
  countRows,
  jsonClient,
  usage,
  type DistributionSetTypeJson as TypeJson,
  type ErrorJson,
  type PageJson,
  type SoftwareModuleTypeJson,
} from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

const PATH = '/rest/v1/distributionsettypes';
const MODULE_TYPES = '/rest/v1/softwaremoduletypes';

describe.each(DATABASE_KINDS)('distribution-set types on %s', (kind) => {
  let api: ReturnType<typeof jsonClient>;
  /** seeded module types and distribution-set types by key */
  const moduleType = new Map<string, number>();
  const dsType = new Map<string, number>();
  const t = useTestApp(kind);
  beforeAll(async () => {
    api = jsonClient(t);
    for (const type of (await api.get<PageJson<SoftwareModuleTypeJson>>(MODULE_TYPES)).body.content) moduleType.set(type.key, type.id);
    for (const type of (await api.get<PageJson<TypeJson>>(PATH)).body.content) dsType.set(type.key, type.id);
  });

  const mod = (key: string) => ({ id: moduleType.get(key) as number });
  const keysOf = (types: { key: string }[]) => types.map((type) => type.key);
  const moduleKeys = async (id: number | undefined, kind: 'mandatory' | 'optional') =>
    keysOf((await api.get<SoftwareModuleTypeJson[]>(`${PATH}/${id}/${kind}moduletypes`)).body);
  const create = async (...types: Record<string, unknown>[]) => (await api.post<TypeJson[]>(PATH, types)).body;

  it('lists the seeded types os, os_app and app with their module types', async () => {
    const { status, body } = await api.get<PageJson<TypeJson>>(PATH);
    expect(status).toBe(200);
    expect(keysOf(body.content)).toEqual(['os', 'os_app', 'app']);
    expect(body).toMatchObject({ total: 3, size: 3 });
    const id = dsType.get('os_app');
    const self = `http://localhost${PATH}/${id}`;
    expect(body.content[1]).toEqual({
      id,
      key: 'os_app',
      name: 'OS with app(s)',
      description: 'Operating system with optional runtime and applications',
      deleted: false,
      createdBy: 'system',
      createdAt: expect.any(Number) as number,
      lastModifiedBy: 'system',
      lastModifiedAt: expect.any(Number) as number,
      _links: {
        self: { href: self },
        mandatorymodules: { href: `${self}/mandatorymoduletypes` },
        optionalmodules: { href: `${self}/optionalmoduletypes` },
      },
    });
    expect(await moduleKeys(id, 'mandatory')).toEqual(['os']);
    expect(await moduleKeys(id, 'optional')).toEqual(['firmware', 'runtime', 'application']);
    expect(await moduleKeys(dsType.get('os'), 'mandatory')).toEqual(['os']);
    expect(await moduleKeys(dsType.get('app'), 'mandatory')).toEqual(['application']);
    expect(await moduleKeys(dsType.get('app'), 'optional')).toEqual(['runtime']);
  });

  it('exports findDistributionSetType for the completeness rule of distribution sets', async () => {
    const osApp = await findDistributionSetType(t.db, dsType.get('os_app') as number);
    expect(osApp).toMatchObject({
      key: 'os_app',
      mandatoryModuleTypeIds: [moduleType.get('os')],
      optionalModuleTypeIds: [moduleType.get('firmware'), moduleType.get('runtime'), moduleType.get('application')],
    });
    expect(await findDistributionSetType(t.db, 999999)).toBeUndefined();
  });

  it('creates types with mandatory and optional module types, in order, ignoring repeats', async () => {
    const response = await api.post<TypeJson[]>(PATH, [
      { key: 'fw', name: 'Firmware only', description: 'Just firmware', colour: 'red', mandatorymodules: [mod('firmware'), mod('firmware')] },
      { key: 'bare', name: 'Bare' },
    ]);
    expect(response.status).toBe(201);
    const [fw, bare] = response.body as [TypeJson, TypeJson];
    expect(fw).toMatchObject({ key: 'fw', name: 'Firmware only', description: 'Just firmware', colour: 'red', deleted: false });
    expect(fw).toMatchObject({ createdBy: 'admin', createdAt: t.clock(), lastModifiedBy: 'admin', lastModifiedAt: t.clock() });
    expect(bare).not.toHaveProperty('description');
    expect(await moduleKeys(fw.id, 'mandatory')).toEqual(['firmware']);
    expect(await moduleKeys(fw.id, 'optional')).toEqual([]);
    expect(await moduleKeys(bare.id, 'mandatory')).toEqual([]);
    expect((await api.get(`${PATH}/${fw.id}`)).body).toEqual(fw);

    const [mixed] = await create({ key: 'mixed', name: 'Mixed', mandatorymodules: [mod('os')], optionalmodules: [mod('runtime'), mod('application')] });
    expect(await findDistributionSetType(t.db, mixed?.id ?? 0)).toMatchObject({
      mandatoryModuleTypeIds: [moduleType.get('os')],
      optionalModuleTypeIds: [moduleType.get('runtime'), moduleType.get('application')],
    });
  });

  it.each([
    ['an unknown module type', () => [{ key: 'x', name: 'X', optionalmodules: [{ id: 999999 }] }], 404, 'hawkbit.server.error.repo.entityNotFound'],
    [
      'a module type both mandatory and optional',
      () => [{ key: 'x', name: 'X', mandatorymodules: [mod('os')], optionalmodules: [mod('os')] }],
      400,
      'hawkbit.server.error.repo.constraintViolation',
    ],
    ['an existing key', () => [{ key: 'os', name: 'New name' }], 409, 'hawkbit.server.error.repo.entityAlreadyExists'],
    ['an existing name', () => [{ key: 'new', name: 'OS only' }], 409, 'hawkbit.server.error.repo.entityAlreadyExists'],
    [
      'a key twice',
      () => [
        { key: 'd', name: 'D1' },
        { key: 'd', name: 'D2' },
      ],
      409,
      'hawkbit.server.error.repo.entityAlreadyExists',
    ],
    ['a module reference without id', () => [{ key: 'x', name: 'X', mandatorymodules: [{}] }], 400, 'hawkbit.server.error.rest.body.notReadable'],
    ['no name', () => [{ key: 'x' }], 400, 'hawkbit.server.error.rest.body.notReadable'],
    ['a colour of 17 characters', () => [{ key: 'x', name: 'X', colour: 'c'.repeat(17) }], 400, 'hawkbit.server.error.rest.body.notReadable'],
  ])('refuses a create with %s and creates nothing', async (_case, body, status, errorCode) => {
    const before = [await countRows(t, 'distribution_set_types'), await countRows(t, 'distribution_set_type_module_types')];
    const response = await api.post<ErrorJson>(PATH, [{ key: 'fine', name: 'Fine', mandatorymodules: [mod('os')] }, ...body()]);
    expect(response.status).toBe(status);
    expect(response.body.errorCode).toBe(errorCode);
    expect([await countRows(t, 'distribution_set_types'), await countRows(t, 'distribution_set_type_module_types')]).toEqual(before);
  });

  it('updates description and colour only', async () => {
    const [type] = await create({ key: 'upd', name: 'Update me' });
    t.clock.advance(1000);
    const { status, body } = await api.put<TypeJson>(`${PATH}/${type?.id}`, { description: 'new', colour: 'green', key: 'nope', name: 'Nope' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ key: 'upd', name: 'Update me', description: 'new', colour: 'green', lastModifiedAt: t.clock() });
    expect((await api.get(`${PATH}/${type?.id}`)).body).toEqual(body);
    expect((await api.put(`${PATH}/${type?.id}`, { description: 42 })).status).toBe(400);
    expect((await api.put(`${PATH}/999999`, { description: 'x' })).status).toBe(404);
  });

  it('answers 404 for unknown ids everywhere', async () => {
    const unknown = `${PATH}/999999`;
    const os = moduleType.get('os');
    const responses = await Promise.all([
      api.get(unknown),
      api.delete(unknown),
      api.get(`${unknown}/mandatorymoduletypes`),
      api.post(`${unknown}/optionalmoduletypes`, { id: os }),
      api.get(`${unknown}/mandatorymoduletypes/${os}`),
      api.delete(`${unknown}/optionalmoduletypes/${os}`),
      api.post(`${PATH}/${dsType.get('app')}/mandatorymoduletypes`, { id: 999999 }),
      api.delete(`${PATH}/${dsType.get('app')}/mandatorymoduletypes/999999`),
    ]);
    expect(responses.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await api.get(`${PATH}/x`)).status).toBe(400);
  });

  it('adds, reads and removes mandatory and optional module types, moving them between the two', async () => {
    const [type] = await create({ key: 'links', name: 'Links', mandatorymodules: [mod('os')] });
    const at = `${PATH}/${type?.id}`;
    t.clock.advance(1000);
    const added = await api.post(`${at}/optionalmoduletypes`, mod('firmware'));
    expect(added).toEqual({ status: 204, body: undefined });
    expect((await api.get<TypeJson>(at)).body.lastModifiedAt).toBe(t.clock());
    expect(await moduleKeys(type?.id, 'optional')).toEqual(['firmware']);

    const one = await api.get<SoftwareModuleTypeJson>(`${at}/optionalmoduletypes/${moduleType.get('firmware')}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ key: 'firmware', _links: { self: { href: `http://localhost${MODULE_TYPES}/${moduleType.get('firmware')}` } } });
    expect((await api.get(`${at}/mandatorymoduletypes/${moduleType.get('firmware')}`)).status).toBe(404);

    expect((await api.post(`${at}/mandatorymoduletypes`, mod('firmware'))).status).toBe(204);
    expect(await moduleKeys(type?.id, 'mandatory')).toEqual(['os', 'firmware']);
    expect(await moduleKeys(type?.id, 'optional')).toEqual([]);
    expect((await api.post(`${at}/mandatorymoduletypes`, mod('firmware'))).status).toBe(204);
    expect(await moduleKeys(type?.id, 'mandatory')).toEqual(['os', 'firmware']);

    const wrongKind = await api.delete<ErrorJson>(`${at}/optionalmoduletypes/${moduleType.get('firmware')}`);
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.body.message).toContain('is not one of the optional module types');
    expect((await api.delete(`${at}/mandatorymoduletypes/${moduleType.get('firmware')}`)).status).toBe(204);
    expect(await moduleKeys(type?.id, 'mandatory')).toEqual(['os']);
  });

  it.each([
    ['no id', {}],
    ['a text id', { id: 'os' }],
    ['an array', [{ id: 1 }]],
  ])('refuses to add a module type given %s with 400', async (_case, body) => {
    const app = dsType.get('app');
    const before = await moduleKeys(app, 'optional');
    expect((await api.post(`${PATH}/${app}/optionalmoduletypes`, body)).status).toBe(400);
    expect(await moduleKeys(app, 'optional')).toEqual(before);
  });

  it('refuses to change the module types of a type distribution sets use', async () => {
    const [type] = await create({ key: 'used', name: 'Used', mandatorymodules: [mod('os')], optionalmodules: [mod('runtime')] });
    const at = `${PATH}/${type?.id}`;
    await usage.distributionSet(t, type?.id ?? 0);
    const attempts = [
      await api.post<ErrorJson>(`${at}/mandatorymoduletypes`, mod('application')),
      await api.post<ErrorJson>(`${at}/mandatorymoduletypes`, mod('runtime')),
      await api.delete<ErrorJson>(`${at}/mandatorymoduletypes/${moduleType.get('os')}`),
      await api.delete<ErrorJson>(`${at}/optionalmoduletypes/${moduleType.get('runtime')}`),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(409);
      expect(attempt.body.errorCode).toBe('hawkbit.server.error.repo.entityInUse');
    }
    expect(await findDistributionSetType(t.db, type?.id ?? 0)).toMatchObject({
      mandatoryModuleTypeIds: [moduleType.get('os')],
      optionalModuleTypeIds: [moduleType.get('runtime')],
    });
  });

  it('deletes an unused type with its module-type links', async () => {
    const [type] = await create({ key: 'gone', name: 'Gone', mandatorymodules: [mod('os')] });
    expect((await api.delete(`${PATH}/${type?.id}`)).status).toBe(204);
    expect((await api.get(`${PATH}/${type?.id}`)).status).toBe(404);
    expect(await countRows(t, 'distribution_set_type_module_types')).toBeGreaterThan(0);
    expect(await t.db('distribution_set_type_module_types').where('distribution_set_type_id', type?.id)).toEqual([]);
  });

  it('refuses to delete a type a distribution set or a target type uses', async () => {
    const os = dsType.get('os') as number;
    const setId = await usage.distributionSet(t, os);
    const bySet = await api.delete<ErrorJson>(`${PATH}/${os}`);
    expect(bySet.status).toBe(409);
    expect(bySet.body).toMatchObject({ errorCode: 'hawkbit.server.error.repo.entityInUse' });
    expect(bySet.body.message).toContain('distribution sets');
    expect((await api.delete(`/rest/v1/distributionsets/${setId}`)).status).toBe(204);

    const targetTypes = await api.post<{ id: number }[]>('/rest/v1/targettypes', [{ name: 'Gateway', compatibledistributionsettypes: [{ id: os }] }]);
    const byTargetType = await api.delete<ErrorJson>(`${PATH}/${os}`);
    expect(byTargetType.status).toBe(409);
    expect(byTargetType.body.message).toContain('target types');
    await api.delete(`/rest/v1/targettypes/${targetTypes.body[0]?.id}`);

    expect((await api.delete(`${PATH}/${os}`)).status).toBe(204);
  });

  it('sorts by key and name, and refuses unknown sort fields', async () => {
    const keys = async (sort: string) => keysOf((await api.get<PageJson<TypeJson>>(`${PATH}?sort=${sort}&limit=3`)).body.content);
    expect(await keys('key:ASC')).toEqual(['app', 'bare', 'fw']);
    expect(await keys('key:DESC')).toEqual(['used', 'upd', 'os_app']);
    expect((await api.get<ErrorJson>(`${PATH}?sort=maxAssignments:ASC`)).body.errorCode).toBe('hawkbit.server.error.rest.param.invalidField');
    expect((await api.get<ErrorJson>(`${PATH}?sort=key:sideways`)).body.errorCode).toBe('hawkbit.server.error.rest.param.invalidDirection');
  });

  it('pages with offset and limit', async () => {
    const all = (await api.get<PageJson<TypeJson>>(PATH)).body;
    const page = (await api.get<PageJson<TypeJson>>(`${PATH}?offset=2&limit=2`)).body;
    expect(page).toEqual({ content: all.content.slice(2, 4), total: all.total, size: 2 });
    expect((await api.get<PageJson<TypeJson>>(`${PATH}?limit=0`)).body.size).toBe(Math.min(all.total, 50));
  });

  it('refuses requests without credentials with 401', async () => {
    expect((await t.request(PATH)).status).toBe(401);
    expect((await t.request(`${PATH}/1/mandatorymoduletypes`, { method: 'POST' })).status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('distribution-set type quota on %s', (kind) => {
  let api: ReturnType<typeof jsonClient>;
  let ids: number[];
  const t = useTestApp(kind, { 'quota.max_software_module_types_per_distribution_set_type': 2 });
  beforeAll(async () => {
    api = jsonClient(t);
    ids = (await api.get<PageJson<SoftwareModuleTypeJson>>(MODULE_TYPES)).body.content.map((type) => type.id);
  });

  it('caps the module types of one type on create and on add', async () => {
    const refs = ids.map((id) => ({ id }));
    const tooMany = await api.post<ErrorJson>(PATH, [{ key: 'big', name: 'Big', mandatorymodules: refs.slice(0, 2), optionalmodules: refs.slice(2, 3) }]);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toMatchObject({ errorCode: 'hawkbit.server.error.quota.tooManyEntries', info: { quota: 2 } });
    expect(await countRows(t, 'distribution_set_types')).toBe(3);

    const [type] = (await api.post<TypeJson[]>(PATH, [{ key: 'two', name: 'Two', mandatorymodules: refs.slice(0, 2) }])).body;
    expect((await api.post<ErrorJson>(`${PATH}/${type?.id}/optionalmoduletypes`, refs[2])).status).toBe(429);
    expect((await api.post(`${PATH}/${type?.id}/optionalmoduletypes`, refs[1])).status).toBe(204);
  });
});

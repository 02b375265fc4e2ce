import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import {
  countRows,
  jsonClient,
  usage,
  type DistributionSetTypeJson,
  type ErrorJson,
  type PageJson,
  type TargetTypeJson as TypeJson,
} from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

const PATH = '/rest/v1/targettypes';
const DS_TYPES = '/rest/v1/distributionsettypes';

describe.each(DATABASE_KINDS)('target types on %s', (kind) => {
  let api: ReturnType<typeof jsonClient>;
  const dsType = new Map<string, number>();
  const t = useTestApp(kind);
  beforeAll(async () => {
    api = jsonClient(t);
    for (const type of (await api.get<PageJson<DistributionSetTypeJson>>(DS_TYPES)).body.content) dsType.set(type.key, type.id);
  });

  const ds = (key: string) => ({ id: dsType.get(key) as number });
  const compatibleKeys = async (id: number | undefined) =>
    (await api.get<DistributionSetTypeJson[]>(`${PATH}/${id}/compatibledistributionsettypes`)).body.map((type) => type.key);
  const create = async (...types: Record<string, unknown>[]) => (await api.post<TypeJson[]>(PATH, types)).body;

  it('starts with no target types', async () => {
    expect(await api.get(PATH)).toEqual({ status: 200, body: { content: [], total: 0, size: 0 } });
  });

  it('creates types with their compatible distribution-set types; the key defaults to the name', async () => {
    const response = await api.post<TypeJson[]>(PATH, [
      { name: 'Gateway', description: 'Edge gateways', colour: '#aaafff', compatibledistributionsettypes: [ds('os'), ds('os_app'), ds('os')] },
      { name: 'Sensor', key: 'sensor' },
    ]);
    expect(response.status).toBe(201);
    const [gateway, sensor] = response.body as [TypeJson, TypeJson];
    const self = `http://localhost${PATH}/${gateway.id}`;
    expect(gateway).toEqual({
      id: expect.any(Number) as number,
      key: 'Gateway',
      name: 'Gateway',
      description: 'Edge gateways',
      colour: '#aaafff',
      deleted: false,
      createdBy: 'admin',
      createdAt: t.clock(),
      lastModifiedBy: 'admin',
      lastModifiedAt: t.clock(),
      _links: { self: { href: self }, compatibledistributionsettypes: { href: `${self}/compatibledistributionsettypes` } },
    });
    expect(sensor).toMatchObject({ key: 'sensor', name: 'Sensor' });
    expect(sensor).not.toHaveProperty('description');
    expect(await compatibleKeys(gateway.id)).toEqual(['os', 'os_app']);
    expect(await compatibleKeys(sensor.id)).toEqual([]);
    expect((await api.get(`${PATH}/${gateway.id}`)).body).toEqual(gateway);
  });

  it('lists compatible types in distribution-set type shape', async () => {
    const [type] = await create({ name: 'Shape', compatibledistributionsettypes: [ds('app')] });
    const { status, body } = await api.get<DistributionSetTypeJson[]>(`${PATH}/${type?.id}/compatibledistributionsettypes`);
    expect(status).toBe(200);
    expect(body).toEqual([(await api.get(`${DS_TYPES}/${dsType.get('app')}`)).body]);
  });

  it.each([
    [
      'an unknown distribution-set type',
      () => [{ name: 'X', compatibledistributionsettypes: [{ id: 999999 }] }],
      404,
      'hawkbit.server.error.repo.entityNotFound',
    ],
    ['an existing name', () => [{ name: 'Gateway', key: 'other' }], 409, 'hawkbit.server.error.repo.entityAlreadyExists'],
    ['an existing key', () => [{ name: 'Other', key: 'sensor' }], 409, 'hawkbit.server.error.repo.entityAlreadyExists'],
    ['a key that defaults to an existing one', () => [{ name: 'sensor' }], 409, 'hawkbit.server.error.repo.entityAlreadyExists'],
    ['a name twice', () => [{ name: 'Twice' }, { name: 'Twice', key: 'twice-2' }], 409, 'hawkbit.server.error.repo.entityAlreadyExists'],
    ['no name', () => [{ key: 'nameless' }], 400, 'hawkbit.server.error.rest.body.notReadable'],
    ['a name of 65 characters', () => [{ name: 'n'.repeat(65) }], 400, 'hawkbit.server.error.rest.body.notReadable'],
    ['a description of 513 characters', () => [{ name: 'X', description: 'd'.repeat(513) }], 400, 'hawkbit.server.error.rest.body.notReadable'],
    ['a text reference', () => [{ name: 'X', compatibledistributionsettypes: [{ id: 'os' }] }], 400, 'hawkbit.server.error.rest.body.notReadable'],
  ])('refuses a create with %s and creates nothing', async (_case, body, status, errorCode) => {
    const before = [await countRows(t, 'target_types'), await countRows(t, 'target_type_distribution_set_types')];
    const response = await api.post<ErrorJson>(PATH, [{ name: 'Fine', compatibledistributionsettypes: [ds('os')] }, ...body()]);
    expect(response.status).toBe(status);
    expect(response.body.errorCode).toBe(errorCode);
    expect([await countRows(t, 'target_types'), await countRows(t, 'target_type_distribution_set_types')]).toEqual(before);
  });

  it('updates name, description and colour, but not the key', async () => {
    const [type] = await create({ name: 'Before', key: 'stable' });
    t.clock.advance(1000);
    const { status, body } = await api.put<TypeJson>(`${PATH}/${type?.id}`, { name: 'After', description: 'd', colour: 'c', key: 'changed' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ key: 'stable', name: 'After', description: 'd', colour: 'c', lastModifiedAt: t.clock(), createdAt: type?.createdAt });
    expect((await api.get(`${PATH}/${type?.id}`)).body).toEqual(body);
    expect((await api.put(`${PATH}/${type?.id}`, { name: 'After' })).status).toBe(200);
  });

  it('refuses to rename a type to the name of another with 409, and bad updates with 400', async () => {
    const [type] = await create({ name: 'Renamed' });
    const taken = await api.put<ErrorJson>(`${PATH}/${type?.id}`, { name: 'Gateway' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('hawkbit.server.error.repo.entityAlreadyExists');
    expect((await api.put(`${PATH}/${type?.id}`, { name: '' })).status).toBe(400);
    expect((await api.put(`${PATH}/${type?.id}`, { colour: 'c'.repeat(17) })).status).toBe(400);
    expect((await api.get<TypeJson>(`${PATH}/${type?.id}`)).body).toMatchObject({ name: 'Renamed' });
    expect((await api.get<TypeJson>(`${PATH}/${type?.id}`)).body).not.toHaveProperty('colour');
  });

  it('adds compatible distribution-set types, keeping those already compatible', async () => {
    const [type] = await create({ name: 'Growing', compatibledistributionsettypes: [ds('app')] });
    t.clock.advance(1000);
    const response = await api.post(`${PATH}/${type?.id}/compatibledistributionsettypes`, [ds('os'), ds('app'), ds('os')]);
    expect(response).toEqual({ status: 204, body: undefined });
    expect(await compatibleKeys(type?.id)).toEqual(['os', 'app']);
    expect((await api.get<TypeJson>(`${PATH}/${type?.id}`)).body.lastModifiedAt).toBe(t.clock());

    const unknown = await api.post<ErrorJson>(`${PATH}/${type?.id}/compatibledistributionsettypes`, [ds('os_app'), { id: 999999 }]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('DistributionSetType with given identifier {999999} does not exist.');
    expect(await compatibleKeys(type?.id)).toEqual(['os', 'app']);
    expect((await api.post(`${PATH}/${type?.id}/compatibledistributionsettypes`, { id: dsType.get('os_app') })).status).toBe(400);
  });

  it('removes a compatible distribution-set type', async () => {
    const [type] = await create({ name: 'Shrinking', compatibledistributionsettypes: [ds('os'), ds('app')] });
    const at = `${PATH}/${type?.id}/compatibledistributionsettypes`;
    expect((await api.delete(`${at}/${dsType.get('os')}`)).status).toBe(204);
    expect(await compatibleKeys(type?.id)).toEqual(['app']);
    const notCompatible = await api.delete<ErrorJson>(`${at}/${dsType.get('os')}`);
    expect(notCompatible.status).toBe(404);
    expect(notCompatible.body.message).toContain('is not compatible');
    expect((await api.delete(`${at}/999999`)).status).toBe(404);
    expect((await api.get(`${DS_TYPES}/${dsType.get('os')}`)).status).toBe(200);
  });

  it('answers 404 for unknown target types and 400 for ids that are not numbers', async () => {
    const unknown = `${PATH}/999999`;
    const responses = await Promise.all([
      api.get(unknown),
      api.put(unknown, { name: 'x' }),
      api.delete(unknown),
      api.get(`${unknown}/compatibledistributionsettypes`),
      api.post(`${unknown}/compatibledistributionsettypes`, [ds('os')]),
      api.delete(`${unknown}/compatibledistributionsettypes/${dsType.get('os')}`),
    ]);
    expect(responses.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await api.get<ErrorJson>(unknown)).body.message).toBe('TargetType with given identifier {999999} does not exist.');
    expect((await api.get(`${PATH}/one`)).status).toBe(400);
    expect((await api.delete(`${PATH}/1/compatibledistributionsettypes/one`)).status).toBe(400);
  });

  it('deletes an unused type with its compatibility links', async () => {
    const [type] = await create({ name: 'Gone', compatibledistributionsettypes: [ds('os')] });
    expect((await api.delete(`${PATH}/${type?.id}`)).status).toBe(204);
    expect((await api.get(`${PATH}/${type?.id}`)).status).toBe(404);
    expect(await t.db('target_type_distribution_set_types').where('target_type_id', type?.id)).toEqual([]);
  });

  it('refuses to delete a type a target has, with hawkBit target.type.used', async () => {
    const [type] = await create({ name: 'In use' });
    const controllerId = await usage.target(t, type?.id ?? 0);
    const refused = await api.delete<ErrorJson>(`${PATH}/${type?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      exceptionClass: 'org.eclipse.hawkbit.repository.exception.TargetTypeInUseException',
      errorCode: 'hawkbit.server.error.target.type.used',
    });
    expect((await api.delete(`/rest/v1/targets/${controllerId}`)).status).toBe(204);
    expect((await api.delete(`${PATH}/${type?.id}`)).status).toBe(204);
  });

  it('sorts by name and id, and refuses bad sorts', async () => {
    const names = async (sort: string) => (await api.get<PageJson<TypeJson>>(`${PATH}?sort=${sort}&limit=2`)).body.content.map((type) => type.name);
    expect(await names('name:ASC')).toEqual(['After', 'Gateway']);
    expect(await names('name:DESC')).toEqual(['Shrinking', 'Shape']);
    expect(await names('id:DESC')).toEqual(['Shrinking', 'Growing']);
    expect((await api.get<ErrorJson>(`${PATH}?sort=colour:ASC`)).status).toBe(400);
    expect((await api.get<ErrorJson>(`${PATH}?sort=name:ASC:DESC`)).body.errorCode).toBe('hawkbit.server.error.rest.param.sortParamSyntax');
  });

  it('pages with offset and limit', async () => {
    const all = (await api.get<PageJson<TypeJson>>(PATH)).body;
    expect(all.total).toBeGreaterThan(3);
    expect((await api.get(`${PATH}?offset=1&limit=2`)).body).toEqual({ content: all.content.slice(1, 3), total: all.total, size: 2 });
  });

  it('refuses requests without credentials with 401', async () => {
    expect((await t.request(PATH, { method: 'POST', body: '[]' })).status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('target type quota on %s', (kind) => {
  let api: ReturnType<typeof jsonClient>;
  let refs: { id: number }[];
  const t = useTestApp(kind, { 'quota.max_distribution_set_types_per_target_type': 2 });
  beforeAll(async () => {
    api = jsonClient(t);
    refs = (await api.get<PageJson<DistributionSetTypeJson>>(DS_TYPES)).body.content.map((type) => ({ id: type.id }));
  });

  it('caps the compatible distribution-set types of one target type on create and on add', async () => {
    const tooMany = await api.post<ErrorJson>(PATH, [{ name: 'Big', compatibledistributionsettypes: refs }]);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.errorCode).toBe('hawkbit.server.error.quota.tooManyEntries');
    expect(await countRows(t, 'target_types')).toBe(0);

    const [type] = (await api.post<TypeJson[]>(PATH, [{ name: 'Two', compatibledistributionsettypes: refs.slice(0, 2) }])).body;
    expect((await api.post(`${PATH}/${type?.id}/compatibledistributionsettypes`, refs.slice(1, 3))).status).toBe(429);
    expect((await api.post(`${PATH}/${type?.id}/compatibledistributionsettypes`, refs.slice(0, 2))).status).toBe(204);
  });
});

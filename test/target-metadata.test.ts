import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { AUTH, createTargets, getJson, send, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const QUOTA = 4;

describe.each(DATABASE_KINDS)('target metadata on %s', (kind) => {
  const t = useTestApp(kind, { 'quota.max_metadata_entries_per_target': QUOTA });
  beforeAll(async () => {
    await createTargets(t, [{ controllerId: 'md-1' }, { controllerId: 'md-2' }]);
  });

  const path = (controllerId: string, key?: string) => `/rest/v1/targets/${controllerId}/metadata${key === undefined ? '' : `/${key}`}`;
  const entries = async (controllerId: string) => (await getJson<JsonPage>(t, path(controllerId))).content;

  it('creates entries and lists them by key, paged', async () => {
    const response = await t.request(
      path('md-1'),
      send('POST', [
        { key: 'zone', value: 'eu' },
        { key: 'hw', value: '2' },
      ]),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([
      { key: 'zone', value: 'eu' },
      { key: 'hw', value: '2' },
    ]);
    expect(await getJson(t, path('md-1'))).toEqual({
      content: [
        { key: 'hw', value: '2' },
        { key: 'zone', value: 'eu' },
      ],
      total: 2,
      size: 2,
    });
    expect(await getJson(t, `${path('md-1')}?limit=1&offset=1&sort=key:DESC`)).toEqual({
      content: [{ key: 'hw', value: '2' }],
      total: 2,
      size: 1,
    });
    expect(await entries('md-2')).toEqual([]);
  });

  it('reads, updates and deletes one entry', async () => {
    await t.request(path('md-2'), send('POST', [{ key: 'site', value: 'a' }]));
    expect(await getJson(t, path('md-2', 'site'))).toEqual({ key: 'site', value: 'a' });
    const update = await t.request(path('md-2', 'site'), send('PUT', { value: 'b' }));
    expect(update.status).toBe(200);
    expect(await update.json()).toEqual({ key: 'site', value: 'b' });
    expect(await getJson(t, path('md-2', 'site'))).toEqual({ key: 'site', value: 'b' });
    const remove = await t.request(path('md-2', 'site'), { method: 'DELETE', headers: AUTH });
    expect(remove.status).toBe(204);
    expect((await t.request(path('md-2', 'site'), { headers: AUTH })).status).toBe(404);
  });

  it('answers 409 for a key present already or given twice, adding nothing', async () => {
    const before = await entries('md-1');
    for (const body of [
      [
        { key: 'new', value: '1' },
        { key: 'zone', value: 'x' },
      ],
      [
        { key: 'twin', value: '1' },
        { key: 'twin', value: '2' },
      ],
    ]) {
      const response = await t.request(path('md-1'), send('POST', body));
      await expectError(response, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
    }
    expect(await entries('md-1')).toEqual(before);
  });

  it(`answers 429 beyond ${QUOTA} entries per target, adding nothing`, async () => {
    const response = await t.request(
      path('md-1'),
      send('POST', [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'c', value: '3' },
      ]),
    );
    await expectError(response, 429, 'hawkbit.server.error.quota.tooManyEntries');
    expect(await entries('md-1')).toHaveLength(2);
    expect(
      (
        await t.request(
          path('md-1'),
          send('POST', [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ]),
        )
      ).status,
    ).toBe(201);
  });

  it('answers 404 for an unknown target or key', async () => {
    const unknownTarget = await t.request(path('nope'), { headers: AUTH });
    expect((await expectError(unknownTarget, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
      'Target with given identifier {nope} does not exist.',
    );
    expect((await t.request(path('nope'), send('POST', [{ key: 'k', value: 'v' }]))).status).toBe(404);
    expect((await t.request(path('nope', 'k'), { headers: AUTH })).status).toBe(404);
    expect((await t.request(path('md-1', 'missing'), { headers: AUTH })).status).toBe(404);
    expect((await t.request(path('md-1', 'missing'), send('PUT', { value: 'v' }))).status).toBe(404);
    expect((await t.request(path('md-1', 'missing'), { method: 'DELETE', headers: AUTH })).status).toBe(404);
  });

  it.each([
    ['no value', [{ key: 'k' }]],
    ['an empty key', [{ key: '', value: 'v' }]],
    ['a key of 129 characters', [{ key: 'k'.repeat(129), value: 'v' }]],
    ['an empty array', []],
    ['an object', { key: 'k', value: 'v' }],
  ])('answers 400 for %s, adding nothing', async (_case, body) => {
    const before = await entries('md-2');
    const response = await t.request(path('md-2'), send('POST', body));
    expect(response.status).toBe(400);
    expect(await entries('md-2')).toEqual(before);
  });

  it('answers 400 for an update without value, and for a bad sort', async () => {
    await t.request(path('md-2'), send('POST', [{ key: 'kept', value: 'v' }]));
    expect((await t.request(path('md-2', 'kept'), send('PUT', {}))).status).toBe(400);
    expect(await getJson(t, path('md-2', 'kept'))).toEqual({ key: 'kept', value: 'v' });
    const response = await t.request(`${path('md-2')}?sort=colour:ASC`, { headers: AUTH });
    await expectError(response, 400, 'hawkbit.server.error.rest.param.invalidField');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { attachOk, createFilter, postFilter } from './support/target-filter-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

describe.each(DATABASE_KINDS)('target filters on %s', (kind) => {
  const t = useTestApp(kind);

  const put = (id: number, body: unknown) => t.request(`/rest/v1/targetfilters/${id}`, send('PUT', body));
  const refused = async (response: Response, status: number, errorCode: string) => {
    await expectError(response, status, errorCode);
  };

  it('saves a filter and answers hawkBit JSON, every auto-assignment field present and null', async () => {
    const created = await createFilter(t, 'group==eu/berlin;name==gw-*', 'berlin-gateways');
    const id = idOf(created);
    expect(created).toEqual({
      id,
      name: 'berlin-gateways',
      query: 'group==eu/berlin;name==gw-*',
      autoAssignDistributionSet: null,
      autoAssignActionType: null,
      autoAssignWeight: null,
      confirmationRequired: null,
      createdAt: t.clock(),
      createdBy: 'admin',
      lastModifiedAt: t.clock(),
      lastModifiedBy: 'admin',
      _links: {
        self: { href: `http://localhost/rest/v1/targetfilters/${id}` },
        autoAssignDS: { href: `http://localhost/rest/v1/targetfilters/${id}/autoAssignDS` },
      },
    });
    expect(await getJson(t, `/rest/v1/targetfilters/${id}`)).toEqual(created);
  });

  it('refuses a name already taken with 409, on create and on rename', async () => {
    await createFilter(t, 'name==a*', 'taken');
    await refused(await postFilter(t, { name: 'taken', query: 'name==b*' }), 409, 'hawkbit.server.error.repo.entityAlreadyExists');
    const other = await createFilter(t, 'name==c*');
    await refused(await put(idOf(other), { name: 'taken' }), 409, 'hawkbit.server.error.repo.entityAlreadyExists');
  });

  it.each([
    ['a query that does not parse', 'name==', 'hawkbit.server.error.rest.param.rsqlParamSyntax'],
    ['an empty query', '', 'hawkbit.server.error.rest.param.rsqlParamSyntax'],
    ['an unknown field', 'colour==red', 'hawkbit.server.error.rest.param.rsqlInvalidField'],
    ['a device attribute (not a standard field)', 'attribute.hwRevision==2', 'hawkbit.server.error.rest.param.rsqlInvalidField'],
    ['a value outside an enum field', 'updateStatus==broken', 'hawkbit.server.error.rest.param.rsqlInvalidField'],
    ['an ordering on an enum field', 'updateStatus=lt=pending', 'hawkbit.server.error.rest.param.rsqlParamSyntax'],
  ])('refuses %s with 400 when saving, and saves nothing', async (_case, query, errorCode) => {
    const before = await t.db('target_filters').count({ n: '*' }).first();
    await refused(await postFilter(t, { name: `bad-${query}`, query }), 400, errorCode);
    expect(await t.db('target_filters').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses a bad query on update with 400 and keeps the old one', async () => {
    const id = idOf(await createFilter(t, 'name==keep*'));
    await refused(await put(id, { query: 'nope==1' }), 400, 'hawkbit.server.error.rest.param.rsqlInvalidField');
    expect((await getJson(t, `/rest/v1/targetfilters/${id}`))['query']).toBe('name==keep*');
  });

  it('refuses malformed bodies with 400', async () => {
    await refused(await postFilter(t, { query: 'name==x' }), 400, 'hawkbit.server.error.rest.body.notReadable');
    await refused(await postFilter(t, { name: '', query: 'name==x' }), 400, 'hawkbit.server.error.rest.body.notReadable');
    await refused(await postFilter(t, { name: 'long', query: `name==${'x'.repeat(1030)}` }), 400, 'hawkbit.server.error.rest.body.notReadable');
  });

  it('updates name and query separately, keeping the other, and records who and when', async () => {
    const id = idOf(await createFilter(t, 'name==old*', 'old-name'));
    t.clock.advance(1_000);
    const renamed = await put(id, { name: 'new-name' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'new-name', query: 'name==old*', lastModifiedAt: t.clock() });
    const requeried = await put(id, { query: 'name==new*', name: null });
    expect(await requeried.json()).toMatchObject({ name: 'new-name', query: 'name==new*' });
  });

  it('deletes a filter with 204; then it is gone', async () => {
    const id = idOf(await createFilter(t, 'name==gone*'));
    expect((await t.request(`/rest/v1/targetfilters/${id}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
    expect((await t.request(`/rest/v1/targetfilters/${id}`, { headers: AUTH })).status).toBe(404);
    expect((await t.request(`/rest/v1/targetfilters/${id}`, { method: 'DELETE', headers: AUTH })).status).toBe(404);
  });

  it('answers unknown filters with 404 and requests without credentials with 401', async () => {
    const missing = await t.request('/rest/v1/targetfilters/99999', { headers: AUTH });
    await refused(missing, 404, 'hawkbit.server.error.repo.entityNotFound');
    expect(
      (await expectError(await t.request('/rest/v1/targetfilters/99999', { headers: AUTH }), 404, 'hawkbit.server.error.repo.entityNotFound')).message,
    ).toContain('TargetFilterQuery');
    expect((await put(99999, { name: 'x' })).status).toBe(404);
    expect((await t.request('/rest/v1/targetfilters/99999/autoAssignDS', { headers: AUTH })).status).toBe(404);
    expect((await t.request('/rest/v1/targetfilters/99999/autoAssignDS', { method: 'DELETE', headers: AUTH })).status).toBe(404);
    expect((await t.request('/rest/v1/targetfilters')).status).toBe(401);
    expect((await t.request('/rest/v1/targetfilters', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  describe('the list', () => {
    let set: number;
    beforeAll(async () => {
      await t.db('target_filters').delete();
      for (const name of ['list-b', 'list-a', 'list-c']) await createFilter(t, `name==${name}*`, name);
      set = await createSet(t);
      const [first] = (await getJson<JsonPage>(t, '/rest/v1/targetfilters?q=name==list-c')).content;
      await attachOk(t, idOf(first), { id: set });
    });
    const names = (page: JsonPage) => page.content.map((filter) => filter['name']);

    it('pages in id order by default, with total and size', async () => {
      expect(names(await getJson<JsonPage>(t, '/rest/v1/targetfilters'))).toEqual(['list-b', 'list-a', 'list-c']);
      const page = await getJson<JsonPage>(t, '/rest/v1/targetfilters?offset=1&limit=1');
      expect(page).toMatchObject({ total: 3, size: 1 });
      expect(names(page)).toEqual(['list-a']);
    });

    it('sorts by name either way', async () => {
      expect(names(await getJson<JsonPage>(t, '/rest/v1/targetfilters?sort=name:ASC'))).toEqual(['list-a', 'list-b', 'list-c']);
      expect(names(await getJson<JsonPage>(t, '/rest/v1/targetfilters?sort=NAME:desc'))).toEqual(['list-c', 'list-b', 'list-a']);
    });

    it('filters with q on name and on the auto-assigned set', async () => {
      expect(names(await getJson<JsonPage>(t, '/rest/v1/targetfilters?q=name==LIST-A,name==list-b'))).toEqual(['list-b', 'list-a']);
      const name = (await getJson<Json>(t, `/rest/v1/distributionsets/${set}`))['name'] as string;
      const bySet = await getJson<JsonPage>(t, `/rest/v1/targetfilters?q=autoAssignDistributionSet.name==${name}`);
      expect(names(bySet)).toEqual(['list-c']);
      expect(bySet.content[0]).toMatchObject({ autoAssignDistributionSet: set, autoAssignActionType: 'forced' });
    });

    it('refuses bad q and sort parameters with 400', async () => {
      for (const [query, code] of [
        ['q=query==x', 'hawkbit.server.error.rest.param.rsqlInvalidField'],
        ['q=', 'hawkbit.server.error.rest.param.rsqlParamSyntax'],
        ['sort=query:ASC', 'hawkbit.server.error.rest.param.invalidField'],
        ['sort=name:UP', 'hawkbit.server.error.rest.param.invalidDirection'],
      ]) {
        await refused(await t.request(`/rest/v1/targetfilters?${query}`, { headers: AUTH }), 400, code as string);
      }
    });
  });
});

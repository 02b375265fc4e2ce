import { describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createTarget } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

let serial = 0;

describe.each(DATABASE_KINDS)('target groups on %s', (kind) => {
  const t = useTestApp(kind);

  /** A group name no other test uses, so that lists hold only this test's targets. */
  const fresh = (name: string) => `${name}-${++serial}`;
  const groupOf = async (cid: string) => (await getJson(t, `/rest/v1/targets/${cid}`))['group'];
  const members = async (path: string) => (await getJson<JsonPage>(t, path)).content.map((target) => target['controllerId']);
  const expectStatus = async (response: Response, status: number, errorCode?: string) => {
    if (errorCode === undefined) expect(response.status, await response.clone().text()).toBe(status);
    else await expectError(response, status, errorCode);
  };

  it('moves the targets a body names into a group, from the path or from ?group=', async () => {
    const [a, b, c] = [await createTarget(t, { group: 'old' }), await createTarget(t), await createTarget(t)];
    const eu = fresh('eu');
    await expectStatus(await t.request(`/rest/v1/targetgroups/${eu}/assigned`, send('PUT', [a, b])), 204);
    const berlin = `${eu}/berlin`;
    await expectStatus(await t.request(`/rest/v1/targetgroups/assigned?group=${encodeURIComponent(berlin)}`, send('PUT', [c])), 204);
    expect([await groupOf(a), await groupOf(b), await groupOf(c)]).toEqual([eu, eu, berlin]);
    const target = await getJson(t, `/rest/v1/targets/${a}`);
    expect(target['lastModifiedBy']).toBe('admin');
  });

  it('moves every target a query matches, from the path or from ?group=', async () => {
    const prefix = fresh('fleet');
    const [a, b] = [await createTarget(t, { name: `${prefix}-a` }), await createTarget(t, { name: `${prefix}-b` })];
    const other = await createTarget(t, { group: 'stays' });
    const lab = fresh('lab');
    await expectStatus(await t.request(`/rest/v1/targetgroups/${lab}?q=${encodeURIComponent(`name==${prefix}-*`)}`, send('PUT')), 204);
    expect([await groupOf(a), await groupOf(b), await groupOf(other)]).toEqual([lab, lab, 'stays']);
    const nested = `${lab}/bench`;
    const query = `group=${encodeURIComponent(nested)}&q=${encodeURIComponent(`name==${prefix}-a`)}`;
    await expectStatus(await t.request(`/rest/v1/targetgroups?${query}`, send('PUT')), 204);
    expect([await groupOf(a), await groupOf(b)]).toEqual([nested, lab]);
  });

  it('lists a group case-insensitively, with subgroups only when asked, paged and sorted', async () => {
    const eu = fresh('eu');
    const inGroup = await createTarget(t, { group: eu.toUpperCase() });
    const inSub = await createTarget(t, { group: `${eu}/berlin` });
    const inSubSub = await createTarget(t, { group: `${eu}/berlin/lab` });
    await createTarget(t, { group: `${eu}-west` });
    await createTarget(t, { group: `${eu}berlin` });
    expect(await members(`/rest/v1/targetgroups/${eu}/assigned`)).toEqual([inGroup]);
    expect(await members(`/rest/v1/targetgroups/assigned?group=${eu}`)).toEqual([inGroup]);
    expect(await members(`/rest/v1/targetgroups/assigned?group=${eu}&subgroups=true`)).toEqual([inGroup, inSub, inSubSub]);
    expect(await members(`/rest/v1/targetgroups/assigned?group=${encodeURIComponent(`${eu}/berlin`)}&subgroups=true`)).toEqual([inSub, inSubSub]);
    const page = await getJson<JsonPage>(t, `/rest/v1/targetgroups/assigned?group=${eu}&subgroups=true&sort=controllerId:DESC&limit=2&offset=1`);
    expect(page).toMatchObject({ total: 3, size: 2 });
    expect(page.content.map((target) => target['controllerId'])).toEqual([inSub, inGroup]);
  });

  it('matches wildcard characters in a group literally', async () => {
    const odd = fresh('100%_off');
    const member = await createTarget(t, { group: `${odd}/x` });
    await createTarget(t, { group: `${odd.replace('%_', 'ab')}/x` });
    expect(await members(`/rest/v1/targetgroups/assigned?group=${encodeURIComponent(odd)}&subgroups=true`)).toEqual([member]);
  });

  it('refuses unknown controllerIds with 404 naming them, and changes nothing', async () => {
    const known = await createTarget(t, { group: 'before' });
    const response = await t.request(`/rest/v1/targetgroups/${fresh('g')}/assigned`, send('PUT', [known, 'ghost-1', 'ghost-2']));
    expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toContain('ghost-1,ghost-2');
    expect(await groupOf(known)).toBe('before');
  });

  it.each([
    ['an empty body', 'PUT', '/rest/v1/targetgroups/g/assigned', []],
    ['a body that is not a list', 'PUT', '/rest/v1/targetgroups/g/assigned', { controllerIds: ['x'] }],
    ['an empty group', 'PUT', '/rest/v1/targetgroups/assigned?group=', ['x']],
    ['a missing group', 'GET', '/rest/v1/targetgroups/assigned', undefined],
    ['a missing q', 'PUT', '/rest/v1/targetgroups/g', undefined],
    ['a missing q with ?group=', 'PUT', '/rest/v1/targetgroups?group=g', undefined],
    ['a bad sort', 'GET', '/rest/v1/targetgroups/g/assigned?sort=shoeSize:ASC', undefined],
  ])('answers %s with 400', async (_case, method, path, body) => {
    await expectStatus(await t.request(path, method === 'GET' ? { headers: AUTH } : send(method, body)), 400);
  });

  it('answers a malformed q or an unknown field with 400 and changes nothing', async () => {
    const target = await createTarget(t, { group: 'kept' });
    await expectStatus(await t.request('/rest/v1/targetgroups/g?q=name==(', send('PUT')), 400, 'hawkbit.server.error.rest.param.rsqlParamSyntax');
    await expectStatus(await t.request('/rest/v1/targetgroups/g?q=shoeSize==42', send('PUT')), 400, 'hawkbit.server.error.rest.param.rsqlInvalidField');
    expect(await groupOf(target)).toBe('kept');
  });

  it('offers no way to list the groups or to clear a group', async () => {
    const target = await createTarget(t, { group: 'kept' });
    expect((await t.request('/rest/v1/targetgroups', { headers: AUTH })).status).toBe(405);
    expect((await t.request('/rest/v1/targetgroups?q=controllerId==*', send('DELETE'))).status).toBe(405);
    expect((await t.request('/rest/v1/targetgroups/assigned', send('DELETE', [target]))).status).toBe(405);
    expect(await groupOf(target)).toBe('kept');
  });
});

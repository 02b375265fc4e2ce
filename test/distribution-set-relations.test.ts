import { describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { createRollout } from './support/rollout-fixtures.js';
import { createModule } from './support/software-module-api.js';
import { attachOk, createFilter } from './support/target-filter-fixtures.js';
import { AUTH, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { DATABASE_KINDS } from './support/databases.js';
import { type TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const offline = (t: TestApp, set: number, controllerIds: readonly string[]) =>
  t.request(
    `/rest/v1/distributionsets/${set}/assignedTargets?offline=true`,
    send(
      'POST',
      controllerIds.map((id) => ({ id })),
    ),
  );

const controllerIdsOf = (page: JsonPage) => page.content.map((target) => target['controllerId']);

async function expectRequestError(t: TestApp, path: string, status: number, errorCode: string, init: RequestInit = { headers: AUTH }) {
  await expectError(await t.request(path, init), status, errorCode);
}

describe.each(DATABASE_KINDS)('what references a distribution set on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists the targets a set is assigned to, and those it is installed on, with paging, sort and q', async () => {
    const [set, other] = [await createSet(t), await createSet(t)];
    const [a, b, c] = [await createTarget(t, { name: 'zeta' }), await createTarget(t, { name: 'alpha' }), await createTarget(t)];
    await assignOk(t, a, { id: set });
    await assignOk(t, b, { id: set });
    await assignOk(t, c, { id: other });
    const assigned = await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/assignedTargets?sort=name:ASC`);
    expect(assigned).toMatchObject({ total: 2, size: 2 });
    expect(controllerIdsOf(assigned)).toEqual([b, a]);
    expect(assigned.content[0]).toMatchObject({ updateStatus: 'pending', _links: { self: { href: `http://localhost/rest/v1/targets/${b}` } } });
    const paged = await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/assignedTargets?sort=name:ASC&offset=1&limit=1`);
    expect({ ids: controllerIdsOf(paged), total: paged.total }).toEqual({ ids: [a], total: 2 });
    expect(controllerIdsOf(await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/assignedTargets?q=name==zet*`))).toEqual([a]);
    expect((await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/installedTargets`)).total).toBe(0);

    const installed = await createTarget(t);
    expect((await offline(t, set, [installed])).status).toBe(200);
    expect(controllerIdsOf(await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/installedTargets`))).toEqual([installed]);
    expect(controllerIdsOf(await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/installedTargets?q=updateStatus==pending`))).toEqual([]);
  });

  it('lists the target filters auto-assigning a set, with q', async () => {
    const [set, other] = [await createSet(t), await createSet(t)];
    const first = await createFilter(t, 'name==nothing-matches-1', 'gateways-eu');
    const second = await createFilter(t, 'name==nothing-matches-2', 'gateways-us');
    const elsewhere = await createFilter(t, 'name==nothing-matches-3');
    await attachOk(t, idOf(first), { id: set });
    await attachOk(t, idOf(second), { id: set, type: 'soft' });
    await attachOk(t, idOf(elsewhere), { id: other });
    const page = await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/autoAssignTargetFilters?sort=name:DESC`);
    expect(page.total).toBe(2);
    expect(page.content.map((filter) => filter['name'])).toEqual(['gateways-us', 'gateways-eu']);
    expect(page.content[0]).toMatchObject({ autoAssignDistributionSet: set, autoAssignActionType: 'soft' });
    const found = await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/autoAssignTargetFilters?q=name==*-eu`);
    expect(found.content.map((filter) => filter['id'])).toEqual([first['id']]);
  });

  it('counts a set’s actions and rollouts by status and its auto-assignments', async () => {
    const set = await createSet(t);
    const stats = (path = '') => getJson(t, `/rest/v1/distributionsets/${set}/statistics${path}`);
    expect(await stats()).toEqual({ actions: { total: 0 }, rollouts: { total: 0 }, totalAutoAssignments: 0 });
    expect(await stats('/actions')).toEqual({});
    expect(await stats('/rollouts')).toEqual({});
    expect(await stats('/autoassignments')).toEqual({ totalAutoAssignments: 0 });

    const [a, b, c] = [await createTarget(t, { group: 'stats' }), await createTarget(t), await createTarget(t)];
    const first = await assignOk(t, a, { id: set });
    await t.request(`/rest/v1/targets/${a}/actions/${first}`, { method: 'DELETE', headers: AUTH });
    await assignOk(t, b, { id: set });
    expect((await offline(t, set, [c])).status).toBe(200);
    await createRollout(t, { set, filter: 'group==stats' });
    const filter = await createFilter(t, 'name==nothing-matches-stats');
    await attachOk(t, idOf(filter), { id: set });

    const actions = { CANCELING: 1, RUNNING: 1, FINISHED: 1, total: 3 };
    expect(await stats()).toEqual({ actions, rollouts: { READY: 1, total: 1 }, totalAutoAssignments: 1 });
    expect(await stats('/actions')).toEqual({ actions });
    expect(await stats('/rollouts')).toEqual({ rollouts: { READY: 1, total: 1 } });
    expect(await stats('/autoassignments')).toEqual({ totalAutoAssignments: 1 });
  });

  it.each([
    'assignedTargets',
    'installedTargets',
    'autoAssignTargetFilters',
    'statistics',
    'statistics/actions',
    'statistics/rollouts',
    'statistics/autoassignments',
  ])('%s of an unknown set: 404, a bad id or query: 400', async (path) => {
    await expectRequestError(t, `/rest/v1/distributionsets/99999/${path}`, 404, 'hawkbit.server.error.repo.entityNotFound');
    await expectRequestError(t, `/rest/v1/distributionsets/x/${path}`, 400, 'hawkbit.server.error.rest.body.notReadable');
    if (!path.startsWith('statistics')) {
      await expectRequestError(t, `/rest/v1/distributionsets/${await createSet(t)}/${path}?q=name==(`, 400, 'hawkbit.server.error.rest.param.rsqlParamSyntax');
    }
  });
});

describe.each(DATABASE_KINDS)('removing a module from a set on %s', (kind) => {
  const t = useTestApp(kind);

  const remove = (set: number | string, module: number | string) =>
    t.request(`/rest/v1/distributionsets/${set}/assignedSM/${module}`, { method: 'DELETE', headers: AUTH });

  it('takes the module out of the set, which becomes incomplete without its mandatory module', async () => {
    const set = await createSet(t);
    const [module] = (await getJson<Json>(t, `/rest/v1/distributionsets/${set}`))['modules'] as Json[];
    const moduleId = idOf(module);
    expect((await remove(set, moduleId)).status).toBe(204);
    expect(await getJson(t, `/rest/v1/distributionsets/${set}`)).toMatchObject({ modules: [], complete: false });
    expect((await t.request(`/rest/v1/softwaremodules/${moduleId}`, { headers: AUTH })).status).toBe(200);
    const response = await remove(set, moduleId);
    await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound');
  });

  it('refuses a module of another set (404), an unknown set (404), a malformed id (400)', async () => {
    const set = await createSet(t);
    const stranger = (await createModule(t, { type: 'os' })).id;
    expect((await remove(set, stranger)).status).toBe(404);
    expect((await remove(99999, stranger)).status).toBe(404);
    expect((await remove(set, 'x')).status).toBe(400);
    expect(((await getJson(t, `/rest/v1/distributionsets/${set}`))['modules'] as Json[]).length).toBe(1);
  });

  it('refuses a set referenced by an action: 423, the set unchanged', async () => {
    const set = await createSet(t);
    await assignOk(t, await createTarget(t), { id: set });
    const [module] = (await getJson<Json>(t, `/rest/v1/distributionsets/${set}`))['modules'] as Json[];
    const response = await remove(set, idOf(module));
    await expectError(response, 423, 'hawkbit.server.error.locked');
    expect(await getJson(t, `/rest/v1/distributionsets/${set}`)).toMatchObject({ complete: true, locked: true });
  });
});

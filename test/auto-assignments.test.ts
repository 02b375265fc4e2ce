import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTO_ASSIGNMENT_TRANSITIONS } from '../src/target-filters/auto-assignment-lifecycle.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet, createTarget } from './support/deployment-fixtures.js';
import { expectError } from './support/expect-error.js';
import { AUTH, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { actionRows, attachOk, createFilter } from './support/target-filter-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const BASE = 'http://localhost/rest/v1/autoassignments';
const ILLEGAL_STATE = 'hawkbit.server.error.auto.assignment.illegalState';

let serial = 0;
const uniqueName = () => `auto-${++serial}`;

const post = (t: TestApp, body: unknown) => t.request('/rest/v1/autoassignments', send('POST', body));
const move = (t: TestApp, id: number, operation: string, query = '') => t.request(`/rest/v1/autoassignments/${id}/${operation}${query}`, send('POST'));

async function createOk(t: TestApp, body: Record<string, unknown>): Promise<Json> {
  const response = await post(t, { name: uniqueName(), ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Json;
}

async function moveOk(t: TestApp, id: number, operation: string, query = ''): Promise<void> {
  const response = await move(t, id, operation, query);
  expect(response.status, await response.clone().text()).toBe(204);
}

const statusOf = async (t: TestApp, id: number) => (await getJson(t, `/rest/v1/autoassignments/${id}`))['status'];

describe.each(DATABASE_KINDS)('auto-assignments on %s', (kind) => {
  const t = useTestApp(kind, { 'quota.max_targets_per_auto_assignment': 3 });
  let set: number;
  beforeAll(async () => {
    set = await createSet(t);
  });

  describe('create and read', () => {
    it('creates a ready auto-assignment and answers hawkBit master JSON, absent fields left out', async () => {
      const created = await createOk(t, { name: 'eu-gateways', targetFilterQuery: 'group==eu', distributionSetId: set });
      const id = idOf(created);
      const setJson = await getJson(t, `/rest/v1/distributionsets/${set}`);
      expect(created).toEqual({
        id,
        name: 'eu-gateways',
        targetFilterQuery: 'group==eu',
        distributionSetId: set,
        status: 'ready',
        actionType: 'forced',
        confirmationRequired: false,
        createdAt: t.clock(),
        createdBy: 'admin',
        lastModifiedAt: t.clock(),
        lastModifiedBy: 'admin',
        _links: {
          self: { href: `${BASE}/${id}` },
          start: { href: `${BASE}/${id}/start` },
          distributionset: {
            href: `http://localhost/rest/v1/distributionsets/${set}`,
            name: `${setJson['name'] as string}:${setJson['version'] as string}`,
          },
        },
      });
      expect(await getJson(t, `/rest/v1/autoassignments/${id}`)).toEqual(created);
    });

    it('keeps the optional fields it is given; weight is accepted and not shown', async () => {
      const startAt = t.clock() + 60_000;
      const created = await createOk(t, {
        description: 'soft, later',
        targetFilterQuery: 'group==later',
        distributionSetId: set,
        actionType: 'downloadonly',
        startAt,
        weight: 400,
        confirmationRequired: true,
      });
      expect(created).toMatchObject({ description: 'soft, later', actionType: 'downloadonly', startAt, confirmationRequired: true });
      expect(created).not.toHaveProperty('weight');
    });

    it('lists, filters, sorts and pages them; a set lists its own', async () => {
      const other = await createSet(t);
      const names = [uniqueName(), uniqueName()];
      for (const name of names) await createOk(t, { name, targetFilterQuery: 'group==listed', distributionSetId: other });
      const ofSet = await getJson<JsonPage>(t, `/rest/v1/distributionsets/${other}/autoAssignments?sort=name:DESC`);
      expect(ofSet.total).toBe(2);
      expect(ofSet.content.map((entry) => entry['name'])).toEqual([...names].reverse());
      const byName = await getJson<JsonPage>(t, `/rest/v1/autoassignments?q=${encodeURIComponent(`name==${names[0] as string}`)}`);
      expect(byName.content.map((entry) => entry['name'])).toEqual([names[0]]);
      const bySet = await getJson<JsonPage>(t, `/rest/v1/autoassignments?q=${encodeURIComponent('status==READY;actionType==forced')}&limit=1`);
      expect(bySet.size).toBe(1);
      expect(bySet.total).toBeGreaterThanOrEqual(3);
    });

    it('refuses bad input with 400, an unknown set or id with 404, a taken name with 409, and stores nothing', async () => {
      const before = await t.db('auto_assignments').count({ n: '*' }).first();
      const valid = { name: uniqueName(), targetFilterQuery: 'group==x', distributionSetId: set };
      const notReadable = 'hawkbit.server.error.rest.body.notReadable';
      await expectError(await post(t, { ...valid, name: undefined }), 400, notReadable);
      await expectError(await post(t, { ...valid, distributionSetId: undefined }), 400, notReadable);
      await expectError(await post(t, { ...valid, targetFilterQuery: '' }), 400, notReadable);
      await expectError(await post(t, { ...valid, weight: 1001 }), 400, notReadable);
      await expectError(await post(t, { ...valid, actionType: 'sometimes' }), 400, notReadable);
      await expectError(await post(t, { ...valid, actionType: 'timeforced' }), 400, 'hawkbit.server.error.repo.invalidAutoAssignActionType');
      await expectError(await post(t, { ...valid, targetFilterQuery: 'group==(' }), 400, 'hawkbit.server.error.rest.param.rsqlParamSyntax');
      await expectError(await post(t, { ...valid, targetFilterQuery: 'colour==red' }), 400, 'hawkbit.server.error.rest.param.rsqlInvalidField');
      const incomplete = await createSet(t, { complete: false });
      await expectError(await post(t, { ...valid, distributionSetId: incomplete }), 400, 'hawkbit.server.error.distributionset.incomplete');
      await expectError(await post(t, { ...valid, distributionSetId: 987654 }), 404, 'hawkbit.server.error.repo.entityNotFound');
      await expectError(await post(t, { ...valid, name: 'eu-gateways' }), 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      expect(await t.db('auto_assignments').count({ n: '*' }).first()).toEqual(before);

      await expectError(await t.request('/rest/v1/autoassignments/987654', { headers: AUTH }), 404, 'hawkbit.server.error.repo.entityNotFound');
      await expectError(await t.request('/rest/v1/autoassignments/abc', { headers: AUTH }), 400, notReadable);
      await expectError(
        await t.request('/rest/v1/distributionsets/987654/autoAssignments', { headers: AUTH }),
        404,
        'hawkbit.server.error.repo.entityNotFound',
      );
      await expectError(
        await t.request('/rest/v1/autoassignments?q=nosuchfield==1', { headers: AUTH }),
        400,
        'hawkbit.server.error.rest.param.rsqlInvalidField',
      );
    });

    it('refuses a query matching more targets than max_targets_per_auto_assignment with 429', async () => {
      for (let i = 0; i < 4; i++) await createTarget(t, { group: 'crowd' });
      const response = await post(t, { name: uniqueName(), targetFilterQuery: 'group==crowd', distributionSetId: set });
      await expectError(response, 429, 'hawkbit.server.error.quota.tooManyEntries');
    });

    it('answers 401 to every operation without credentials', async () => {
      const id = idOf(await createOk(t, { targetFilterQuery: 'group==anonymous', distributionSetId: set }));
      const calls: [string, string][] = [
        ['GET', '/rest/v1/autoassignments'],
        ['POST', '/rest/v1/autoassignments'],
        ['GET', `/rest/v1/autoassignments/${id}`],
        ['PUT', `/rest/v1/autoassignments/${id}`],
        ['DELETE', `/rest/v1/autoassignments/${id}`],
        ...['start', 'pause', 'resume', 'approve', 'deny'].map((operation): [string, string] => ['POST', `/rest/v1/autoassignments/${id}/${operation}`]),
        ['GET', `/rest/v1/distributionsets/${set}/autoAssignments`],
      ];
      for (const [method, path] of calls) {
        await expectError(
          await t.request(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? null : '{}' }),
          401,
          'hawkbit.server.error.unauthorized',
        );
      }
      expect(await statusOf(t, id)).toBe('ready');
      const userinfo = await getJson<{ permissions: string[] }>(t, '/rest/v1/userinfo');
      expect(userinfo.permissions).toEqual(
        expect.arrayContaining([
          'CREATE_AUTO_ASSIGNMENT',
          'READ_AUTO_ASSIGNMENT',
          'UPDATE_AUTO_ASSIGNMENT',
          'DELETE_AUTO_ASSIGNMENT',
          'APPROVE_AUTO_ASSIGNMENT',
          'HANDLE_AUTO_ASSIGNMENT',
        ]),
      );
    });
  });

  describe('update and delete', () => {
    it('changes name and description only; a taken name is 409, an unknown id 404', async () => {
      const first = await createOk(t, { targetFilterQuery: 'group==renamed', distributionSetId: set });
      const second = await createOk(t, { targetFilterQuery: 'group==renamed', distributionSetId: set });
      const id = idOf(first);
      t.clock.advance(1000);
      const put = (target: number, body: unknown) => t.request(`/rest/v1/autoassignments/${target}`, send('PUT', body));
      const renamed = await put(id, { name: 'renamed-once', description: 'described', targetFilterQuery: 'ignored==1' });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({
        name: 'renamed-once',
        description: 'described',
        targetFilterQuery: 'group==renamed',
        lastModifiedAt: t.clock(),
      });
      expect(await (await put(id, {})).json()).toMatchObject({ name: 'renamed-once', description: 'described' });
      await expectError(await put(id, { name: second['name'] }), 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      await expectError(await put(987654, { name: 'x' }), 404, 'hawkbit.server.error.repo.entityNotFound');
      await expectError(await put(id, { name: '' }), 400, 'hawkbit.server.error.rest.body.notReadable');
    });

    it('deletes one; the actions it created stay; an unknown id is 404', async () => {
      const cid = await createTarget(t, { group: 'deleted-later' });
      const id = idOf(await createOk(t, { targetFilterQuery: 'group==deleted-later', distributionSetId: set }));
      await t.services.autoAssignment.sweep();
      expect(await actionRows(t, cid)).toHaveLength(1);
      const deleted = await t.request(`/rest/v1/autoassignments/${id}`, { method: 'DELETE', headers: AUTH });
      expect(deleted.status).toBe(204);
      await expectError(await t.request(`/rest/v1/autoassignments/${id}`, { headers: AUTH }), 404, 'hawkbit.server.error.repo.entityNotFound');
      await expectError(
        await t.request(`/rest/v1/autoassignments/${id}`, { method: 'DELETE', headers: AUTH }),
        404,
        'hawkbit.server.error.repo.entityNotFound',
      );
      expect(await actionRows(t, cid)).toHaveLength(1);
    });
  });

  describe('state moves without approval', () => {
    it('start, pause and resume follow the table; each other move is 409 and changes nothing', async () => {
      const id = idOf(await createOk(t, { targetFilterQuery: 'group==moves', distributionSetId: set }));
      for (const operation of ['pause', 'resume', 'approve', 'deny']) await expectError(await move(t, id, operation), 409, ILLEGAL_STATE);
      expect(await statusOf(t, id)).toBe('ready');
      await moveOk(t, id, 'start');
      const running = await getJson(t, `/rest/v1/autoassignments/${id}`);
      expect(running).toMatchObject({ status: 'running' });
      expect(Object.keys(running._links).sort()).toEqual(['distributionset', 'pause', 'self']);
      for (const operation of ['start', 'resume', 'approve']) await expectError(await move(t, id, operation), 409, ILLEGAL_STATE);
      await moveOk(t, id, 'pause');
      expect(Object.keys((await getJson(t, `/rest/v1/autoassignments/${id}`))._links).sort()).toEqual(['distributionset', 'resume', 'self']);
      await expectError(await move(t, id, 'pause'), 409, ILLEGAL_STATE);
      await moveOk(t, id, 'resume');
      expect(await statusOf(t, id)).toBe('running');
      await expectError(await move(t, 987654, 'start'), 404, 'hawkbit.server.error.repo.entityNotFound');
      await expectError(await move(t, Number.NaN, 'start'), 400, 'hawkbit.server.error.rest.body.notReadable');
    });

    it('assigns only while running: a ready one waits for its startAt, a paused one assigns nothing', async () => {
      const cid = await createTarget(t, { group: 'scheduled' });
      const id = idOf(await createOk(t, { targetFilterQuery: 'group==scheduled', distributionSetId: set, startAt: t.clock() + 3_600_000 }));
      await t.services.autoAssignment.sweep();
      expect(await statusOf(t, id)).toBe('ready');
      expect(await actionRows(t, cid)).toEqual([]);
      t.clock.advance(3_600_000);
      expect(await t.services.autoAssignment.sweep()).toBeGreaterThanOrEqual(1);
      expect(await statusOf(t, id)).toBe('running');
      expect(await actionRows(t, cid)).toEqual([expect.objectContaining({ distribution_set_id: set, created_by: 'admin' })]);

      await moveOk(t, id, 'pause');
      const later = await createTarget(t, { group: 'scheduled' });
      await t.services.autoAssignment.sweep();
      expect(await actionRows(t, later)).toEqual([]);
      await moveOk(t, id, 'resume');
      await t.services.autoAssignment.sweep();
      expect(await actionRows(t, later)).toHaveLength(1);
    });
  });

  describe('as a target filter auto-assignment', () => {
    it('a filter set attached through autoAssignDS is the running auto-assignment of the filter name and query', async () => {
      const cid = await createTarget(t, { group: 'filtered' });
      const filter = await createFilter(t, 'group==filtered', 'filtered-gateways');
      const filterId = idOf(filter);
      await attachOk(t, filterId, { id: set, type: 'soft' });
      expect(await actionRows(t, cid)).toHaveLength(1);
      const page = await getJson<JsonPage>(t, `/rest/v1/autoassignments?q=${encodeURIComponent('name==filtered-gateways')}`);
      expect(page.content).toEqual([
        expect.objectContaining({
          name: 'filtered-gateways',
          targetFilterQuery: 'group==filtered',
          distributionSetId: set,
          status: 'running',
          actionType: 'soft',
        }),
      ]);
      const id = idOf(page.content[0]);
      expect((await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/autoAssignments?q=name==filtered-gateways`)).total).toBe(1);

      // renaming the filter or changing its query carries its auto-assignment along
      const put = await t.request(`/rest/v1/targetfilters/${filterId}`, send('PUT', { name: 'filtered-renamed', query: 'group==filtered-2' }));
      expect(put.status).toBe(200);
      expect(await getJson(t, `/rest/v1/autoassignments/${id}`)).toMatchObject({ name: 'filtered-renamed', targetFilterQuery: 'group==filtered-2' });
      expect(await getJson(t, `/rest/v1/targetfilters/${filterId}`)).toMatchObject({ autoAssignDistributionSet: set, autoAssignActionType: 'soft' });

      // pausing it through the resource stops the filter's assignments; deleting it detaches the filter
      await moveOk(t, id, 'pause');
      const paused = await createTarget(t, { group: 'filtered-2' });
      await t.services.autoAssignment.sweep();
      expect(await actionRows(t, paused)).toEqual([]);
      expect((await t.request(`/rest/v1/autoassignments/${id}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
      expect((await t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, { headers: AUTH })).status).toBe(204);
      expect(await getJson(t, `/rest/v1/targetfilters/${filterId}`)).toMatchObject({ autoAssignDistributionSet: null, autoAssignActionType: null });
    });

    it('an auto-assignment created with a filter name and query is that filter autoAssignDS; the filter deletes it', async () => {
      const filterId = idOf(await createFilter(t, 'group==linked', 'linked-filter'));
      const created = await createOk(t, { name: 'linked-filter', targetFilterQuery: 'group==linked', distributionSetId: set, actionType: 'downloadonly' });
      expect(await getJson(t, `/rest/v1/targetfilters/${filterId}`)).toMatchObject({ autoAssignDistributionSet: set, autoAssignActionType: 'downloadonly' });
      expect(await getJson(t, `/rest/v1/targetfilters/${filterId}/autoAssignDS`)).toMatchObject({ id: set });
      const filters = await getJson<JsonPage>(t, `/rest/v1/distributionsets/${set}/autoAssignTargetFilters?q=name==linked-filter`);
      expect(filters.content.map((entry) => entry['id'])).toEqual([filterId]);
      // a different query under the same name is another auto-assignment's: attaching is then a name conflict
      const other = idOf(await createFilter(t, 'group==unlinked', 'unlinked-filter'));
      await createOk(t, { name: 'unlinked-filter', targetFilterQuery: 'group==elsewhere', distributionSetId: set });
      expect(await getJson(t, `/rest/v1/targetfilters/${other}`)).toMatchObject({ autoAssignDistributionSet: null });
      const conflict = await t.request(`/rest/v1/targetfilters/${other}/autoAssignDS`, send('POST', { id: set }));
      await expectError(conflict, 409, 'hawkbit.server.error.repo.entityAlreadyExists');

      expect((await t.request(`/rest/v1/targetfilters/${filterId}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
      await expectError(await t.request(`/rest/v1/autoassignments/${idOf(created)}`, { headers: AUTH }), 404, 'hawkbit.server.error.repo.entityNotFound');
    });

    it('an invalidated set takes its auto-assignments with it; the statistics count them', async () => {
      const doomed = await createSet(t);
      await createOk(t, { targetFilterQuery: 'group==doomed', distributionSetId: doomed });
      await attachOk(t, idOf(await createFilter(t, 'group==doomed')), { id: doomed });
      expect(await getJson(t, `/rest/v1/distributionsets/${doomed}/statistics/autoassignments`)).toEqual({ totalAutoAssignments: 2 });
      const invalidated = await t.request(`/rest/v1/distributionsets/${doomed}/invalidate`, send('POST', { actionCancelationType: 'none' }));
      expect(invalidated.status).toBe(204);
      expect((await getJson<JsonPage>(t, `/rest/v1/distributionsets/${doomed}/autoAssignments`)).total).toBe(0);
    });
  });
});

describe.each(DATABASE_KINDS)('auto-assignments with approval on %s', (kind) => {
  const t = useTestApp(kind, { auto_assignment_approval_enabled: true });
  let set: number;
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('a new one waits for approval; approve records who and why, and it is ready', async () => {
    const created = await createOk(t, { targetFilterQuery: 'group==approved', distributionSetId: set });
    const id = idOf(created);
    expect(created).toMatchObject({ status: 'waiting_for_approval' });
    expect(Object.keys(created._links).sort()).toEqual(['approve', 'deny', 'distributionset', 'self']);
    for (const operation of ['start', 'pause', 'resume']) await expectError(await move(t, id, operation), 409, ILLEGAL_STATE);
    await moveOk(t, id, 'approve', '?remark=looks%20good');
    expect(await getJson(t, `/rest/v1/autoassignments/${id}`)).toMatchObject({ status: 'ready', approvalDecidedBy: 'admin', approvalRemark: 'looks good' });
    await expectError(await move(t, id, 'approve'), 409, ILLEGAL_STATE);
    await expectError(await move(t, id, 'deny'), 409, ILLEGAL_STATE);
  });

  it('deny is final: no move link remains and every move is 409', async () => {
    const id = idOf(await createOk(t, { targetFilterQuery: 'group==denied', distributionSetId: set }));
    await moveOk(t, id, 'deny');
    const denied = await getJson(t, `/rest/v1/autoassignments/${id}`);
    expect(denied).toMatchObject({ status: 'approval_denied', approvalDecidedBy: 'admin' });
    expect(denied).not.toHaveProperty('approvalRemark');
    expect(Object.keys(denied._links).sort()).toEqual(['distributionset', 'self']);
    for (const operation of ['start', 'pause', 'resume', 'approve', 'deny']) await expectError(await move(t, id, operation), 409, ILLEGAL_STATE);
  });

  it('a filter autoAssignDS waits for approval too, and assigns nothing until approved', async () => {
    const cid = await createTarget(t, { group: 'gated' });
    const filterId = idOf(await createFilter(t, 'group==gated', 'gated-filter'));
    await attachOk(t, filterId, { id: set });
    expect(await actionRows(t, cid)).toEqual([]);
    const [waiting] = (await getJson<JsonPage>(t, '/rest/v1/autoassignments?q=name==gated-filter')).content;
    expect(waiting).toMatchObject({ status: 'waiting_for_approval' });
    await moveOk(t, idOf(waiting), 'approve');
    await t.services.autoAssignment.sweep();
    expect(await actionRows(t, cid)).toHaveLength(1);
  });
});

describe('the auto-assignment transition table', () => {
  it('is the one README "Target filters and auto-assignment" shows', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('| Auto-assignment move |')).split('\n');
    const table = section.slice(
      2,
      section.findIndex((line) => !line.startsWith('|')),
    );
    const rows = table.map((line) => line.split('|').map((cell) => cell.trim().replace(/`/g, '')));
    const documented: Record<string, Record<string, string>> = Object.fromEntries(rows.map(([, event = '', from = '', to = '']) => [event, { [from]: to }]));
    expect(documented).toEqual(AUTO_ASSIGNMENT_TRANSITIONS);
  });
});

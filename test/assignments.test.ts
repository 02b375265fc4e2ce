import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, actionsOf, assign, assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, idOf, type Json } from './support/target-fixtures.js';
import { appOnlyTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

describe.each(DATABASE_KINDS)('assignments on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'quota.max_actions_per_target': 3 });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const countActions = async () => Number(((await t.db('actions').count({ n: '*' }).first()) as { n: number | string }).n);

  it('assigns a set: a running forced action, the target pending with the set assigned', async () => {
    const cid = await createTarget(t);
    expect((await t.request(`/rest/v1/targets/${cid}/assignedDS`, { headers: AUTH })).status).toBe(204);
    const response = await assign(t, cid, { id: set });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { assigned: number; alreadyAssigned: number; total: number; assignedActions: Json[] };
    expect(result).toMatchObject({ assigned: 1, alreadyAssigned: 0, total: 1 });
    const id = idOf(result.assignedActions[0]);
    expect(result.assignedActions[0]?._links['self']?.href).toBe(`http://localhost/rest/v1/targets/${cid}/actions/${id}`);
    const action = await actionOf(t, cid, id);
    expect(action).toMatchObject({
      id,
      type: 'forced',
      forceType: 'forced',
      status: 'pending',
      detailStatus: 'running',
      active: true,
      deploymentFetchCount: 0,
      distributionSetId: set,
      createdBy: 'admin',
    });
    expect(action).not.toHaveProperty('forceTime');
    expect(action).not.toHaveProperty('maintenanceWindow');
    expect((await getJson(t, `/rest/v1/targets/${cid}`))['updateStatus']).toBe('pending');
    expect((await getJson(t, `/rest/v1/targets/${cid}/assignedDS`))['id']).toBe(set);
    expect((await t.request(`/rest/v1/targets/${cid}/installedDS`, { headers: AUTH })).status).toBe(204);
  });

  it('accepts an array of one assignment, with type, forcetime and a maintenance window', async () => {
    const cid = await createTarget(t);
    const window = { schedule: '0 0 3 ? * *', duration: '00:30:00', timezone: '+01:00' };
    const id = await assignOk(t, cid, [{ id: set, type: 'timeforced', forcetime: 1_900_000_000_000, maintenanceWindow: window }]);
    const action = await actionOf(t, cid, id);
    expect(action).toMatchObject({ type: 'timeforced', forceType: 'timeforced', forceTime: 1_900_000_000_000, maintenanceWindow: window });
    // the test clock stands at 2026-11-21 12:00 UTC: the next window opens at 03:00 +01:00 the day after
    expect(action.maintenanceWindow?.nextStartAt).toBe(Date.UTC(2026, 10, 22, 2));
  });

  it('counts the same set with an active action as alreadyAssigned and changes nothing', async () => {
    const cid = await createTarget(t);
    await assignOk(t, cid, { id: set });
    const before = await countActions();
    const response = await assign(t, cid, { id: set, type: 'soft' });
    expect(await response.json()).toEqual({ assigned: 0, alreadyAssigned: 1, total: 1, assignedActions: [] });
    expect(await countActions()).toBe(before);
  });

  it('supersedes the active action on reassignment: canceled at once, exactly one action active', async () => {
    const cid = await createTarget(t);
    const first = await assignOk(t, cid, { id: set });
    const second = await assignOk(t, cid, { id: await createSet(t), type: 'soft' });
    expect(await actionOf(t, cid, first)).toMatchObject({ detailStatus: 'canceled', status: 'finished', active: false });
    expect(await actionOf(t, cid, second)).toMatchObject({ detailStatus: 'running', type: 'soft' });
    const page = await actionsOf(t, cid, { q: 'status==pending' });
    expect(page.content.map((action) => action['id'])).toEqual([second]);
    const entries = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${cid}/actions/${first}/status`);
    expect(entries.content.map((entry) => entry['type'])).toEqual(['running', 'canceled']);
    expect((await getJson(t, `/rest/v1/targets/${cid}`))['updateStatus']).toBe('pending');
  });

  it('keeps one active action when assignments race', async () => {
    const cid = await createTarget(t);
    const sets = [await createSet(t), await createSet(t)];
    const responses = await Promise.all(sets.map((id) => assign(t, cid, { id })));
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const active = await t.db('actions').join('targets', 'targets.id', 'actions.target_id').where({ controller_id: cid, active: true });
    expect(active).toHaveLength(1);
  });

  describe('refuses, changing nothing', () => {
    const refused = async (cid: string, body: unknown, status: number, errorCode?: string) => {
      const before = await countActions();
      const response = await assign(t, cid, body);
      if (errorCode === undefined) expect(response.status, await response.clone().text()).toBe(status);
      else await expectError(response, status, errorCode);
      expect(await countActions()).toBe(before);
    };

    it('an unknown target or set: 404', async () => {
      await refused('nobody', { id: set }, 404, 'hawkbit.server.error.repo.entityNotFound');
      await refused(await createTarget(t), { id: 99999 }, 404, 'hawkbit.server.error.repo.entityNotFound');
    });

    it('an incomplete set: 400', async () => {
      await refused(await createTarget(t), { id: await createSet(t, { complete: false }) }, 400, 'hawkbit.server.error.distributionset.incomplete');
    });

    it('an invalidated set: 400', async () => {
      const invalid = await createSet(t);
      await t.db('distribution_sets').where('id', invalid).update({ valid: false });
      await refused(await createTarget(t), { id: invalid }, 400, 'hawkbit.server.error.distributionset.invalid');
    });

    it('a set type the target type does not accept: 400', async () => {
      const typeId = await appOnlyTargetType(t, 'app-only');
      const cid = await createTarget(t, { targetType: typeId });
      await refused(cid, { id: set }, 400, 'hawkbit.server.error.target.type.incompatible');
      expect((await getJson(t, `/rest/v1/targets/${cid}`))['updateStatus']).toBe('unknown');
    });

    it('an unknown action type, a malformed body or two assignments at once: 400', async () => {
      const cid = await createTarget(t);
      await refused(cid, { id: set, type: 'sometimes' }, 400, 'hawkbit.server.error.rest.body.notReadable');
      await refused(cid, { type: 'forced' }, 400);
      await refused(cid, [{ id: set }, { id: set }], 400);
    });

    it.each([
      ['a five-field cron', { schedule: '0 3 * * *', duration: '00:30:00', timezone: '+01:00' }],
      ['a bad duration', { schedule: '0 0 3 ? * *', duration: '30m', timezone: '+01:00' }],
      ['a duration past 23:59:59', { schedule: '0 0 3 ? * *', duration: '24:00:00', timezone: '+01:00' }],
      ['a bad offset', { schedule: '0 0 3 ? * *', duration: '00:30:00', timezone: 'Europe/Berlin' }],
      ['a year already past', { schedule: '0 0 3 * * ? 2020', duration: '00:30:00', timezone: '+00:00' }],
      ['a partial window', { schedule: '0 0 3 ? * *' }],
    ])('a maintenance window with %s: 400', async (_name, maintenanceWindow) => {
      await refused(await createTarget(t), { id: set, maintenanceWindow }, 400, 'hawkbit.server.error.maintenanceScheduleInvalid');
    });

    it('more actions than max_actions_per_target: 429', async () => {
      const cid = await createTarget(t);
      for (let i = 0; i < 3; i++) await assignOk(t, cid, { id: await createSet(t) });
      await refused(cid, { id: set }, 429, 'hawkbit.server.error.quota.tooManyEntries');
    });

    it('without credentials: 401', async () => {
      const response = await t.request(`/rest/v1/targets/x/assignedDS`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":1}' });
      expect(response.status).toBe(401);
    });
  });

  it('reads installedDS once the device reported success', async () => {
    const cid = await createTarget(t);
    await assignOk(t, cid, { id: set });
    await t.db('targets').where('controller_id', cid).update({ installed_distribution_set_id: set });
    expect((await getJson(t, `/rest/v1/targets/${cid}/installedDS`))['id']).toBe(set);
    expect((await t.request('/rest/v1/targets/nobody/installedDS', { headers: AUTH })).status).toBe(404);
    expect((await t.request('/rest/v1/targets/nobody/assignedDS', { headers: AUTH })).status).toBe(404);
  });
});

describe.each(DATABASE_KINDS)('assignments with the confirmation flow on %s', (kind) => {
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });

  it('waits for the device to confirm, unless the target auto-confirms', async () => {
    const set = await createSet(t);
    const waiting = await createTarget(t);
    const id = await assignOk(t, waiting, { id: set });
    expect(await actionOf(t, waiting, id)).toMatchObject({ detailStatus: 'wait_for_confirmation', status: 'pending' });
    const entries = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${waiting}/actions/${id}/status`);
    expect(entries.content[0]).toMatchObject({ type: 'wait_for_confirmation' });

    const confirming = await createTarget(t);
    expect((await t.request(`/rest/v1/targets/${confirming}/autoConfirm/activate`, send('POST'))).status).toBe(204);
    const released = await assignOk(t, confirming, { id: set });
    expect(await actionOf(t, confirming, released)).toMatchObject({ detailStatus: 'running' });
  });
});

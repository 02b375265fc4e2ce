import { beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../src/services.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assignOk, cancel, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, idOf, type Json } from './support/target-fixtures.js';
import { actionRows, attach, attachOk, createFilter } from './support/target-filter-fixtures.js';
import { appOnlyTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const GATEWAY = 'gateway-secret';
const ddi = (cid: string) => `http://ota.example.com/DEFAULT/controller/v1/${cid}`;

interface Poll {
  _links?: Record<string, { href: string }>;
}

describe.each(DATABASE_KINDS)('auto-assignment on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, {
    'ddi.gateway_token': GATEWAY,
    rollout_eval_interval_secs: 7,
    'quota.max_actions_per_target': 3,
    'quota.max_targets_per_auto_assignment': 4,
  });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const filterOn = async (query: string) => idOf(await createFilter(t, query));
  const inGroup = (group: string, fields: Record<string, unknown> = {}) => createTarget(t, { group, ...fields });
  const poll = async (cid: string, authorization = `GatewayToken ${GATEWAY}`) => {
    const response = await t.request(ddi(cid), { headers: { authorization } });
    expect(response.status).toBe(200);
    return (await response.json()) as Poll;
  };
  const sweepJob = () => {
    const job = scheduledJobs(t.services, t.config).find((candidate) => candidate.name === 'auto-assignment');
    if (!job) throw new Error('no auto-assignment job');
    return job;
  };
  const appOnlyType = (name: string) => appOnlyTargetType(t, name);

  describe('attaching a set', () => {
    it('assigns it at once to every matching target, in the name of the operator who attached it', async () => {
      const [a, b, outside] = [await inGroup('now'), await inGroup('now'), await inGroup('later')];
      const filterId = await filterOn('group==now');
      const filter = await attachOk(t, filterId, { id: set });
      expect(filter).toMatchObject({
        id: filterId,
        autoAssignDistributionSet: set,
        autoAssignActionType: 'forced',
        autoAssignWeight: null,
        confirmationRequired: null,
      });
      for (const cid of [a, b]) {
        const [action] = await actionRows(t, cid);
        expect(action).toMatchObject({ distribution_set_id: set, status: 'running', action_type: 'forced', created_by: 'admin' });
        expect(await actionOf(t, cid, idOf(action))).toMatchObject({ detailStatus: 'running', type: 'forced' });
        const entries = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${cid}/actions/${action?.id}/status`);
        expect(entries.content.map((entry) => entry['messages'])).toEqual([[`Auto assignment: ${filter['name']}`]]);
        expect(await getJson(t, `/rest/v1/targets/${cid}`)).toMatchObject({ updateStatus: 'pending', assignedDs: { id: set } });
      }
      expect(await actionRows(t, outside)).toEqual([]);
      expect((await getJson(t, `/rest/v1/targetfilters/${filterId}/autoAssignDS`))['id']).toBe(set);
    });

    it('uses the soft action type when asked, and ignores a weight', async () => {
      const cid = await inGroup('soft');
      const filter = await attachOk(t, await filterOn('group==soft'), { id: set, type: 'soft', weight: 600 });
      expect(filter).toMatchObject({ autoAssignActionType: 'soft', autoAssignWeight: null });
      expect((await actionRows(t, cid))[0]).toMatchObject({ action_type: 'soft' });
    });

    it.each([
      ['timeforced', { type: 'timeforced' }, 400, 'hawkbit.server.error.repo.invalidAutoAssignActionType'],
      ['downloadonly', { type: 'downloadonly' }, 400, 'hawkbit.server.error.repo.invalidAutoAssignActionType'],
      ['an unknown action type', { type: 'sometimes' }, 400, 'hawkbit.server.error.rest.body.notReadable'],
      ['an unknown set', { id: 99999 }, 404, 'hawkbit.server.error.repo.entityNotFound'],
    ])('refuses %s, attaching and assigning nothing', async (_case, body, status, errorCode) => {
      const cid = await inGroup('refused');
      const filterId = await filterOn('group==refused');
      const response = await attach(t, filterId, { id: set, ...body });
      await expectError(response, status, errorCode);
      expect((await getJson(t, `/rest/v1/targetfilters/${filterId}`))['autoAssignDistributionSet']).toBeNull();
      expect(await actionRows(t, cid)).toEqual([]);
    });

    it('refuses an incomplete or an invalidated set with 400', async () => {
      const filterId = await filterOn('group==refused');
      const incomplete = await attach(t, filterId, { id: await createSet(t, { complete: false }) });
      await expectError(incomplete, 400, 'hawkbit.server.error.distributionset.incomplete');
      const invalid = await createSet(t);
      await t.db('distribution_sets').where('id', invalid).update({ valid: false });
      const refused = await attach(t, filterId, { id: invalid });
      await expectError(refused, 400, 'hawkbit.server.error.distributionset.invalid');
      expect((await t.request('/rest/v1/targetfilters/99999/autoAssignDS', send('POST', { id: set }))).status).toBe(404);
    });

    it('answers 204 while no set is attached, and detaches with 204, keeping the actions made', async () => {
      const cid = await inGroup('detach');
      const filterId = await filterOn('group==detach');
      expect((await t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, { headers: AUTH })).status).toBe(204);
      await attachOk(t, filterId, { id: set });
      const detached = await t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, { method: 'DELETE', headers: AUTH });
      expect(detached.status).toBe(204);
      expect((await t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, { headers: AUTH })).status).toBe(204);
      expect(await getJson(t, `/rest/v1/targetfilters/${filterId}`)).toMatchObject({ autoAssignDistributionSet: null, autoAssignActionType: null });
      expect(await actionRows(t, cid)).toHaveLength(1);
    });

    it('detaches a set that is deleted', async () => {
      const unused = await createSet(t);
      const filterId = await filterOn('group==nobody-here');
      await attachOk(t, filterId, { id: unused });
      expect((await t.request(`/rest/v1/distributionsets/${unused}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
      expect((await getJson(t, `/rest/v1/targetfilters/${filterId}`))['autoAssignDistributionSet']).toBeNull();
    });
  });

  describe('skips', () => {
    it('targets with the set assigned, with any active action, of an incompatible type, or at the action quota', async () => {
      const other = await createSet(t);
      const assigned = await inGroup('skip');
      const assignedAction = await assignOk(t, assigned, { id: set });
      const busy = await inGroup('skip');
      const busyAction = await assignOk(t, busy, { id: other });
      const incompatible = await inGroup('skip', { targetType: await appOnlyType('skip-app-only') });
      const full = await inGroup('skip');
      for (let i = 0; i < 3; i++) await assignOk(t, full, { id: await createSet(t) });
      const [, , last] = await actionRows(t, full);
      expect((await cancel(t, full, idOf(last), true)).status).toBe(204);
      const free = await inGroup('skip');

      await attachOk(t, await filterOn('group==skip'), { id: set });
      expect((await actionRows(t, assigned)).map((action) => action.id)).toEqual([assignedAction]);
      expect(await actionRows(t, busy)).toEqual([expect.objectContaining({ id: busyAction, distribution_set_id: other, status: 'running' })]);
      expect(await actionRows(t, incompatible)).toEqual([]);
      expect(await actionRows(t, full)).toHaveLength(3);
      expect(await actionRows(t, free)).toEqual([expect.objectContaining({ distribution_set_id: set, status: 'running' })]);
    });
  });

  describe('max_targets_per_auto_assignment', () => {
    it('counts the matching targets that accept the set, on attach and on a new query', async () => {
      for (let i = 0; i < 4; i++) await inGroup('quota');
      await inGroup('quota', { targetType: await appOnlyType('quota-app-only') });
      const filterId = await filterOn('group==quota');
      await attachOk(t, filterId, { id: set });
      await inGroup('quota');
      const requeried = await t.request(`/rest/v1/targetfilters/${filterId}`, send('PUT', { query: 'group==quota;name==*' }));
      await expectError(requeried, 429, 'hawkbit.server.error.quota.tooManyEntries');
      expect((await getJson(t, `/rest/v1/targetfilters/${filterId}`))['query']).toBe('group==quota');

      const tooMany = await filterOn('group==quota');
      const refused = await attach(t, tooMany, { id: await createSet(t) });
      expect(refused.status).toBe(429);
      expect((await getJson(t, `/rest/v1/targetfilters/${tooMany}`))['autoAssignDistributionSet']).toBeNull();
    });
  });

  describe('DDI triggers', () => {
    it('gives a device registering itself through a matching filter its action in the same poll', async () => {
      await attachOk(t, await filterOn('controllerId==reg-*'), { id: set });
      const body = await poll('reg-1');
      const [action] = await actionRows(t, 'reg-1');
      expect(action).toMatchObject({ distribution_set_id: set, status: 'running' });
      expect(body._links?.['deploymentBase']?.href).toMatch(new RegExp(`^${ddi('reg-1')}/deploymentBase/${action?.id}\\?c=-?\\d+$`));
      expect(await getJson(t, '/rest/v1/targets/reg-1')).toMatchObject({ updateStatus: 'pending', createdBy: 'CONTROLLER_PLUG_AND_PLAY' });

      const outside = await poll('unmatched-1');
      expect(outside._links).not.toHaveProperty('deploymentBase');
      expect(await actionRows(t, 'unmatched-1')).toEqual([]);
    });

    it('assigns when a device uploads configData, once nothing keeps the target back', async () => {
      const token = 'cfg-device-token';
      const cid = await inGroup('cfg', { securityToken: token });
      const held = await assignOk(t, cid, { id: await createSet(t) });
      await attachOk(t, await filterOn('group==cfg'), { id: set });
      expect(await actionRows(t, cid)).toHaveLength(1);
      expect((await cancel(t, cid, held, true)).status).toBe(204);

      const upload = await t.request(`${ddi(cid)}/configData`, {
        method: 'PUT',
        headers: { authorization: `TargetToken ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { hwRevision: '2' } }),
      });
      expect(upload.status).toBe(200);
      const [, action] = await actionRows(t, cid);
      expect(action).toMatchObject({ distribution_set_id: set, status: 'running' });
      expect((await poll(cid, `TargetToken ${token}`))._links?.['deploymentBase']?.href).toContain(`/deploymentBase/${action?.id}?`);
    });
  });

  describe('the sweep', () => {
    it('is a job every rollout_eval_interval_secs that assigns targets that came to match, once', async () => {
      expect(sweepJob().intervalMs).toBe(7_000);
      await attachOk(t, await filterOn('group==sweep'), { id: set });
      await sweepJob().run(); // what earlier tests left to assign
      const late = [await inGroup('sweep'), await inGroup('sweep')];
      expect(await actionRows(t, late[0] as string)).toEqual([]);
      expect(await sweepJob().run()).toBe(2);
      for (const cid of late) expect((await actionRows(t, cid))[0]).toMatchObject({ distribution_set_id: set, created_by: 'admin' });
      expect(await sweepJob().run()).toBe(0);
    });

    it('never offers a set again to a target that had an action for it (cancelled or failed), as hawkBit', async () => {
      await attachOk(t, await filterOn('group==again'), { id: set });
      const cid = await inGroup('again');
      await sweepJob().run();
      const [first] = await actionRows(t, cid);
      expect((await cancel(t, cid, idOf(first), true)).status).toBe(204);
      await sweepJob().run();
      expect(await actionRows(t, cid)).toEqual([expect.objectContaining({ id: first?.id, status: 'canceled' })]);
    });

    it('goes on past an auto-assignment that fails, and reports the failure at the end', async () => {
      const now = t.clock();
      await t.db('auto_assignments').insert({
        name: 'broken',
        query: 'no-such-field==1',
        distribution_set_id: set,
        action_type: 'forced',
        confirmation_required: false,
        status: 'running',
        created_at: now,
        created_by: 'seed',
        last_modified_at: now,
        last_modified_by: 'seed',
      });
      await attachOk(t, await filterOn('group==after-broken'), { id: set });
      const cid = await inGroup('after-broken');
      await expect(sweepJob().run()).rejects.toThrow(/auto-assignment failed for 1 auto-assignment/);
      expect(await actionRows(t, cid)).toHaveLength(1);
      await t.db('auto_assignments').where('name', 'broken').delete();
    });
  });
});

describe.each(DATABASE_KINDS)('auto-assignment with the confirmation flow on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const attachTo = async (group: string, body: Record<string, unknown>) => attachOk(t, idOf(await createFilter(t, `group==${group}`)), { id: set, ...body });

  it('lets the devices confirm first by default, except targets that auto-confirm', async () => {
    const waiting = await createTarget(t, { group: 'confirm' });
    const confirming = await createTarget(t, { group: 'confirm' });
    expect((await t.request(`/rest/v1/targets/${confirming}/autoConfirm/activate`, send('POST'))).status).toBe(204);
    expect(await attachTo('confirm', {})).toMatchObject({ confirmationRequired: true });
    expect((await actionRows(t, waiting))[0]).toMatchObject({ status: 'wait_for_confirmation' });
    expect((await actionRows(t, confirming))[0]).toMatchObject({ status: 'running' });
  });

  it('starts the actions running when the filter does not require confirmation', async () => {
    const cid = await createTarget(t, { group: 'no-confirm' });
    expect(await attachTo('no-confirm', { confirmationRequired: false })).toMatchObject({ confirmationRequired: false });
    expect((await actionRows(t, cid))[0]).toMatchObject({ status: 'running' });
  });
});

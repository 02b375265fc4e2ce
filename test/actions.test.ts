import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, actionsOf, assignOk, cancel, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import type { Schemas } from './support/mgmt-client.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

describe.each(DATABASE_KINDS)('actions on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  /** a target with one action; `confirm` decides whether it waits for the device (auto-confirm off) */
  const deployed = async ({ waiting = false, type = 'forced' }: { waiting?: boolean; type?: Schemas['ActionType'] } = {}) => {
    const cid = await createTarget(t, { securityToken: `token-${Math.random().toString(16).slice(2)}` });
    if (!waiting) expect((await t.request(`/rest/v1/targets/${cid}/autoConfirm/activate`, send('POST'))).status).toBe(204);
    const id = await assignOk(t, cid, { id: set, type });
    return { cid, id };
  };
  const status = async (cid: string, id: number) => (await actionOf(t, cid, id))['detailStatus'];
  const entries = (cid: string, id: number, query = '') => getJson<JsonPage>(t, `/rest/v1/targets/${cid}/actions/${id}/status${query}`);

  describe('cancel', () => {
    it('asks the device: canceling, and the poll offers cancelAction', async () => {
      const { cid, id } = await deployed();
      expect((await cancel(t, cid, id)).status).toBe(204);
      expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'canceling', status: 'pending', active: true });
      const token = (await getJson(t, `/rest/v1/targets/${cid}`))['securityToken'] as string;
      const poll = await t.request(`/DEFAULT/controller/v1/${cid}`, { headers: { authorization: `TargetToken ${token}` } });
      expect(poll.status).toBe(200);
      const links = ((await poll.json()) as Json)._links;
      expect(links['cancelAction']?.href).toContain(`/cancelAction/${id}`);
      expect(links).not.toHaveProperty('deploymentBase');
      const last = (await entries(cid, id)).content.at(-1);
      expect(last).toMatchObject({ type: 'canceling', messages: ['Update Server: manual cancelation requested'] });
    });

    it('refuses a second plain cancel and a cancel of a closed action with 405', async () => {
      const { cid, id } = await deployed();
      expect((await cancel(t, cid, id)).status).toBe(204);
      const again = await cancel(t, cid, id);
      await expectError(again, 405, 'hawkbit.server.error.action.notCancelable');
      expect((await cancel(t, cid, id, true)).status).toBe(204);
      const closed = await cancel(t, cid, id);
      await expectError(closed, 405, 'hawkbit.server.error.action.notCancelable');
      const forced = await cancel(t, cid, id, true);
      await expectError(forced, 405, 'hawkbit.server.error.action.notForceQuitable');
      expect(await status(cid, id)).toBe('canceled');
    });

    it.each([
      ['running', { waiting: false }, false],
      ['canceling', { waiting: false }, true],
      ['wait_for_confirmation', { waiting: true }, false],
    ])('force-cancels at once from %s', async (_from, options, cancelFirst) => {
      const { cid, id } = await deployed(options);
      if (cancelFirst) expect((await cancel(t, cid, id)).status).toBe(204);
      expect((await cancel(t, cid, id, true)).status).toBe(204);
      expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'canceled', status: 'finished', active: false });
      const target = await getJson(t, `/rest/v1/targets/${cid}`);
      expect(target['updateStatus']).toBe('registered');
      expect((await t.request(`/rest/v1/targets/${cid}/assignedDS`, { headers: AUTH })).status).toBe(204);
    });

    it('answers unknown targets and actions, and actions of another target, with 404', async () => {
      const { cid, id } = await deployed();
      const other = await deployed();
      expect((await cancel(t, 'nobody', id)).status).toBe(404);
      expect((await cancel(t, cid, 99999)).status).toBe(404);
      expect((await cancel(t, cid, other.id)).status).toBe(404);
      expect((await t.request(`/rest/v1/targets/${cid}/actions/${other.id}`, { headers: AUTH })).status).toBe(404);
      expect(await status(other.cid, other.id)).toBe('running');
    });
  });

  describe('forceType', () => {
    const put = (cid: string, id: number, body: unknown) => t.request(`/rest/v1/targets/${cid}/actions/${id}`, send('PUT', body));

    it.each(['soft', 'timeforced'] as const)('escalates a %s action to forced, keeping its state', async (type) => {
      const { cid, id } = await deployed({ type });
      const response = await put(cid, id, { forceType: 'forced' });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id, type: 'forced', forceType: 'forced', detailStatus: 'running' });
    });

    it('refuses other values with 400 and a closed action with 410', async () => {
      const { cid, id } = await deployed({ type: 'soft' });
      expect((await put(cid, id, { forceType: 'soft' })).status).toBe(400);
      expect((await put(cid, id, {})).status).toBe(400);
      expect((await cancel(t, cid, id, true)).status).toBe(204);
      const gone = await put(cid, id, { forceType: 'forced' });
      await expectError(gone, 410, 'hawkbit.server.error.action.notActive');
      expect((await actionOf(t, cid, id))['type']).toBe('soft');
    });
  });

  describe('status entries', () => {
    it('lists oldest first by default, newest first with sort=id:DESC', async () => {
      const { cid, id } = await deployed({ waiting: true });
      expect((await cancel(t, cid, id)).status).toBe(204);
      expect((await cancel(t, cid, id, true)).status).toBe(204);
      const oldest = await entries(cid, id);
      expect(oldest.content.map((entry) => entry['type'])).toEqual(['wait_for_confirmation', 'canceling', 'canceled']);
      expect(oldest.total).toBe(3);
      expect(oldest.content[0]).toMatchObject({ reportedAt: t.clock(), timestamp: t.clock() });
      expect(oldest.content[0]).not.toHaveProperty('code');
      const newest = await entries(cid, id, '?sort=id:DESC');
      expect(newest.content.map((entry) => entry['type'])).toEqual(['canceled', 'canceling', 'wait_for_confirmation']);
      const paged = await entries(cid, id, '?offset=1&limit=1&sort=reportedAt:ASC');
      expect(paged).toMatchObject({ total: 3, size: 1 });
      expect((await t.request(`/rest/v1/targets/${cid}/actions/${id}/status?sort=colour:ASC`, { headers: AUTH })).status).toBe(400);
      expect((await t.request(`/rest/v1/targets/${cid}/actions/${id}/status?sort=id:UP`, { headers: AUTH })).status).toBe(400);
      expect((await t.request(`/rest/v1/targets/${cid}/actions/99999/status`, { headers: AUTH })).status).toBe(404);
    });
  });

  describe('lists', () => {
    it('lists the actions of a target newest first, filtered by detailStatus and status', async () => {
      const { cid, id: first } = await deployed();
      const second = await assignOk(t, cid, { id: await createSet(t) });
      expect((await actionsOf(t, cid)).content.map((action) => action['id'])).toEqual([second, first]);
      expect((await actionsOf(t, cid, { sort: 'id:ASC' })).content.map((action) => action['id'])).toEqual([first, second]);
      expect((await actionsOf(t, cid, { q: 'detailStatus==canceled' })).content.map((action) => action['id'])).toEqual([first]);
      expect((await actionsOf(t, cid, { q: 'status==finished' })).content.map((action) => action['id'])).toEqual([first]);
      expect((await actionsOf(t, cid, { q: 'status!=finished' })).content.map((action) => action['id'])).toEqual([second]);
      const page = await actionsOf(t, cid, { limit: 1, offset: 1 });
      expect(page).toMatchObject({ total: 2, size: 1 });
      expect(page.content[0]?.['id']).toBe(first);
      for (const query of ['?q=colour==red', '?q=detailStatus==sleeping', '?q=status==', '?sort=colour:ASC', '?sort=id:SIDEWAYS']) {
        expect((await t.request(`/rest/v1/targets/${cid}/actions${query}`, { headers: AUTH })).status, query).toBe(400);
      }
      expect((await t.request('/rest/v1/targets/nobody/actions', { headers: AUTH })).status).toBe(404);
    });

    it('lists all actions with GET /rest/v1/actions, oldest first, q=detailStatus==canceling', async () => {
      const { cid, id } = await deployed();
      expect((await cancel(t, cid, id)).status).toBe(204);
      const canceling = await getJson<JsonPage>(t, '/rest/v1/actions?q=detailStatus==canceling');
      expect(canceling.content.map((action) => action['id'])).toContain(id);
      expect(canceling.content.every((action) => action['detailStatus'] === 'canceling')).toBe(true);
      const all = await getJson<JsonPage>(t, '/rest/v1/actions');
      const ids = all.content.map((action) => idOf(action));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(all.size).toBeLessThanOrEqual(50);
      const capped = await getJson<JsonPage>(t, '/rest/v1/actions?limit=1000');
      expect(capped.size).toBe(Math.min(capped.total, 500));
      const action = canceling.content.find((entry) => entry['id'] === id) as Json;
      expect(action._links['self']?.href).toBe(`http://localhost/rest/v1/targets/${cid}/actions/${id}`);
      expect(action._links['distributionset']?.href).toBe(`http://localhost/rest/v1/distributionsets/${set}`);
      expect((await t.request('/rest/v1/actions?q=detailStatus=sleepy', { headers: AUTH })).status).toBe(400);
      expect((await t.request('/rest/v1/actions')).status).toBe(401);
    });
  });
});

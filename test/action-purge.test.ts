import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createDevice, type DdiDevice } from './support/ddi-client.js';
import { actionsOf, assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { createRollout, operateOk } from './support/rollout-fixtures.js';
import { AUTH, getJson, send, idOf, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

describe.each(DATABASE_KINDS)('action history purge and action responses on %s', (kind) => {
  let set: number;
  let otherSet: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    [set, otherSet] = [await createSet(t), await createSet(t)];
  });

  const exists = async (id: number) => (await t.db('actions').where('id', id).first('id')) !== undefined;
  const entryCount = async (id: number) => Number((await t.db('action_status').where('action_id', id).count({ n: '*' }))[0]?.['n']);
  const existing = async (ids: readonly number[]) => Promise.all(ids.map(exists));
  const purge = (path: string, body?: unknown) => t.request(path, send('DELETE', body));
  /** A device whose target holds, oldest first: a force-cancelled action, a finished one and a running one. */
  const history = async (): Promise<{ device: DdiDevice; canceled: number; finished: number; running: number }> => {
    const device = await createDevice(t);
    const cid = device.controllerId;
    const canceled = await assignOk(t, cid, { id: set });
    expect((await cancel(t, cid, canceled, true)).status).toBe(204);
    const finished = await assignOk(t, cid, { id: set });
    expect((await device.feedback(finished, 'closed', 'success')).status).toBe(200);
    const running = await assignOk(t, cid, { id: set });
    return { device, canceled, finished, running };
  };

  describe('GET /rest/v1/actions/{actionId}', () => {
    it("answers any target's action with hawkBit's full links, and 404 for an unknown one", async () => {
      const { device, canceled } = await history();
      const json = await getJson(t, `/rest/v1/actions/${canceled}`);
      expect(json).toEqual(await getJson(t, `/rest/v1/targets/${device.controllerId}/actions/${canceled}`));
      const self = `http://localhost/rest/v1/targets/${device.controllerId}/actions/${canceled}`;
      const target = await getJson(t, `/rest/v1/targets/${device.controllerId}`);
      const ds = await getJson(t, `/rest/v1/distributionsets/${set}`);
      expect(json).toMatchObject({ id: canceled, detailStatus: 'canceled', distributionSetId: set });
      expect(json).not.toHaveProperty('rollout');
      expect(json._links).toEqual({
        self: { href: self },
        canceledaction: { href: self },
        target: { href: `http://localhost/rest/v1/targets/${device.controllerId}`, name: target['name'] },
        distributionset: { href: `http://localhost/rest/v1/distributionsets/${set}`, name: `${String(ds['name'])}:${String(ds['version'])}` },
        status: { href: `${self}/status?offset=0&limit=50&sort=id%3ADESC` },
      });
      const unknown = await t.request('/rest/v1/actions/987654', { headers: AUTH });
      await expectError(unknown, 404, 'hawkbit.server.error.repo.entityNotFound');
      expect((await t.request('/rest/v1/actions/abc', { headers: AUTH })).status).toBe(400);
    });

    it('names the rollout of a rollout action in every action response: rollout, rolloutName and the rollout link', async () => {
      const device = await createDevice(t);
      const created = await createRollout(t, { set, filter: `controllerId==${device.controllerId}` });
      const rolloutId = idOf(created);
      await t.services.rolloutEvaluator.tick();
      await operateOk(t, rolloutId, 'start');
      const [action] = (await actionsOf(t, device.controllerId)).content;
      const rolloutLink = { href: `http://localhost/rest/v1/rollouts/${rolloutId}`, name: created['name'] };
      const expected: Record<string, unknown> = {
        rollout: rolloutId,
        rolloutName: created['name'],
        _links: expect.objectContaining({ rollout: rolloutLink }) as unknown,
      };
      expect(action).toMatchObject(expected);
      const id = idOf(action);
      expect(await getJson(t, `/rest/v1/actions/${id}`)).toMatchObject(expected);
      expect(await getJson(t, `/rest/v1/targets/${device.controllerId}/actions/${id}`)).toMatchObject(expected);
      const all = await getJson<JsonPage>(t, `/rest/v1/actions?limit=500`);
      expect(all.content.find((entry) => entry['id'] === id)).toMatchObject(expected);
    });
  });

  describe('DELETE /rest/v1/actions/{actionId}', () => {
    it('deletes a closed action with its status entries', async () => {
      const { device, canceled } = await history();
      expect(await entryCount(canceled)).toBeGreaterThan(0);
      expect((await purge(`/rest/v1/actions/${canceled}`)).status).toBe(204);
      expect([await exists(canceled), await entryCount(canceled)]).toEqual([false, 0]);
      expect((await t.request(`/rest/v1/targets/${device.controllerId}/actions/${canceled}`, { headers: AUTH })).status).toBe(404);
    });

    it('refuses an active action and the one behind installedBase with 405, and an unknown one with 404', async () => {
      const { device, finished, running } = await history();
      await expectError(await purge(`/rest/v1/actions/${running}`), 405, 'hawkbit.server.error.action.notDeletable');
      await expectError(await purge(`/rest/v1/actions/${finished}`), 405, 'hawkbit.server.error.action.notDeletable');
      expect(await existing([finished, running])).toEqual([true, true]);
      expect(await device.link('installedBase')).toBe(`/installedBase/${finished}`);
      await expectError(await purge('/rest/v1/actions/987654'), 404, 'hawkbit.server.error.repo.entityNotFound');
    });
  });

  describe('DELETE /rest/v1/actions', () => {
    it('deletes the closed actions the body names and ignores ids that name none', async () => {
      const first = await history();
      const second = await history();
      expect((await purge('/rest/v1/actions', [first.canceled, second.canceled, 987654])).status).toBe(204);
      expect(await existing([first.canceled, second.canceled, first.finished, second.running])).toEqual([false, false, true, true]);
    });

    it('refuses the whole request when the body names an active or installedBase action', async () => {
      const { canceled, finished, running } = await history();
      const refusal = await purge('/rest/v1/actions', [canceled, running]);
      await expectError(refusal, 405, 'hawkbit.server.error.action.notDeletable');
      await expectError(await purge('/rest/v1/actions', [canceled, finished]), 405, 'hawkbit.server.error.action.notDeletable');
      expect(await existing([canceled, finished, running])).toEqual([true, true, true]);
    });

    it('deletes what q matches, keeping the installedBase action, and refuses a q matching active actions', async () => {
      const { device, canceled, finished, running } = await history();
      const older = await history();
      // the newest finished action of each installed set stays; the other matches go
      expect((await purge('/rest/v1/actions?q=detailStatus=in=(canceled,finished)')).status).toBe(204);
      expect(await existing([canceled, older.canceled, finished, older.finished, running])).toEqual([false, false, true, true, true]);
      expect(await device.link('installedBase')).toBe(`/installedBase/${finished}`);
      await expectError(await purge('/rest/v1/actions?q=detailStatus==running'), 405, 'hawkbit.server.error.action.notDeletable');
      expect(await exists(running)).toBe(true);
    });

    it.each([
      ['neither ids nor q', '/rest/v1/actions', undefined, 'hawkbit.server.error.rest.body.notReadable'],
      ['an empty list', '/rest/v1/actions', [], 'hawkbit.server.error.rest.body.notReadable'],
      ['both ids and q', '/rest/v1/actions?q=detailStatus==canceled', [1], 'hawkbit.server.error.rest.body.notReadable'],
      ['a malformed q', '/rest/v1/actions?q=detailStatus==(', undefined, 'hawkbit.server.error.rest.param.rsqlParamSyntax'],
      ['an unknown field', '/rest/v1/actions?q=color==red', undefined, 'hawkbit.server.error.rest.param.rsqlInvalidField'],
      ['ids that are not numbers', '/rest/v1/actions', ['x'], 'hawkbit.server.error.rest.body.notReadable'],
    ])('answers %s with 400 and deletes nothing', async (_case, path, body, errorCode) => {
      const { canceled } = await history();
      await expectError(await purge(path, body), 400, errorCode);
      expect(await exists(canceled)).toBe(true);
    });
  });

  describe('DELETE /rest/v1/targets/{targetId}/actions', () => {
    it('keepLast keeps the newest actions of any status and deletes the older closed ones', async () => {
      const { device, canceled, finished, running } = await history();
      const failed = await assignOk(t, device.controllerId, { id: otherSet });
      expect((await device.feedback(failed, 'closed', 'failure')).status).toBe(200);
      // newest first: failed, running (superseded at the new assignment: canceled), finished, canceled
      expect((await purge(`/rest/v1/targets/${device.controllerId}/actions?keepLast=1`)).status).toBe(204);
      expect(await existing([failed, running, finished, canceled])).toEqual([true, false, true, false]);
      expect((await purge(`/rest/v1/targets/${device.controllerId}/actions?keepLast=0`)).status).toBe(204);
      expect(await existing([failed, finished])).toEqual([false, true]);
    });

    it('keepLast skips an active action', async () => {
      const device = await createDevice(t);
      const running = await assignOk(t, device.controllerId, { id: set });
      expect((await purge(`/rest/v1/targets/${device.controllerId}/actions?keepLast=0`)).status).toBe(204);
      expect(await exists(running)).toBe(true);
    });

    it("deletes the target's closed actions named in the body, ignoring other targets' ids", async () => {
      const mine = await history();
      const other = await history();
      const path = `/rest/v1/targets/${mine.device.controllerId}/actions`;
      expect((await purge(path, [mine.canceled, other.canceled])).status).toBe(204);
      expect(await existing([mine.canceled, other.canceled])).toEqual([false, true]);
      await expectError(await purge(path, [mine.running]), 405, 'hawkbit.server.error.action.notDeletable');
      expect(await exists(mine.running)).toBe(true);
    });

    it.each([
      ['neither keepLast nor ids', '', undefined],
      ['a negative keepLast alone', '?keepLast=-1', undefined],
      ['both keepLast and ids', '?keepLast=1', [1]],
      ['a keepLast that is no number', '?keepLast=few', undefined],
    ])('answers %s with 400', async (_case, query, body) => {
      const { device, canceled } = await history();
      await expectError(await purge(`/rest/v1/targets/${device.controllerId}/actions${query}`, body), 400, 'hawkbit.server.error.rest.body.notReadable');
      expect(await exists(canceled)).toBe(true);
    });

    it('answers an unknown target with 404', async () => {
      await expectError(await purge('/rest/v1/targets/nobody/actions?keepLast=1'), 404, 'hawkbit.server.error.repo.entityNotFound');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import type { DdiDevice } from './support/ddi-client.js';
import { createSet } from './support/deployment-fixtures.js';
import { createRollout, deploymentOf, fleet, groups, operate, operateOk, refused, report, rollout } from './support/rollout-fixtures.js';
import { AUTH, errorOf, getJson, send, type JsonPage } from './support/target-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe.each(DATABASE_KINDS)("hawkBit's other rollout operations (update, triggerNextGroup, retry) on %s", (kind) => {
  let t: TestApp;
  let set: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    set = await createSet(t);
  });
  afterAll(() => t.close());

  /** A rollout over a fresh fleet, started and evaluated. */
  const started = async (size: number, options: { groups?: number; successThreshold?: number } = {}) => {
    const { filter, devices } = await fleet(t, size);
    const id = (await createRollout(t, { set, filter, ...options }))['id'] as number;
    await operateOk(t, id, 'start');
    return { id, devices };
  };
  const expectError = async (response: Response, status: number, errorCode: string) => {
    expect(response.status, await response.clone().text()).toBe(status);
    expect((await errorOf(response)).errorCode).toBe(errorCode);
  };

  describe('PUT /rest/v1/rollouts/{id}', () => {
    it('renames a rollout and changes its description in any status, and nothing else', async () => {
      const { id } = await started(1);
      const before = await rollout(t, id);
      const response = await t.request(`/rest/v1/rollouts/${id}`, send('PUT', { name: `renamed-${id}`, description: 'second thoughts', amountGroups: 9 }));
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ id, name: `renamed-${id}`, description: 'second thoughts', status: 'running', totalGroups: before['totalGroups'] });
      const kept = await t.request(`/rest/v1/rollouts/${id}`, send('PUT', { description: null }));
      expect(await kept.json()).toMatchObject({ name: `renamed-${id}`, description: 'second thoughts', lastModifiedBy: 'admin' });
    });

    it('refuses a name another rollout has with 409, an empty name with 400, an unknown rollout with 404', async () => {
      const { filter } = await fleet(t, 1);
      const first = await createRollout(t, { set, filter });
      const second = await createRollout(t, { set, filter });
      await expectError(await t.request(`/rest/v1/rollouts/${String(second['id'])}`, send('PUT', { name: first['name'] })), 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      await expectError(await t.request(`/rest/v1/rollouts/${String(second['id'])}`, send('PUT', { name: '' })), 400, 'hawkbit.server.error.rest.body.notReadable');
      await expectError(await t.request('/rest/v1/rollouts/987654', send('PUT', { name: 'x' })), 404, 'hawkbit.server.error.repo.entityNotFound');
      expect((await rollout(t, second['id'] as number))['name']).toBe(second['name']);
    });
  });

  describe('POST /rest/v1/rollouts/{id}/triggerNextGroup', () => {
    it('starts the next scheduled group at once, beside the running one', async () => {
      // 100 %: the first group cannot finish while its device has not reported
      const { id, devices } = await started(2, { groups: 2, successThreshold: 100 });
      expect((await groups(t, id)).map((group) => group['status'])).toEqual(['running', 'scheduled']);
      expect(await deploymentOf(devices[1] as DdiDevice)).toBeUndefined();
      await operateOk(t, id, 'triggerNextGroup');
      expect((await groups(t, id)).map((group) => group['status'])).toEqual(['running', 'running']);
      expect(await deploymentOf(devices[1] as DdiDevice)).toBeDefined();
      expect((await rollout(t, id))['status']).toBe('running');
      await refused(t, id, 'triggerNextGroup');
    });

    it('refuses a rollout that is not running with 400', async () => {
      const { filter } = await fleet(t, 2);
      const id = (await createRollout(t, { set, filter, groups: 2 }))['id'] as number;
      await refused(t, id, 'triggerNextGroup');
      await operateOk(t, id, 'start');
      await operateOk(t, id, 'pause');
      await refused(t, id, 'triggerNextGroup');
      expect((await groups(t, id)).map((group) => group['status'])).toEqual(['running', 'scheduled']);
      expect((await operate(t, 987654, 'triggerNextGroup')).status).toBe(404);
    });
  });

  describe('POST /rest/v1/rollouts/{id}/retry', () => {
    it('rolls the set out again to the targets the finished rollout failed on', async () => {
      const { id, devices } = await started(2, { successThreshold: 50 });
      const [failing, succeeding] = devices as [DdiDevice, DdiDevice];
      await report(failing, 'failure');
      await report(succeeding, 'success');
      await t.services.rolloutEvaluator.tick();
      const original = await rollout(t, id);
      expect(original['status']).toBe('finished');
      const response = await t.request(`/rest/v1/rollouts/${id}/retry`, send('POST'));
      expect(response.status, await response.clone().text()).toBe(201);
      const retried = (await response.json()) as Record<string, unknown>;
      expect(retried).toMatchObject({
        name: `${String(original['name'])}_retry`,
        targetFilterQuery: `failedrollout==${id}`,
        distributionSetId: set,
        type: original['type'],
        totalTargets: 1,
        amountGroups: 1,
        status: 'ready',
      });
      const [group] = await groups(t, retried['id'] as number);
      const members = await getJson<JsonPage>(t, `/rest/v1/rollouts/${String(retried['id'])}/deploygroups/${String(group?.['id'])}/targets`);
      expect(members.content.map((target) => target['controllerId'])).toEqual([failing.controllerId]);
      const listed = await getJson<JsonPage>(t, `/rest/v1/targets?q=failedrollout==${id}`);
      expect(listed.content.map((target) => target['controllerId'])).toEqual([failing.controllerId]);
      await expectError(await t.request(`/rest/v1/rollouts/${id}/retry`, send('POST')), 409, 'hawkbit.server.error.repo.entityAlreadyExists');
    });

    it('refuses an unfinished rollout, and a finished one that failed nowhere, with 400', async () => {
      const running = await started(1);
      await expectError(await t.request(`/rest/v1/rollouts/${running.id}/retry`, send('POST')), 400, 'hawkbit.server.error.repo.constraintViolation');
      const clean = await started(1);
      await report(clean.devices[0] as DdiDevice, 'success');
      await t.services.rolloutEvaluator.tick();
      expect((await rollout(t, clean.id))['status']).toBe('finished');
      await expectError(await t.request(`/rest/v1/rollouts/${clean.id}/retry`, send('POST')), 400, 'hawkbit.server.error.repo.constraintViolation');
      const retryName = `${String((await rollout(t, clean.id))['name'])}_retry`;
      expect((await getJson<JsonPage>(t, `/rest/v1/rollouts?q=name==${encodeURIComponent(retryName)}`)).total).toBe(0);
      await expectError(await t.request('/rest/v1/rollouts/987654/retry', send('POST')), 404, 'hawkbit.server.error.repo.entityNotFound');
    });

    it('answers failedrollout with another operator than == with 400', async () => {
      const response = await t.request('/rest/v1/targets?q=failedrollout=in=(1,2)', { headers: AUTH });
      await expectError(response, 400, 'hawkbit.server.error.rest.param.rsqlParamSyntax');
    });
  });
});

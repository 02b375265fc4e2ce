import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import {
  counts,
  createRollout,
  deploymentOf,
  evaluate,
  fleet,
  groups,
  operate,
  operateOk,
  refused,
  report,
  rollout,
  rolloutBody,
  postRollout,
} from './support/rollout-fixtures.js';
import { AUTH, getJson, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { postFilter } from './support/target-filter-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const violation = 'hawkbit.server.error.repo.constraintViolation';

describe.each(DATABASE_KINDS)('operator-driven rollouts on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    set = await createSet(t);
  });

  const statuses = async (id: number) => (await groups(t, id)).map((group) => group['status']);

  describe('triggerNextGroup', () => {
    it('starts the next scheduled group now, its threshold and soak time notwithstanding; the running one keeps running', async () => {
      const { filter, devices } = await fleet(t, 6);
      const created = await createRollout(t, { set, filter, groups: 3, successThreshold: 100, soakTime: '48:00:00' });
      const id = idOf(created);
      expect(created._links['triggerNextGroup']?.href).toBe(`http://localhost/rest/v1/rollouts/${id}/triggerNextGroup`);
      await operateOk(t, id, 'start');
      await operateOk(t, id, 'triggerNextGroup');
      expect(await statuses(id)).toEqual(['running', 'running', 'scheduled']);
      expect(await deploymentOf(devices[2]!)).toBeDefined();
      expect(await deploymentOf(devices[4]!)).toBeUndefined();
      expect(counts(await rollout(t, id))).toEqual({ running: 4, scheduled: 2 });
      expect(await rollout(t, id)).toMatchObject({ status: 'running', lastModifiedBy: 'admin' });
      // both groups are judged as before: met, but soaking for two days
      for (const device of devices.slice(0, 4)) await report(device, 'success');
      await evaluate(t);
      expect(await statuses(id)).toEqual(['running', 'running', 'scheduled']);
      await operateOk(t, id, 'triggerNextGroup');
      expect(await statuses(id)).toEqual(['running', 'running', 'running']);
      await refused(t, id, 'triggerNextGroup');
      t.clock.advance(48 * 3_600_000);
      for (const device of devices.slice(4)) await report(device, 'success');
      await evaluate(t);
      expect(await rollout(t, id)).toMatchObject({ status: 'finished' });
    });

    it('overrides a soak time holding the next group back', async () => {
      const { filter, devices } = await fleet(t, 2);
      const id = (await createRollout(t, { set, filter, custom: [{ name: 'first', targetPercentage: 50, soakTime: '10:00:00' }, { name: 'second' }] }))['id'];
      await operateOk(t, id, 'start');
      await report(devices[0]!, 'success');
      await evaluate(t);
      expect(await statuses(id)).toEqual(['running', 'scheduled']);
      await operateOk(t, id, 'triggerNextGroup');
      expect(await statuses(id)).toEqual(['running', 'running']);
      expect(await deploymentOf(devices[1]!)).toBeDefined();
    });

    it('is refused unless running with a scheduled group left: 400 illegalState; an unknown rollout: 404', async () => {
      const { filter } = await fleet(t, 2);
      const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 100 }));
      await refused(t, id, 'triggerNextGroup');
      await operateOk(t, id, 'start');
      await operateOk(t, id, 'pause');
      await refused(t, id, 'triggerNextGroup');
      expect(await statuses(id)).toEqual(['running', 'scheduled']);
      await operateOk(t, id, 'resume');
      await operateOk(t, id, 'stop');
      await refused(t, id, 'triggerNextGroup');
      const single = idOf(await createRollout(t, { set, filter: (await fleet(t, 1)).filter, successThreshold: 100 }));
      await operateOk(t, single, 'start');
      const response = await operate(t, single, 'triggerNextGroup');
      expect((await expectError(response, 400, 'hawkbit.server.error.rollout.illegalState')).message).toBe(
        `Rollout {${single}} has no scheduled group left to start.`,
      );
      expect((await operate(t, 99999, 'triggerNextGroup')).status).toBe(404);
    });
  });

  describe('retry', () => {
    /** A finished rollout over `size` devices in which the devices at `failing` failed. */
    async function finishedWithFailures(size: number, failing: readonly number[], options: Record<string, unknown> = {}) {
      const { filter, devices } = await fleet(t, size);
      const created = await createRollout(t, { set, filter, successThreshold: 0, type: 'timeforced', forcetime: 1_900_000_000_000, ...options });
      const id = idOf(created);
      await operateOk(t, id, 'start');
      expect((await rollout(t, id))['status']).toBe('finished');
      for (const [index, device] of devices.entries()) await report(device, failing.includes(index) ? 'failure' : 'success');
      return { id, created, devices };
    }

    it('creates <name>_retry over the failed targets only, as hawkBit builds it', async () => {
      const { id, created, devices } = await finishedWithFailures(4, [1, 3], { startAt: t.clock() + 60_000 });
      const before = await rollout(t, id);
      const response = await operate(t, id, 'retry');
      expect(response.status, await response.clone().text()).toBe(201);
      const retry = (await response.json()) as Json;
      expect(retry).toMatchObject({
        name: `${created['name']}_retry`,
        targetFilterQuery: `failedrollout==${id}`,
        distributionSetId: set,
        status: 'ready',
        type: 'timeforced',
        forcetime: 1_900_000_000_000,
        totalTargets: 2,
        amountGroups: 1,
        successCondition: { expression: '50' },
        createdBy: 'admin',
      });
      for (const key of ['startAt', 'soakTime', 'errorCondition']) expect(retry).not.toHaveProperty(key);
      const [group] = await groups(t, idOf(retry));
      expect(group).toMatchObject({ name: 'group-1', totalTargets: 2 });
      const members = await getJson<JsonPage>(t, `/rest/v1/rollouts/${idOf(retry)}/deploygroups/${idOf(group)}/targets`);
      expect(members.content.map((target) => target['controllerId'])).toEqual([devices[1]!.controllerId, devices[3]!.controllerId]);
      // the original stays finished, untouched
      expect(await rollout(t, id)).toEqual(before);
      await evaluate(t);
      expect((await rollout(t, idOf(retry)))['status']).toBe('ready');
      await operateOk(t, idOf(retry), 'start');
      expect(await deploymentOf(devices[1]!)).toBeDefined();
      expect(await deploymentOf(devices[0]!)).toBeUndefined();
    });

    it('is refused unless finished, without failed targets, and a second time (409); 404 for an unknown rollout', async () => {
      const { filter } = await fleet(t, 1);
      const ready = idOf(await createRollout(t, { set, filter }));
      await refused(t, ready, 'retry', violation);
      await operateOk(t, ready, 'stop');
      await refused(t, ready, 'retry', violation);
      const clean = await finishedWithFailures(2, []);
      const response = await operate(t, clean.id, 'retry');
      expect((await expectError(response, 400, violation)).message).toBe(`Rollout {${clean.id}} has no failed targets to retry.`);
      const failed = await finishedWithFailures(1, [0]);
      expect((await operate(t, failed.id, 'retry')).status).toBe(201);
      const again = await operate(t, failed.id, 'retry');
      await expectError(again, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      expect((await operate(t, 99999, 'retry')).status).toBe(404);
      expect((await getJson<JsonPage>(t, `/rest/v1/rollouts?q=name==${clean.created['name']}_retry`)).total).toBe(0);
    });

    it('failedrollout is no target field: a rollout, a target filter or a target list naming it is 400', async () => {
      const body = rolloutBody({ set, filter: 'failedrollout==1' });
      const created = await postRollout(t, body);
      await expectError(created, 400, 'hawkbit.server.error.rest.param.rsqlInvalidField');
      expect((await t.request('/rest/v1/targets?q=failedrollout==1', { headers: AUTH })).status).toBe(400);
      expect((await postFilter(t, { name: `failed-${kind}`, query: 'failedrollout==1' })).status).toBe(400);
    });
  });
});

describe.each(DATABASE_KINDS)('retry with the gates on, on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { rollout_approval_enabled: true, 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('the retry waits for approval, and its actions do not wait for confirmation', async () => {
    const { filter, devices } = await fleet(t, 1);
    const id = idOf(await createRollout(t, { set, filter, successThreshold: 0 }));
    await operateOk(t, id, 'approve');
    await operateOk(t, id, 'start');
    const confirm = (await devices[0]!.link('confirmationBase')) as string;
    expect((await devices[0]!.post(`${confirm.split('?')[0] as string}/feedback`, { confirmation: 'confirmed' })).status).toBe(200);
    await report(devices[0]!, 'failure');
    const response = await operate(t, id, 'retry');
    expect(response.status).toBe(201);
    const retry = idOf(await response.json());
    expect((await rollout(t, retry))['status']).toBe('waiting_for_approval');
    expect((await groups(t, retry))[0]).toMatchObject({ confirmationRequired: false });
    await operateOk(t, retry, 'approve');
    await operateOk(t, retry, 'start');
    expect(await devices[0]!.link('deploymentBase')).toBeDefined();
  });
});

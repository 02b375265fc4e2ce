import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet, createTarget } from './support/deployment-fixtures.js';
import {
  counts,
  createRollout,
  deploymentOf,
  fleet,
  groups,
  operate,
  operateOk,
  refused,
  rollout,
  rolloutBody,
  postRollout,
} from './support/rollout-fixtures.js';
import { AUTH, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { appOnlyTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

describe.each(DATABASE_KINDS)('rollouts on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'quota.max_rollout_groups_per_rollout': 6, 'quota.max_targets_per_rollout_group': 8 });
  beforeAll(async () => {
    set = await createSet(t);
  });

  describe('creation', () => {
    it('splits the matching targets evenly into group-1..n, ready, nothing started', async () => {
      const { filter } = await fleet(t, 10);
      const created = await createRollout(t, { set, filter, groups: 3 });
      expect(created).toMatchObject({
        targetFilterQuery: filter,
        distributionSetId: set,
        status: 'ready',
        type: 'forced',
        totalTargets: 10,
        amountGroups: 3,
        totalGroups: 3,
        dynamic: false,
        deleted: false,
        successCondition: { condition: 'THRESHOLD', expression: '50' },
        createdBy: 'admin',
      });
      expect(created).not.toHaveProperty('errorCondition');
      expect(counts(created)).toEqual({ notstarted: 10 });
      const id = idOf(created);
      expect(created._links['start']?.href).toBe(`http://localhost/rest/v1/rollouts/${id}/start`);
      const list = await groups(t, id);
      expect(list.map((group) => [group['name'], group['status'], group['totalTargets'], group['dynamic']])).toEqual([
        ['group-1', 'ready', 4, false],
        ['group-2', 'ready', 3, false],
        ['group-3', 'ready', 3, false],
      ]);
      expect(await rollout(t, id)).toMatchObject({ status: 'ready', totalTargets: 10 });
      expect(await t.db('actions').where('rollout_id', id)).toHaveLength(0);
    });

    it('keeps type, forcetime and the conditions; a condition without expression is 100 %', async () => {
      const { filter } = await fleet(t, 2);
      const created = await createRollout(t, { set, filter, type: 'timeforced', forcetime: 1_900_000_000_000, errorThreshold: 20 });
      expect(created).toMatchObject({ type: 'timeforced', forcetime: 1_900_000_000_000, errorCondition: { expression: '20' } });
      const body = { ...rolloutBody({ set, filter }), successCondition: { condition: 'THRESHOLD' } };
      const response = await postRollout(t, body);
      expect(((await response.json()) as Json)['successCondition']).toEqual({ condition: 'THRESHOLD', expression: '100' });
    });

    it('leaves out targets whose type does not accept the set', async () => {
      const typeId = await appOnlyTargetType(t, 'app-only-create');
      const { filter } = await fleet(t, 2);
      await createTarget(t, { group: filter.slice('group=='.length), targetType: typeId });
      expect((await createRollout(t, { set, filter }))['totalTargets']).toBe(2);
    });

    describe('refuses, creating nothing', () => {
      const refusedCreate = async (body: Record<string, unknown>, status: number, errorCode?: string) => {
        const before = (await t.db('rollouts').count({ n: '*' }).first()) as { n: number | string };
        const response = await postRollout(t, body);
        if (errorCode === undefined) expect(response.status, await response.clone().text()).toBe(status);
        else await expectError(response, status, errorCode);
        expect((await t.db('rollouts').count({ n: '*' }).first()) as { n: number | string }).toEqual(before);
      };
      let filter: string;
      beforeAll(async () => {
        filter = (await fleet(t, 3)).filter;
      });

      it('amountGroups 0, an unknown type, a threshold outside 0–100: 400', async () => {
        await refusedCreate({ ...rolloutBody({ set, filter }), amountGroups: 0 }, 400);
        await refusedCreate({ ...rolloutBody({ set, filter }), type: 'sometimes' }, 400, 'hawkbit.server.error.rest.body.notReadable');
        await refusedCreate(rolloutBody({ set, filter, successThreshold: 101 }), 400);
        await refusedCreate({ ...rolloutBody({ set, filter }), amountGroups: undefined }, 400);
      });

      it('dynamicGroupTemplate without dynamic: 400', async () => {
        await refusedCreate(rolloutBody({ set, filter, template: { targetCount: 2 } }), 400, 'hawkbit.server.error.repo.constraintViolation');
        await refusedCreate(rolloutBody({ set, filter, dynamic: false, template: { targetCount: 2 } }), 400);
      });

      it('an incomplete or invalidated set: 400; an unknown one: 404', async () => {
        await refusedCreate(rolloutBody({ set: await createSet(t, { complete: false }), filter }), 400, 'hawkbit.server.error.distributionset.incomplete');
        const invalid = await createSet(t);
        await t.db('distribution_sets').where('id', invalid).update({ valid: false });
        await refusedCreate(rolloutBody({ set: invalid, filter }), 400, 'hawkbit.server.error.distributionset.invalid');
        await refusedCreate(rolloutBody({ set: 99999, filter }), 404, 'hawkbit.server.error.repo.entityNotFound');
      });

      it('a malformed filter or an unknown field: 400', async () => {
        await refusedCreate(rolloutBody({ set, filter: 'group==' }), 400, 'hawkbit.server.error.rest.param.rsqlParamSyntax');
        await refusedCreate(rolloutBody({ set, filter: 'colour==red' }), 400, 'hawkbit.server.error.rest.param.rsqlInvalidField');
      });

      it('a static rollout matching no target: 400', async () => {
        await refusedCreate(rolloutBody({ set, filter: 'group==nobody-here' }), 400, 'hawkbit.server.error.repo.constraintViolation');
      });

      it('a name taken: 409', async () => {
        const body = rolloutBody({ set, filter });
        expect((await postRollout(t, body)).status).toBe(201);
        await refusedCreate(body, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      });

      it('more groups than max_rollout_groups_per_rollout, more targets per group than max_targets_per_rollout_group: 429', async () => {
        await refusedCreate(rolloutBody({ set, filter, groups: 7 }), 429, 'hawkbit.server.error.quota.tooManyEntries');
        await refusedCreate(rolloutBody({ set, filter, groups: 6, dynamic: true }), 429, 'hawkbit.server.error.quota.tooManyEntries');
        const big = await fleet(t, 9);
        await refusedCreate(rolloutBody({ set, filter: big.filter }), 429, 'hawkbit.server.error.quota.tooManyEntries');
        await refusedCreate(rolloutBody({ set, filter, dynamic: true, template: { targetCount: 9 } }), 429);
      });
    });
  });

  describe('operations', () => {
    it('start: the first group deploys with the rollout type and forcetime, the others wait without actions', async () => {
      const { filter, devices } = await fleet(t, 4);
      const id = idOf(await createRollout(t, { set, filter, groups: 2, type: 'timeforced', forcetime: 1_900_000_000_000 }));
      await operateOk(t, id, 'start');
      const started = await rollout(t, id);
      expect(started['status']).toBe('running');
      expect(counts(started)).toEqual({ running: 2, scheduled: 2 });
      expect((await groups(t, id)).map((group) => [group['status'], counts(group)])).toEqual([
        ['running', { running: 2 }],
        ['scheduled', { scheduled: 2 }],
      ]);
      const actions = await t.db('actions').where('rollout_id', id);
      expect(actions).toHaveLength(2);
      expect(actions.map((action: Json) => [action['action_type'], Number(action['force_time'])])).toEqual([
        ['timeforced', 1_900_000_000_000],
        ['timeforced', 1_900_000_000_000],
      ]);
      expect(await deploymentOf(devices[0]!)).toBeDefined();
      expect(await deploymentOf(devices[3]!)).toBeUndefined();
      const target = await getJson(t, `/rest/v1/targets/${devices[0]!.controllerId}`);
      expect(target['updateStatus']).toBe('pending');
      await refused(t, id, 'start');
    });

    it("start supersedes a target's active action", async () => {
      const { filter, devices } = await fleet(t, 1);
      const other = await createSet(t);
      const assigned = await t.request(`/rest/v1/targets/${devices[0]!.controllerId}/assignedDS`, send('POST', { id: other }));
      const manual = ((await assigned.json()) as { assignedActions: { id: number }[] }).assignedActions[0]!.id;
      const id = idOf(await createRollout(t, { set, filter }));
      await operateOk(t, id, 'start');
      const action = await getJson(t, `/rest/v1/targets/${devices[0]!.controllerId}/actions/${manual}`);
      expect(action['detailStatus']).toBe('canceled');
      const target = await t.db('targets').where('controller_id', devices[0]!.controllerId).first<{ id: number }>('id');
      expect(await t.db('actions').where({ target_id: target.id, active: true })).toHaveLength(1);
    });

    it('pause and resume follow the table; an operation in another state is 400 illegalState', async () => {
      const { filter } = await fleet(t, 2);
      const id = idOf(await createRollout(t, { set, filter }));
      await refused(t, id, 'pause');
      await refused(t, id, 'resume');
      await refused(t, id, 'approve');
      await operateOk(t, id, 'start');
      await refused(t, id, 'resume');
      await operateOk(t, id, 'pause');
      expect((await rollout(t, id))['status']).toBe('paused');
      await refused(t, id, 'pause');
      await refused(t, id, 'start');
      await operateOk(t, id, 'resume');
      expect((await rollout(t, id))['status']).toBe('running');
    });

    it('DELETE removes the rollout and asks its active actions to cancel', async () => {
      const { filter, devices } = await fleet(t, 2);
      const id = idOf(await createRollout(t, { set, filter }));
      await operateOk(t, id, 'start');
      const actions = (await t.db('actions').where('rollout_id', id).pluck('id')) as number[];
      expect((await t.request(`/rest/v1/rollouts/${id}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
      expect((await t.request(`/rest/v1/rollouts/${id}`, { headers: AUTH })).status).toBe(404);
      expect((await t.db('actions').whereIn('id', actions).pluck('status')).sort()).toEqual(['canceling', 'canceling']);
      expect(await devices[0]!.link('cancelAction')).toBeDefined();
      expect(await t.db('rollout_groups').where('rollout_id', id)).toHaveLength(0);
    });

    it('unknown rollouts and groups: 404', async () => {
      for (const path of ['/rest/v1/rollouts/99999', '/rest/v1/rollouts/99999/deploygroups', '/rest/v1/rollouts/0']) {
        expect((await t.request(path, { headers: AUTH })).status, path).toBe(404);
      }
      expect((await operate(t, 99999, 'start')).status).toBe(404);
      const { filter } = await fleet(t, 1);
      const id = idOf(await createRollout(t, { set, filter }));
      expect((await t.request(`/rest/v1/rollouts/${id}/deploygroups/99999`, { headers: AUTH })).status).toBe(404);
      expect((await t.request(`/rest/v1/rollouts/${id}/deploygroups/99999/targets`, { headers: AUTH })).status).toBe(404);
    });
  });

  describe('reads', () => {
    it('lists rollouts with FIQL and sort, groups and their targets', async () => {
      const { filter, devices } = await fleet(t, 3);
      const created = await createRollout(t, { set, filter, groups: 2 });
      const id = idOf(created);
      const page = await getJson<JsonPage>(t, `/rest/v1/rollouts?q=name==${created['name']}`);
      expect(page.total).toBe(1);
      expect(page.content[0]).toMatchObject({ id, totalTargets: 3 });
      const sorted = await getJson<JsonPage>(t, '/rest/v1/rollouts?sort=id:DESC&limit=1');
      expect(sorted.content[0]?.['id']).toBe(id);
      expect((await t.request('/rest/v1/rollouts?q=colour==x', { headers: AUTH })).status).toBe(400);
      const [first] = await groups(t, id);
      const group = await getJson(t, `/rest/v1/rollouts/${id}/deploygroups/${idOf(first)}`);
      expect(group).toMatchObject({ name: 'group-1', totalTargets: 2, targetCount: 2, successCondition: { expression: '50' } });
      const members = await getJson<JsonPage>(t, `/rest/v1/rollouts/${id}/deploygroups/${idOf(first)}/targets`);
      expect(members.content.map((target) => target['controllerId'])).toEqual(devices.slice(0, 2).map((device) => device.controllerId));
    });
  });
});

describe.each(DATABASE_KINDS)('rollout approval on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { rollout_approval_enabled: true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('waits for approval; start is refused until approved; approve records who and the remark', async () => {
    const { filter } = await fleet(t, 2);
    const id = idOf(await createRollout(t, { set, filter }));
    expect((await rollout(t, id))['status']).toBe('waiting_for_approval');
    await refused(t, id, 'start');
    await operateOk(t, id, 'approve?remark=looks%20good');
    expect(await rollout(t, id)).toMatchObject({ status: 'ready', approveDecidedBy: 'admin', approvalRemark: 'looks good' });
    await refused(t, id, 'approve');
    await operateOk(t, id, 'start');
    expect((await rollout(t, id))['status']).toBe('running');
  });

  it('deny is terminal: only stop and delete remain', async () => {
    const { filter } = await fleet(t, 1);
    const id = idOf(await createRollout(t, { set, filter }));
    await operateOk(t, id, 'deny');
    expect(await rollout(t, id)).toMatchObject({ status: 'approval_denied', approveDecidedBy: 'admin' });
    expect(await rollout(t, id)).not.toHaveProperty('approvalRemark');
    for (const operation of ['approve', 'deny', 'start', 'pause', 'resume']) await refused(t, id, operation);
    await operateOk(t, id, 'stop');
    expect((await rollout(t, id))['status']).toBe('stopped');
    expect((await groups(t, id)).map((group) => group['status'])).toEqual(['stopped']);
    expect((await t.request(`/rest/v1/rollouts/${id}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
  });

  it('a waiting rollout stops at once', async () => {
    const { filter } = await fleet(t, 1);
    const id = idOf(await createRollout(t, { set, filter }));
    await operateOk(t, id, 'stop');
    expect((await rollout(t, id))['status']).toBe('stopped');
    await refused(t, id, 'stop');
  });
});

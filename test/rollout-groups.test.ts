import { beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../src/db/database.js';
import { expectError } from './support/expect-error.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import {
  counts,
  createRollout,
  deploymentOf,
  evaluate,
  fleet,
  groups,
  operateOk,
  report,
  rollout,
  rolloutBody,
  postRollout,
} from './support/rollout-fixtures.js';
import { createTargets, getJson, idOf, type JsonPage } from './support/target-fixtures.js';
import type { Schemas } from './support/mgmt-client.js';
import { useTestApp } from './support/use-test-app.js';

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('custom deploy groups on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'quota.max_rollout_groups_per_rollout': 5, 'quota.max_targets_per_rollout_group': 200 });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const tick = () => evaluate(t);
  const statuses = async (id: number) => (await groups(t, id)).map((group) => group['status']);

  /** `size` targets in one fresh group attribute, without devices (sizes beyond what DDI clients need). */
  async function bulkFleet(size: number): Promise<string> {
    const group = `bulk-${kind}-${size}-${Date.now()}`;
    await createTargets(
      t,
      Array.from({ length: size }, (_, i) => ({ controllerId: `${group}-${String(i).padStart(4, '0')}`, group })),
    );
    return `group==${group}`;
  }

  it('takes 1 %, then 10 % of the rest, then the rest, by id, each group with its own conditions', async () => {
    const filter = await bulkFleet(200);
    const custom: Schemas['GroupRequest'][] = [
      {
        name: 'canary',
        description: 'first devices',
        targetPercentage: 1,
        successCondition: { condition: 'THRESHOLD', expression: '100' },
        soakTime: '24:00:00',
      },
      { name: 'early', targetPercentage: 10, errorCondition: { condition: 'THRESHOLD', expression: '5' }, errorAction: { action: 'PAUSE', expression: '' } },
      { name: 'rest', targetPercentage: 100, successAction: { action: 'PAUSE', expression: '' } },
    ];
    const created = await createRollout(t, { set, filter, custom, successThreshold: 80, soakTime: '00:30:00' });
    expect(created).toMatchObject({ totalTargets: 200, amountGroups: 3, totalGroups: 3, successCondition: { expression: '80' }, soakTime: '00:30:00' });
    const list = await groups(t, idOf(created));
    expect(list.map((group) => [group['name'], group['totalTargets'], group['targetCount'], group['targetPercentage']])).toEqual([
      ['canary', 2, 2, 1],
      ['early', 20, 20, 10],
      ['rest', 178, 178, 100],
    ]);
    expect(list[0]).toMatchObject({
      description: 'first devices',
      successCondition: { condition: 'THRESHOLD', expression: '100' },
      successAction: { action: 'NEXTGROUP', expression: '' },
      soakTime: '24:00:00',
    });
    expect(list[0]).not.toHaveProperty('errorCondition');
    expect(list[0]).not.toHaveProperty('confirmationRequired');
    expect(list[1]).toMatchObject({
      successCondition: { expression: '80' },
      errorCondition: { expression: '5' },
      errorAction: { action: 'PAUSE' },
      soakTime: '00:30:00',
    });
    expect(list[2]).toMatchObject({ successAction: { action: 'PAUSE', expression: '' } });
    const canary = await getJson<JsonPage>(t, `/rest/v1/rollouts/${idOf(created)}/deploygroups/${idOf(list[0])}/targets`);
    expect(canary.content.map((target) => target['controllerId'])).toEqual([`${filter.slice(7)}-0000`, `${filter.slice(7)}-0001`]);
  });

  it("pages a group's targets with the group's kept size as the total; a filter counts its own (decision 278)", async () => {
    const filter = await bulkFleet(30);
    const created = await createRollout(t, { set, filter, groups: 2 });
    const [first] = await groups(t, idOf(created));
    const path = `/rest/v1/rollouts/${idOf(created)}/deploygroups/${idOf(first)}/targets`;
    const page = (query: string) => getJson<JsonPage>(t, `${path}?${query}`);
    const whole = await page('limit=100');
    expect(whole).toMatchObject({ total: 15, size: 15 });
    const ids = whole.content.map((target) => target['controllerId']);
    const deep = await page('limit=4&offset=12&sort=controllerId:ASC');
    expect(deep).toMatchObject({ total: 15, size: 3 });
    expect(deep.content.map((target) => target['controllerId'])).toEqual([...ids].sort().slice(12));
    // the total is the kept one: a count skewed by hand shows in it, not in a filtered list, which counts its rows
    const groupId = idOf(first);
    const skew = (n: number) =>
      dialectOf(t.db) === 'postgres'
        ? t.db('rollout_group_counts').insert({ rollout_group_id: groupId, status: 'targets', n })
        : t.db('rollout_group_counts').where({ rollout_group_id: groupId, status: 'targets' }).increment('n', n);
    await skew(4);
    expect((await page('limit=1')).total).toBe(19);
    expect(await page(`limit=100&q=controllerId==${ids[0] as string}`)).toMatchObject({ total: 1, size: 1 });
    await skew(-4);
    expect((await page('limit=1')).total).toBe(15);
  });

  it('a target lands in the first group whose filter matches it; a group matching nothing stays empty', async () => {
    const { filter, devices } = await fleet(t, 4);
    const [first, second] = devices;
    const custom: Schemas['GroupRequest'][] = [
      { name: 'named', targetFilterQuery: `controllerId==${first!.controllerId},controllerId==${second!.controllerId}` },
      { name: 'again', targetFilterQuery: `controllerId==${first!.controllerId}` },
      { name: 'nobody', targetFilterQuery: 'controllerId==nobody-at-all' },
      { name: 'everyone', targetPercentage: 100 },
    ];
    const id = idOf(await createRollout(t, { set, filter, custom }));
    const list = await groups(t, id);
    expect(list.map((group) => [group['name'], group['totalTargets'], group['targetFilterQuery']])).toEqual([
      ['named', 2, custom[0]!.targetFilterQuery],
      ['again', 0, custom[1]!.targetFilterQuery],
      ['nobody', 0, 'controllerId==nobody-at-all'],
      ['everyone', 2, undefined],
    ]);
    // empty groups succeed at once: the start runs through them to the last
    await operateOk(t, id, 'start');
    expect(await statuses(id)).toEqual(['running', 'scheduled', 'scheduled', 'scheduled']);
    for (const device of devices.slice(0, 2)) await report(device, 'success');
    await tick();
    expect(await statuses(id)).toEqual(['finished', 'finished', 'finished', 'running']);
  });

  describe('refuses, creating nothing', () => {
    let filter: string;
    beforeAll(async () => {
      filter = (await fleet(t, 3)).filter;
    });
    const refusedCreate = async (body: Record<string, unknown>, status: number, errorCode: string, message?: RegExp) => {
      const before = (await t.db('rollouts').count({ n: '*' }).first()) as { n: number | string };
      const response = await postRollout(t, body);
      const error = await expectError(response, status, errorCode);
      if (message !== undefined) expect(error.message).toMatch(message);
      expect((await t.db('rollouts').count({ n: '*' }).first()) as { n: number | string }).toEqual(before);
    };
    const violation = 'hawkbit.server.error.repo.constraintViolation';

    it('groups leaving targets out: 400', async () => {
      await refusedCreate(
        rolloutBody({ set, filter, custom: [{ name: 'a', targetPercentage: 50 }] }),
        400,
        violation,
        /leave 1 of the rollout's 3 targets out/,
      );
      await refusedCreate(rolloutBody({ set, filter, custom: [{ name: 'a', targetFilterQuery: 'controllerId==none' }] }), 400, violation);
    });

    it('amountGroups and groups both or neither, groups with dynamic, an empty list: 400', async () => {
      await refusedCreate({ ...rolloutBody({ set, filter }), groups: [{ name: 'a' }] }, 400, violation, /Exactly one of amountGroups and groups/);
      await refusedCreate({ ...rolloutBody({ set, filter }), amountGroups: undefined }, 400, violation, /Exactly one/);
      await refusedCreate(rolloutBody({ set, filter, custom: [{ name: 'a' }], dynamic: true }), 400, violation, /dynamic/);
      await refusedCreate(rolloutBody({ set, filter, custom: [] }), 400, 'hawkbit.server.error.rest.body.notReadable');
    });

    it('a percentage outside 1–100, a bad group filter, a bad threshold or soak time: 400', async () => {
      for (const targetPercentage of [0, 0.5, 100.5, -3]) {
        await refusedCreate(rolloutBody({ set, filter, custom: [{ name: 'a', targetPercentage }] }), 400, violation, /targetPercentage/);
      }
      await refusedCreate(
        rolloutBody({ set, filter, custom: [{ name: 'a', targetFilterQuery: 'colour==red' }] }),
        400,
        'hawkbit.server.error.rest.param.rsqlInvalidField',
      );
      await refusedCreate(
        rolloutBody({ set, filter, custom: [{ name: 'a', successCondition: { condition: 'THRESHOLD', expression: '120' } }] }),
        400,
        violation,
      );
      await refusedCreate(rolloutBody({ set, filter, custom: [{ name: 'a', soakTime: '1:00' }] }), 400, 'hawkbit.server.error.rest.body.notReadable');
      await refusedCreate(rolloutBody({ set, filter, soakTime: '00:61:00' }), 400, 'hawkbit.server.error.rest.body.notReadable');
      await refusedCreate(
        { ...rolloutBody({ set, filter, custom: [{ name: 'a' }] }), groups: [{ name: 'a', successAction: { action: 'LATER' } }] },
        400,
        'hawkbit.server.error.rest.body.notReadable',
      );
      await refusedCreate(
        { ...rolloutBody({ set, filter, custom: [{ name: 'a' }] }), groups: [{ description: 'no name' }] },
        400,
        'hawkbit.server.error.rest.body.notReadable',
      );
    });

    it('two groups of one name: 409; more groups than the quota, or a group past max_targets_per_rollout_group: 429', async () => {
      await refusedCreate(
        rolloutBody({ set, filter, custom: [{ name: 'twin', targetPercentage: 50 }, { name: 'twin' }] }),
        409,
        'hawkbit.server.error.repo.entityAlreadyExists',
      );
      const six = Array.from({ length: 6 }, (_, i) => ({ name: `g${i}` }));
      await refusedCreate(rolloutBody({ set, filter, custom: six }), 429, 'hawkbit.server.error.quota.tooManyEntries');
      const big = await bulkFleet(201);
      await refusedCreate(rolloutBody({ set, filter: big, custom: [{ name: 'all' }] }), 429, 'hawkbit.server.error.quota.tooManyEntries');
    });
  });

  describe('the evaluator', () => {
    it('judges each group by its own thresholds; a PAUSE success action pauses the rollout after its group', async () => {
      const { filter, devices } = await fleet(t, 6);
      const custom: Schemas['GroupRequest'][] = [
        {
          name: 'strict',
          targetPercentage: 34,
          successCondition: { condition: 'THRESHOLD', expression: '100' },
          successAction: { action: 'PAUSE', expression: '' },
        },
        { name: 'lenient', targetPercentage: 33, successCondition: { condition: 'THRESHOLD', expression: '0' } },
        { name: 'last', targetPercentage: 100, errorCondition: { condition: 'THRESHOLD', expression: '0' } },
      ];
      const id = idOf(await createRollout(t, { set, filter, custom }));
      expect((await groups(t, id)).map((group) => group['totalTargets'])).toEqual([2, 2, 2]);
      await operateOk(t, id, 'start');
      await report(devices[0]!, 'success');
      await tick();
      expect(await statuses(id)).toEqual(['running', 'scheduled', 'scheduled']);
      await report(devices[1]!, 'success');
      await tick();
      expect(await rollout(t, id)).toMatchObject({ status: 'paused' });
      expect(await statuses(id)).toEqual(['finished', 'scheduled', 'scheduled']);
      // resuming starts the lenient group, which succeeds at once, and so the last one
      await operateOk(t, id, 'resume');
      expect(await statuses(id)).toEqual(['finished', 'finished', 'running']);
      await report(devices[4]!, 'failure');
      await tick();
      expect(await rollout(t, id)).toMatchObject({ status: 'paused' });
      expect(await statuses(id)).toEqual(['finished', 'finished', 'error']);
    });

    it('a soak time holds the next group back although the threshold is met, until it has passed', async () => {
      const { filter, devices } = await fleet(t, 4);
      const custom: Schemas['GroupRequest'][] = [{ name: 'canary', targetPercentage: 50, soakTime: '02:00:00' }, { name: 'rest' }];
      const id = idOf(await createRollout(t, { set, filter, custom, successThreshold: 50 }));
      await operateOk(t, id, 'start');
      await report(devices[0]!, 'success');
      await report(devices[1]!, 'success');
      t.clock.advance(HOUR);
      await tick();
      expect(await statuses(id)).toEqual(['running', 'scheduled']);
      expect(counts(await rollout(t, id))).toEqual({ finished: 2, scheduled: 2 });
      expect(await deploymentOf(devices[2]!)).toBeUndefined();
      t.clock.advance(HOUR - 1);
      await tick();
      expect(await statuses(id)).toEqual(['running', 'scheduled']);
      t.clock.advance(1);
      await tick();
      expect(await statuses(id)).toEqual(['finished', 'running']);
      expect(await deploymentOf(devices[2]!)).toBeDefined();
    });

    it('errors during the soak time still pause the rollout', async () => {
      const { filter, devices } = await fleet(t, 4);
      const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 50, errorThreshold: 0, soakTime: '01:00:00' }));
      expect((await groups(t, id)).map((group) => group['soakTime'])).toEqual(['01:00:00', '01:00:00']);
      await operateOk(t, id, 'start');
      await report(devices[0]!, 'success');
      await tick();
      expect(await statuses(id)).toEqual(['running', 'scheduled']);
      await report(devices[1]!, 'failure');
      await tick();
      expect(await rollout(t, id)).toMatchObject({ status: 'paused' });
      expect(await statuses(id)).toEqual(['error', 'scheduled']);
    });
  });
});

describe.each(DATABASE_KINDS)('custom groups with the confirmation flow on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('a group without confirmation deploys at once; the default (and the rollout-level value) waits for it', async () => {
    const { filter, devices } = await fleet(t, 3);
    const custom: Schemas['GroupRequest'][] = [
      { name: 'trusted', targetPercentage: 34, confirmationRequired: false, successCondition: { condition: 'THRESHOLD', expression: '0' } },
      { name: 'others', targetPercentage: 100 },
    ];
    const id = idOf(await createRollout(t, { set, filter, custom }));
    expect((await groups(t, id)).map((group) => group['confirmationRequired'])).toEqual([false, true]);
    await operateOk(t, id, 'start');
    expect(await devices[0]!.link('deploymentBase')).toBeDefined();
    expect(await devices[1]!.link('confirmationBase')).toBeDefined();
    const body = { ...rolloutBody({ set, filter: (await fleet(t, 1)).filter }), confirmationRequired: false };
    const response = await postRollout(t, body);
    expect(response.status).toBe(201);
    expect((await groups(t, ((await response.json()) as { id: number }).id))[0]).toMatchObject({ confirmationRequired: false });
  });
});

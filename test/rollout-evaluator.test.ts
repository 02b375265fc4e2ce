import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice } from './support/ddi-client.js';
import { DATABASE_KINDS } from './support/databases.js';
import { cancel, createSet } from './support/deployment-fixtures.js';
import { counts, createRollout, deploymentOf, evaluate, fleet, groups, operateOk, refused, report, rollout } from './support/rollout-fixtures.js';
import { createTargets, idOf } from './support/target-fixtures.js';
import { stopRolloutsOfSet } from '../src/rollouts/rollout-stop.js';
import { appOnlyTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

describe.each(DATABASE_KINDS)('rollout evaluator on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'quota.max_rollout_groups_per_rollout': 4 });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const tick = () => evaluate(t);
  const statuses = async (id: number) => (await groups(t, id)).map((group) => group['status']);

  it('success threshold at its boundary finishes the group and starts the next; the last finishes the rollout', async () => {
    const { filter, devices } = await fleet(t, 8);
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 50 }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'success');
    await tick();
    expect(await statuses(id)).toEqual(['running', 'scheduled']);
    expect(counts(await rollout(t, id))).toEqual({ finished: 1, running: 3, scheduled: 4 });
    await report(devices[1]!, 'success');
    await tick();
    expect(await statuses(id)).toEqual(['finished', 'running']);
    expect(counts(await rollout(t, id))).toEqual({ finished: 2, running: 6 });
    expect(await deploymentOf(devices[4]!)).toBeDefined();
    for (const device of devices.slice(4, 6)) await report(device, 'success');
    await tick();
    expect(await rollout(t, id)).toMatchObject({ status: 'finished' });
    expect(await statuses(id)).toEqual(['finished', 'finished']);
    // actions still in flight go on after the rollout finished
    expect(counts(await rollout(t, id))).toEqual({ finished: 4, running: 4 });
    await refused(t, id, 'stop');
  });

  it('error threshold strictly above its boundary pauses the group and the rollout; resume moves on', async () => {
    const { filter, devices } = await fleet(t, 8);
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 100, errorThreshold: 25 }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'failure');
    await tick();
    expect((await rollout(t, id))['status']).toBe('running');
    await report(devices[1]!, 'failure');
    await tick();
    expect((await rollout(t, id))['status']).toBe('paused');
    expect(await statuses(id)).toEqual(['error', 'scheduled']);
    expect(counts(await rollout(t, id))).toEqual({ error: 2, running: 2, scheduled: 4 });
    await tick();
    expect((await rollout(t, id))['status']).toBe('paused');
    await operateOk(t, id, 'resume');
    expect((await rollout(t, id))['status']).toBe('running');
    expect(await statuses(id)).toEqual(['error', 'running']);
  });

  it('a paused rollout is left alone; resume evaluates at once', async () => {
    const { filter, devices } = await fleet(t, 2);
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 100 }));
    await operateOk(t, id, 'start');
    await operateOk(t, id, 'pause');
    await report(devices[0]!, 'success');
    await tick();
    expect(await statuses(id)).toEqual(['running', 'scheduled']);
    await operateOk(t, id, 'resume');
    expect(await statuses(id)).toEqual(['finished', 'running']);
  });

  it('counts every action state per group and per rollout', async () => {
    const { filter, devices } = await fleet(t, 5);
    const id = idOf(await createRollout(t, { set, filter, groups: 1, successThreshold: 100 }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'success');
    await report(devices[1]!, 'failure');
    const action = (await deploymentOf(devices[2]!)) as number;
    expect((await cancel(t, devices[2]!.controllerId, action, true)).status).toBe(204);
    const canceling = (await deploymentOf(devices[3]!)) as number;
    expect((await cancel(t, devices[3]!.controllerId, canceling)).status).toBe(204);
    const expected = { finished: 1, error: 1, cancelled: 1, running: 2 };
    expect(counts(await rollout(t, id))).toEqual(expected);
    const [group] = await groups(t, id);
    expect(counts(group!)).toEqual(expected);
    expect(group!['totalTargets']).toBe(5);
  });

  it('stop: active actions cancel, unfinished groups stop; an offline device keeps it stopping until it acknowledges', async () => {
    const { filter, devices } = await fleet(t, 4);
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 50 }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'success');
    await tick();
    expect(await statuses(id)).toEqual(['finished', 'running']);
    await operateOk(t, id, 'stop');
    expect((await rollout(t, id))['status']).toBe('stopping');
    expect(await statuses(id)).toEqual(['finished', 'stopped']);
    await refused(t, id, 'stop');
    await refused(t, id, 'resume');
    const acknowledge = async (device: (typeof devices)[number]) => {
      const link = (await device.link('cancelAction')) as string;
      expect((await device.cancelFeedback(Number(/cancelAction\/(\d+)/.exec(link)?.[1]), 'closed', 'success')).status).toBe(200);
    };
    const [, first, second, offline] = devices;
    await acknowledge(first!);
    await acknowledge(second!);
    await tick();
    expect((await rollout(t, id))['status']).toBe('stopping');
    await acknowledge(offline!);
    await tick();
    expect((await rollout(t, id))['status']).toBe('stopped');
    expect(counts(await rollout(t, id))).toEqual({ finished: 1, cancelled: 3 });
    await refused(t, id, 'stop');
  });

  it("stop settles when the operator force-cancels the offline device's action", async () => {
    const { filter, devices } = await fleet(t, 1);
    const id = idOf(await createRollout(t, { set, filter }));
    await operateOk(t, id, 'start');
    const action = (await deploymentOf(devices[0]!)) as number;
    await operateOk(t, id, 'stop');
    await tick();
    expect((await rollout(t, id))['status']).toBe('stopping');
    expect((await cancel(t, devices[0]!.controllerId, action, true)).status).toBe(204);
    await tick();
    expect((await rollout(t, id))['status']).toBe('stopped');
  });

  it('stops with nothing in flight at once, from ready and from paused', async () => {
    const { filter } = await fleet(t, 1);
    const ready = idOf(await createRollout(t, { set, filter }));
    await operateOk(t, ready, 'stop');
    expect((await rollout(t, ready))['status']).toBe('stopped');
    const { filter: other, devices } = await fleet(t, 1);
    const paused = idOf(await createRollout(t, { set, filter: other, successThreshold: 100 }));
    await operateOk(t, paused, 'start');
    await operateOk(t, paused, 'pause');
    await report(devices[0]!, 'success');
    await operateOk(t, paused, 'stop');
    expect((await rollout(t, paused))['status']).toBe('stopped');
  });

  describe('dynamic', () => {
    it('absorbs newcomers into the trailing group: waiting while static groups run, deployed at once after', async () => {
      const { filter, devices } = await fleet(t, 2);
      const group = filter.slice('group=='.length);
      const created = await createRollout(t, {
        set,
        filter,
        groups: 1,
        successThreshold: 100,
        dynamic: true,
        template: { nameSuffix: '-dyn', targetCount: 2 },
      });
      const id = idOf(created);
      expect(created).toMatchObject({ dynamic: true, totalGroups: 2, amountGroups: 1, dynamicGroupTemplate: { nameSuffix: '-dyn', targetCount: 2 } });
      expect((await groups(t, id)).map((g) => [g['name'], g['status'], g['dynamic'], g['totalTargets']])).toEqual([
        ['group-1', 'ready', false, 2],
        ['group-2-dyn', 'ready', true, 0],
      ]);
      const early = await createDevice(t, { group });
      await operateOk(t, id, 'start');
      await tick();
      const [, trailing] = await groups(t, id);
      expect(trailing).toMatchObject({ status: 'scheduled', totalTargets: 1 });
      expect(counts(trailing!)).toEqual({ scheduled: 1 });
      expect(await deploymentOf(early)).toBeUndefined();

      for (const device of devices) await report(device, 'success');
      await tick();
      expect(await statuses(id)).toEqual(['finished', 'running']);
      expect(await deploymentOf(early)).toBeDefined();
      const late = await createDevice(t, { group });
      await tick();
      expect(await deploymentOf(late)).toBeDefined();
      const third = await createDevice(t, { group });
      await tick();
      expect((await groups(t, id)).map((g) => [g['name'], g['status'], g['totalTargets']])).toEqual([
        ['group-1', 'finished', 2],
        ['group-2-dyn', 'running', 2],
        ['group-3-dyn', 'scheduled', 1],
      ]);
      expect(await deploymentOf(third)).toBeUndefined();
      await report(early, 'success');
      await report(late, 'success');
      await tick();
      expect(await statuses(id)).toEqual(['finished', 'finished', 'running']);
      expect(await deploymentOf(third)).toBeDefined();
      // a dynamic rollout never finishes on its own
      await report(third, 'success');
      await tick();
      expect((await rollout(t, id))['status']).toBe('running');
      expect(counts(await rollout(t, id))).toEqual({ finished: 5 });
    });

    it("the default targetCount is the last static group's size; new groups stop at max_rollout_groups_per_rollout", async () => {
      const { filter } = await fleet(t, 3);
      const group = filter.slice('group=='.length);
      const id = idOf(await createRollout(t, { set, filter, groups: 2, dynamic: true }));
      expect((await groups(t, id)).map((g) => g['targetCount'])).toEqual([2, 1, 1]);
      await operateOk(t, id, 'start');
      for (let i = 0; i < 3; i++) await createDevice(t, { group });
      await tick();
      const names = (await groups(t, id)).map((g) => [g['name'], g['totalTargets']]);
      expect(names).toEqual([
        ['group-1', 2],
        ['group-2', 1],
        ['group-3', 1],
        ['group-4', 1],
      ]);
      expect(await t.db('rollouts').where('id', id).first('absorption_ended_at')).not.toEqual({ absorption_ended_at: null });
      await tick();
      expect(await groups(t, id)).toHaveLength(4);
    });

    it('skips targets whose type does not accept the set, and absorbs nothing once the set is invalidated', async () => {
      const { filter, devices } = await fleet(t, 1);
      const group = filter.slice('group=='.length);
      const own = await createSet(t);
      const id = idOf(await createRollout(t, { set: own, filter, dynamic: true, template: { targetCount: 5 }, successThreshold: 100 }));
      await operateOk(t, id, 'start');
      await report(devices[0]!, 'success');
      const typeId = await appOnlyTargetType(t, `app-only-${kind}`);
      const incompatible = await createDevice(t, { group, targetType: typeId });
      await tick();
      expect(await deploymentOf(incompatible)).toBeUndefined();
      expect((await groups(t, id))[1]).toMatchObject({ status: 'running', totalTargets: 0 });
      await t.db('distribution_sets').where('id', own).update({ valid: false });
      const late = await createDevice(t, { group });
      await tick();
      expect(await deploymentOf(late)).toBeUndefined();
      expect((await groups(t, id))[1]).toMatchObject({ totalTargets: 0 });
    });
  });

  it('creates and starts groups of more targets than one INSERT takes', async () => {
    const targets = Array.from({ length: 1100 }, (_, i) => ({ controllerId: `bulk-${kind}-${i}`, group: `bulk-${kind}` }));
    await createTargets(t, targets);
    const id = idOf(await createRollout(t, { set, filter: `group==bulk-${kind}`, groups: 1 }));
    await operateOk(t, id, 'start');
    expect(counts(await rollout(t, id))).toEqual({ running: 1100 });
  });

  it("stopRolloutsOfSet stops the set's rollouts on the caller's transaction, cancelling as told", async () => {
    const own = await createSet(t);
    const { filter, devices } = await fleet(t, 2);
    const running = idOf(await createRollout(t, { set: own, filter }));
    await operateOk(t, running, 'start');
    const { filter: other } = await fleet(t, 1);
    const ready = idOf(await createRollout(t, { set: own, filter: other }));
    const silent = pino({ level: 'silent' });
    await t.db.transaction((trx) => stopRolloutsOfSet(trx, own, { actionCancelationType: 'force', now: t.clock(), actor: 'admin', logger: silent }));
    expect((await rollout(t, running))['status']).toBe('stopped');
    expect((await rollout(t, ready))['status']).toBe('stopped');
    expect(await deploymentOf(devices[0]!)).toBeUndefined();

    const soft = await createSet(t);
    const { filter: third, devices: softDevices } = await fleet(t, 1);
    const stopping = idOf(await createRollout(t, { set: soft, filter: third }));
    await operateOk(t, stopping, 'start');
    await t.db.transaction((trx) => stopRolloutsOfSet(trx, soft, { now: t.clock(), actor: 'admin', logger: silent }));
    expect((await rollout(t, stopping))['status']).toBe('stopping');
    expect(await softDevices[0]!.link('cancelAction')).toBeDefined();
    await t.db.transaction((trx) => stopRolloutsOfSet(trx, soft, { now: t.clock(), actor: 'admin', logger: silent }));
    expect((await rollout(t, stopping))['status']).toBe('stopping');
  });
});

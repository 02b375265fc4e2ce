import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { cancel, createSet } from './support/deployment-fixtures.js';
import { createDevice } from './support/ddi-client.js';
import { counts, createRollout, deploymentOf, evaluate, fleet, groups, operate, operateOk, refused, report, rollout } from './support/rollout-fixtures.js';
import { idOf, type Json } from './support/target-fixtures.js';
import type { Schemas } from './support/mgmt-client.js';
import { useTestApp } from './support/use-test-app.js';

const violation = 'hawkbit.server.error.repo.constraintViolation';
const statuses = async (t: ReturnType<typeof useTestApp>, id: number) => (await groups(t, id)).map((group) => group['status']);

/**
 * Decision 200: a running group whose actions have all closed below its success threshold, its error
 * threshold not tripped, finishes as hawkBit's executor finishes it (isRolloutGroupComplete): its success
 * action fires, the next group starts, and the last one finishes the rollout, which can then be retried.
 */
describe.each(DATABASE_KINDS)('a group whose actions all closed below its threshold on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('finishes, the next group starts, the last one finishes the rollout, and retry takes the failed targets', async () => {
    const { filter, devices } = await fleet(t, 4);
    const [first, second, third, fourth] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 100 }));
    await operateOk(t, id, 'start');
    await report(first, 'failure');
    // one action still open: the group runs on
    await evaluate(t);
    expect(await statuses(t, id)).toEqual(['running', 'scheduled']);
    await refused(t, id, 'retry', violation);

    await report(second, 'success');
    await evaluate(t);
    expect(await statuses(t, id)).toEqual(['finished', 'running']);
    expect((await rollout(t, id))['status']).toBe('running');
    expect(await deploymentOf(third)).toBeDefined();

    // a cancelled action is closed too
    await report(third, 'failure');
    expect((await cancel(t, fourth.controllerId, (await deploymentOf(fourth)) as number, true)).status).toBe(204);
    await evaluate(t);
    const finished = await rollout(t, id);
    expect(finished['status']).toBe('finished');
    expect(counts(finished)).toEqual({ finished: 1, error: 2, cancelled: 1 });
    expect(await statuses(t, id)).toEqual(['finished', 'finished']);

    const retried = await operate(t, id, 'retry');
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect((await retried.json()) as Json).toMatchObject({ targetFilterQuery: `failedrollout==${id}`, totalTargets: 2, status: 'ready' });
  });

  it('pauses instead when the error threshold trips, the error check coming first', async () => {
    const { filter, devices } = await fleet(t, 4);
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 100, errorThreshold: 40 }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'failure');
    await report(devices[1]!, 'success');
    await evaluate(t);
    expect((await rollout(t, id))['status']).toBe('paused');
    expect(await statuses(t, id)).toEqual(['error', 'scheduled']);
  });

  it("waits for the group's soak time, then fires its success action: PAUSE pauses the rollout", async () => {
    const { filter, devices } = await fleet(t, 2);
    const custom: Schemas['GroupRequest'][] = [
      { name: 'first', targetPercentage: 50, successAction: { action: 'PAUSE', expression: '' } },
      { name: 'rest', targetPercentage: 100 },
    ];
    const id = idOf(await createRollout(t, { set, filter, custom, successThreshold: 100, soakTime: '01:00:00' }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'failure');
    await evaluate(t);
    expect(await statuses(t, id)).toEqual(['running', 'scheduled']);
    t.clock.advance(3_600_000);
    await evaluate(t);
    expect(await statuses(t, id)).toEqual(['finished', 'scheduled']);
    expect((await rollout(t, id))['status']).toBe('paused');
    await operateOk(t, id, 'resume');
    expect(await statuses(t, id)).toEqual(['finished', 'running']);
  });

  it("leaves a dynamic rollout's trailing group running: it takes more targets", async () => {
    const { filter, devices } = await fleet(t, 1);
    const group = filter.slice('group=='.length);
    const id = idOf(await createRollout(t, { set, filter, successThreshold: 100, dynamic: true, template: { targetCount: 5 } }));
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'failure');
    await evaluate(t);
    expect(await statuses(t, id)).toEqual(['finished', 'running']);
    const newcomer = await createDevice(t, { group });
    await evaluate(t);
    await report(newcomer, 'failure');
    await evaluate(t);
    expect(await statuses(t, id)).toEqual(['finished', 'running']);
    expect((await rollout(t, id))['status']).toBe('running');
  });
});

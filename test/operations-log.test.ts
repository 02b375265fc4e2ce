import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet, createTarget } from './support/deployment-fixtures.js';
import { createRollout, evaluate, fleet, groups, operateOk, report } from './support/rollout-fixtures.js';
import { send, idOf } from './support/target-fixtures.js';
import { capturingLogger } from './support/test-server.js';
import { createWebhook } from './support/webhook-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

const INFO = 30;
const WARN = 40;

/** What the server does on its own, one `info` line per change (decision 236). */
describe.each(DATABASE_KINDS)('the operations log, on %s', (kind) => {
  const capture = capturingLogger();
  const t = useTestApp(kind, { 'webhooks.max_attempts': 1, 'webhooks.allow_private_destinations': true }, { logger: capture.logger });
  let mark = 0;
  beforeEach(() => {
    mark = capture.lines().length;
  });
  /** The lines logged since the test began, at info or above, with the fields named. */
  const since = (msg: string) =>
    capture
      .lines()
      .slice(mark)
      .filter((line) => line.msg === msg && line.level >= INFO);
  const ids = async (rolloutId: number) => (await groups(t, rolloutId)).map((group) => idOf(group));

  it('logs each rollout and group transition once, with the counts behind a verdict, and nothing for device traffic', async () => {
    const set = await createSet(t);
    const { filter, devices } = await fleet(t, 4);
    const id = idOf(await createRollout(t, { set, filter, groups: 2, successThreshold: 100 }));
    const [first, second] = await ids(id);
    await operateOk(t, id, 'start');

    // device traffic alone: polls, deployment fetches and feedback log nothing at info
    const beforeDevices = capture.lines().length;
    for (const device of devices.slice(0, 2)) await report(device, 'success');
    for (const device of devices) await device.poll();
    expect(
      capture
        .lines()
        .slice(beforeDevices)
        .filter((line) => line.level >= INFO),
    ).toEqual([]);

    await evaluate(t);
    await evaluate(t);
    for (const device of devices.slice(2)) await report(device, 'success');
    await evaluate(t);

    const rolloutLines = since('rollout status changed').map(({ rolloutId, from, to, event, actor, level }) => ({ rolloutId, from, to, event, actor, level }));
    expect(rolloutLines).toEqual([
      { rolloutId: id, from: null, to: 'ready', event: 'created', actor: 'admin', level: INFO },
      { rolloutId: id, from: 'ready', to: 'running', event: 'started', actor: 'admin', level: INFO },
      { rolloutId: id, from: 'running', to: 'finished', event: 'lastGroupFinished', actor: 'system', level: INFO },
    ]);
    const groupLines = since('rollout group status changed').map(({ rolloutId, groupIds, from, to, event, actor }) => ({
      rolloutId,
      groupIds,
      from,
      to,
      event,
      actor,
    }));
    expect(groupLines).toEqual([
      { rolloutId: id, groupIds: [first, second], from: null, to: 'ready', event: 'created', actor: 'admin' },
      { rolloutId: id, groupIds: [first, second], from: 'ready', to: 'scheduled', event: 'rolloutStarted', actor: 'admin' },
      { rolloutId: id, groupIds: [first], from: 'scheduled', to: 'running', event: 'started', actor: 'admin' },
      { rolloutId: id, groupIds: [first], from: 'running', to: 'finished', event: 'succeeded', actor: 'system' },
      { rolloutId: id, groupIds: [second], from: 'scheduled', to: 'running', event: 'started', actor: 'system' },
      { rolloutId: id, groupIds: [second], from: 'running', to: 'finished', event: 'succeeded', actor: 'system' },
    ]);
    expect(since('rollout group status changed')[3]).toMatchObject({ counts: { finished: 2, error: 0 }, capacity: 2, successThreshold: 100 });
    // a tick that moves nothing logs nothing at info
    const beforeIdleTick = capture.lines().length;
    await evaluate(t);
    expect(
      capture
        .lines()
        .slice(beforeIdleTick)
        .filter((line) => line.level >= INFO),
    ).toEqual([]);
  });

  it('logs a pause by the error threshold with the group’s counts', async () => {
    const set = await createSet(t);
    const { filter, devices } = await fleet(t, 2);
    const id = idOf(await createRollout(t, { set, filter, groups: 1, successThreshold: 100, errorThreshold: 40 }));
    const [group] = await ids(id);
    await operateOk(t, id, 'start');
    await report(devices[0]!, 'failure');
    await evaluate(t);

    expect(since('rollout group status changed').at(-1)).toMatchObject({
      rolloutId: id,
      groupIds: [group],
      from: 'running',
      to: 'error',
      event: 'errorThresholdReached',
      actor: 'system',
      counts: { error: 1, running: 1 },
      capacity: 2,
      errorThreshold: 40,
    });
    expect(since('rollout status changed').at(-1)).toMatchObject({
      rolloutId: id,
      from: 'running',
      to: 'paused',
      event: 'errorThresholdReached',
      actor: 'system',
    });
  });

  it('logs an auto-assignment the sweep started and the targets it assigned, and nothing for a sweep that changed nothing', async () => {
    const set = await createSet(t);
    await createTarget(t, { group: 'swept' });
    const created = await t.request(
      '/rest/v1/autoassignments',
      send('POST', { name: 'swept', targetFilterQuery: 'group==swept', distributionSetId: set, startAt: t.clock() + 60_000 }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const id = idOf(await created.json());
    await t.services.autoAssignment.sweep();
    expect(since('auto-assignment status changed')).toEqual([]);

    t.clock.advance(60_000);
    expect(await t.services.autoAssignment.sweep()).toBe(1);
    expect(since('auto-assignment status changed')).toEqual([
      expect.objectContaining({ autoAssignmentId: id, from: 'ready', to: 'running', event: 'startAtReached', actor: 'system' }),
    ]);
    expect(since('auto-assignment assigned targets')).toEqual([expect.objectContaining({ autoAssignmentId: id, assigned: 1 })]);

    const beforeIdleSweep = capture.lines().length;
    expect(await t.services.autoAssignment.sweep()).toBe(0);
    expect(
      capture
        .lines()
        .slice(beforeIdleSweep)
        .filter((line) => line.level >= INFO),
    ).toEqual([]);
  });

  it('warns when the dispatcher gives a delivery up, naming the subscription, the event and the last answer', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const webhookId = idOf(await createWebhook(t, { name: 'failing', url: receiver.url, eventTypes: ['rollout.statusChanged'] }));
      const set = await createSet(t);
      const { filter } = await fleet(t, 1);
      await createRollout(t, { set, filter });
      receiver.answerNext(500);
      expect(await t.services.webhookDispatcher.dispatch()).toBe(1);

      expect(since('webhook delivery dead-lettered')).toEqual([
        expect.objectContaining({ level: WARN, webhookId, eventType: 'rollout.statusChanged', attempts: 1, responseCode: 500, error: null }),
      ]);
    } finally {
      await receiver.close();
    }
  });
});

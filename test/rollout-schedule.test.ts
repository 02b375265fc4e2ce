import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { counts, createRollout, evaluate, fleet, operateOk, refused, rollout, update, postRollout } from './support/rollout-fixtures.js';
import { getJson, send, idOf, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('scheduled rollouts and PUT on %s', (kind) => {
  let set: number;
  let period: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    set = await createSet(t);
    period = t.config.rolloutEvalIntervalSecs * 1000;
  });

  const tick = () => evaluate(t);

  it('starts itself within one evaluator period of its startAt, as the scheduler ticks', async () => {
    const { filter } = await fleet(t, 2);
    const startAt = t.clock() + 10 * MINUTE + 1_234;
    const created = await createRollout(t, { set, filter, groups: 2, startAt });
    const id = idOf(created);
    expect(created).toMatchObject({ status: 'ready', startAt });
    // the scheduler's ticks, one period apart, with the clock moving between them
    while ((await rollout(t, id))['status'] === 'ready') {
      expect(t.clock(), 'still ready after its start time').toBeLessThan(startAt + period);
      t.clock.advance(period);
      await tick();
    }
    const started = await rollout(t, id);
    expect(started).toMatchObject({ status: 'running', startAt, lastModifiedBy: 'system' });
    expect(started['lastModifiedAt']).toBeGreaterThanOrEqual(startAt);
    expect(started['lastModifiedAt']).toBeLessThan(startAt + period);
    expect(counts(started)).toEqual({ running: 1, scheduled: 1 });
  });

  it('starts at a tick exactly at startAt, and not one millisecond before', async () => {
    const { filter } = await fleet(t, 1);
    const startAt = t.clock() + MINUTE;
    const id = idOf(await createRollout(t, { set, filter, startAt }));
    t.clock.advance(MINUTE - 1);
    await tick();
    expect((await rollout(t, id))['status']).toBe('ready');
    t.clock.advance(1);
    await tick();
    expect((await rollout(t, id))['status']).toBe('running');
  });

  it('a startAt in the past starts at the next evaluation; the operator may start before it', async () => {
    const { filter } = await fleet(t, 1);
    const past = idOf(await createRollout(t, { set, filter, startAt: t.clock() - MINUTE }));
    await tick();
    expect((await rollout(t, past))['status']).toBe('running');
    const { filter: other } = await fleet(t, 1);
    const early = idOf(await createRollout(t, { set, filter: other, startAt: t.clock() + 60 * MINUTE }));
    await operateOk(t, early, 'start');
    expect((await rollout(t, early))['status']).toBe('running');
  });

  it('without startAt a rollout waits for the operator, and GET leaves startAt out', async () => {
    const { filter } = await fleet(t, 1);
    const created = await createRollout(t, { set, filter });
    expect(created).not.toHaveProperty('startAt');
    t.clock.advance(24 * 60 * MINUTE);
    await tick();
    expect((await rollout(t, idOf(created)))['status']).toBe('ready');
  });

  describe('PUT', () => {
    it('changes name and description in any status, startAt only before the start; null unschedules', async () => {
      const { filter } = await fleet(t, 1);
      const id = idOf(await createRollout(t, { set, filter, startAt: t.clock() + MINUTE }));
      const later = t.clock() + 30 * MINUTE;
      const response = await update(t, id, { name: `renamed-${kind}`, description: 'tonight', startAt: later });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ id, name: `renamed-${kind}`, description: 'tonight', startAt: later, status: 'ready' });
      t.clock.advance(MINUTE);
      await tick();
      expect((await rollout(t, id))['status']).toBe('ready');
      expect((await update(t, id, { startAt: null })).status).toBe(200);
      expect(await rollout(t, id)).not.toHaveProperty('startAt');
      t.clock.advance(60 * MINUTE);
      await tick();
      expect((await rollout(t, id))['status']).toBe('ready');

      await operateOk(t, id, 'start');
      const running = await update(t, id, { startAt: t.clock() });
      await expectError(running, 400, 'hawkbit.server.error.rollout.illegalState');
      expect(await rollout(t, id)).not.toHaveProperty('startAt');
      expect((await update(t, id, { description: null })).status).toBe(200);
      expect(await rollout(t, id)).toMatchObject({ status: 'running', name: `renamed-${kind}` });
      expect(await rollout(t, id)).not.toHaveProperty('description');
    });

    it('refuses a name taken (409), a malformed body (400) and an unknown rollout (404), changing nothing', async () => {
      const { filter } = await fleet(t, 1);
      const first = await createRollout(t, { set, filter });
      const second = await createRollout(t, { set, filter });
      const id = idOf(second);
      const taken = await update(t, id, { name: first['name'], description: 'x' });
      await expectError(taken, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
      for (const body of [{ name: '' }, { startAt: -1 }, { startAt: 'tomorrow' }]) {
        const response = await update(t, id, body);
        await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
      }
      expect(await rollout(t, id)).toMatchObject({ name: second['name'], lastModifiedAt: second['lastModifiedAt'] });
      expect((await t.request('/rest/v1/rollouts/99999', send('PUT', { name: 'x' }))).status).toBe(404);
    });

    it('a stopped rollout cannot be rescheduled', async () => {
      const { filter } = await fleet(t, 1);
      const id = idOf(await createRollout(t, { set, filter }));
      await operateOk(t, id, 'stop');
      expect((await update(t, id, { startAt: t.clock() })).status).toBe(400);
      expect((await rollout(t, id))['status']).toBe('stopped');
    });
  });

  it('refuses a negative or malformed startAt on create', async () => {
    const { filter } = await fleet(t, 1);
    for (const startAt of [-5, '12:00']) {
      const response = await postRollout(t, { name: `bad-start-${kind}`, distributionSetId: set, targetFilterQuery: filter, amountGroups: 1, startAt });
      expect(response.status).toBe(400);
    }
    expect((await getJson<JsonPage>(t, `/rest/v1/rollouts?q=name==bad-start-${kind}`)).total).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('scheduled rollouts with approval on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { rollout_approval_enabled: true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('waits for approval past its startAt, then starts at the next evaluation; startAt may change while waiting', async () => {
    const { filter } = await fleet(t, 1);
    const id = idOf(await createRollout(t, { set, filter, startAt: t.clock() + MINUTE }));
    expect((await update(t, id, { startAt: t.clock() + 2 * MINUTE })).status).toBe(200);
    t.clock.advance(3 * MINUTE);
    await evaluate(t);
    expect((await rollout(t, id))['status']).toBe('waiting_for_approval');
    await operateOk(t, id, 'approve');
    expect((await rollout(t, id))['status']).toBe('ready');
    await evaluate(t);
    expect((await rollout(t, id))['status']).toBe('running');
  });

  it('a denied rollout is never started by its startAt', async () => {
    const { filter } = await fleet(t, 1);
    const id = idOf(await createRollout(t, { set, filter, startAt: t.clock() }));
    await operateOk(t, id, 'deny');
    await refused(t, id, 'start');
    expect((await update(t, id, { startAt: t.clock() })).status).toBe(400);
    await evaluate(t);
    expect((await rollout(t, id))['status']).toBe('approval_denied');
  });
});

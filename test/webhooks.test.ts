import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectError } from './support/expect-error.js';
import { pino } from 'pino';
import { scheduledJobs } from '../src/services.js';
import { commitDurabilityOf } from '../src/db/database.js';
import { createWebhookDispatcher } from '../src/webhooks/webhook-dispatcher.js';
import { EVENT_TYPES } from '../src/events/outbox.js';
import { createDevice } from './support/ddi-client.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { createRollout, evaluate, fleet, operateOk, report } from './support/rollout-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { AUTH, getJson, send, idOf, type JsonPage } from './support/target-fixtures.js';
import { testConfig } from './support/test-app.js';
import { createWebhook } from './support/webhook-fixtures.js';
import type { Schemas } from './support/mgmt-client.js';
import { useTestApp } from './support/use-test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { DATABASE_KINDS } from './support/databases.js';

const BACKOFF_MS = 1000;
const MAX_ATTEMPTS = 3;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
/** `[cleanup] webhook_delivery_retention_days`, the default */
const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('webhooks on %s', (kind) => {
  let receiver: WebhookReceiver;
  const t = useTestApp(kind, {
    'webhooks.max_attempts': MAX_ATTEMPTS,
    'webhooks.backoff_initial_ms': BACKOFF_MS,
    'webhooks.backoff_max_ms': 4 * BACKOFF_MS,
    // long enough for a loaded machine's loopback, short enough for the test that waits for it
    'webhooks.request_timeout_ms': 3000,
    // the receiver listens on 127.0.0.1, which the default destination rule refuses (decision 273)
    'webhooks.allow_private_destinations': true,
  });
  beforeEach(async () => {
    await t.db('webhooks').delete();
    receiver = await startWebhookReceiver();
    return () => receiver.close();
  });

  const subscribe = (fields: Partial<Schemas['WebhookRequest']> = {}) =>
    createWebhook(t, { name: 'hook', url: receiver.url, secret: SECRET, eventTypes: [...EVENT_TYPES], ...fields });
  const deliveries = async (id: unknown, query = '') => getJson<JsonPage>(t, `/rest/v1/webhooks/${String(id)}/deliveries${query}`);
  const countDeliveries = async (webhookId?: number) => {
    const rows = t.db('webhook_deliveries');
    if (webhookId !== undefined) rows.where('webhook_id', webhookId);
    return Number(((await rows.count({ n: '*' }).first()) as { n: number | string }).n);
  };
  const dispatch = () => t.services.webhookDispatcher.dispatch();
  const payloads = () => receiver.received.map(({ body }) => JSON.parse(body) as { type: string; data: Record<string, unknown> });

  describe('subscriptions', () => {
    it('generates a whsec_ secret when none is given, and returns it only on creation', async () => {
      const created = await subscribe({ secret: undefined, eventTypes: ['action.closed'] });
      expect(created['secret']).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const read = await getJson(t, `/rest/v1/webhooks/${String(created['id'])}`);
      expect(read).toEqual({ ...created, secret: undefined, _links: created._links });
      expect(read).not.toHaveProperty('secret');
      const listed = await getJson<JsonPage>(t, '/rest/v1/webhooks?q=name==hook');
      expect(listed.total).toBe(1);
      expect(listed.content[0]).not.toHaveProperty('secret');
      const updated = await t.request(`/rest/v1/webhooks/${String(created['id'])}`, send('PUT', { enabled: false, secret: SECRET }));
      expect(await updated.json()).toMatchObject({ enabled: false, eventTypes: ['action.closed'] });
    });

    it.each([
      ['ftp://example.com/hook', 'http or https'],
      ['file:///etc/passwd', 'http or https'],
      ['gopher://127.0.0.1:6379/_', 'http or https'],
      ['not a url', 'not an absolute URL'],
      ['http://user:pass@example.com/', 'credentials'],
    ])('refuses the URL %s with 400 and creates nothing', async (url, fragment) => {
      const response = await t.request('/rest/v1/webhooks', send('POST', [{ name: 'bad', url, eventTypes: ['action.closed'] }]));
      const error = await expectError(response, 400, 'hawkbit.server.error.repo.constraintViolation');
      expect(error.message).toContain(fragment);
      expect((await getJson<JsonPage>(t, '/rest/v1/webhooks')).total).toBe(0);
    });

    it('refuses a secret outside the whsec_ form, an unknown event type, and answers 404 for an unknown id', async () => {
      const badSecret = await t.request('/rest/v1/webhooks', send('POST', [{ name: 'x', url: receiver.url, secret: 'hunter2', eventTypes: [] }]));
      expect(badSecret.status).toBe(400);
      const badType = await t.request('/rest/v1/webhooks', send('POST', [{ name: 'x', url: receiver.url, eventTypes: ['target.exploded'] }]));
      expect(badType.status).toBe(400);
      expect((await t.request('/rest/v1/webhooks/999999', { headers: AUTH })).status).toBe(404);
      expect((await t.request('/rest/v1/webhooks/999999/deliveries', { headers: AUTH })).status).toBe(404);
      const created = await subscribe();
      const badUpdate = await t.request(`/rest/v1/webhooks/${String(created['id'])}`, send('PUT', { url: 'ftp://x/' }));
      expect(badUpdate.status).toBe(400);
      expect((await getJson(t, `/rest/v1/webhooks/${String(created['id'])}`))['url']).toBe(receiver.url);
    });

    it('deletes a subscription with its delivery log', async () => {
      const { id } = await subscribe();
      await createTarget(t);
      expect((await deliveries(id)).total).toBe(1);
      expect((await t.request(`/rest/v1/webhooks/${String(id)}`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
      expect(await countDeliveries(id)).toBe(0);
    });
  });

  describe('events', () => {
    it('writes nothing while no subscription wants the event', async () => {
      await subscribe({ eventTypes: ['artifact.uploaded'] });
      await createTarget(t);
      expect(await countDeliveries()).toBe(0);
    });

    it('reports a deployment from registration to close, in order, each signed so that the library verifies it', async () => {
      const { id } = await subscribe();
      const device = await createDevice(t);
      await device.poll();
      const set = await createSet(t);
      const actionId = await assignOk(t, device.controllerId, { id: set });
      expect((await device.feedback(actionId, 'proceeding')).status).toBe(200);
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(200);
      expect(await dispatch()).toBe(8);
      expect(receiver.verifiedTypes(SECRET)).toEqual([
        'target.created',
        'target.registered',
        'target.updateStatusChanged',
        'action.created',
        'target.updateStatusChanged',
        'action.statusChanged',
        'action.closed',
        'target.updateStatusChanged',
      ]);
      const [created, , registered, assigned, pending, changed] = payloads();
      expect(created?.data).toEqual({ controllerId: device.controllerId, createdBy: 'admin' });
      expect(registered?.data).toEqual({ controllerId: device.controllerId, previousUpdateStatus: 'unknown', updateStatus: 'registered' });
      expect(assigned?.data).toEqual({
        actionId,
        controllerId: device.controllerId,
        distributionSetId: set,
        status: 'running',
        rolloutId: null,
        rolloutGroupId: null,
      });
      expect(pending?.data).toMatchObject({ previousUpdateStatus: 'registered', updateStatus: 'pending' });
      expect(changed?.data).toEqual({ actionId, controllerId: device.controllerId, distributionSetId: set, previousStatus: 'running', status: 'finished' });
      const log = await deliveries(id, '?sort=id:ASC&q=status==delivered');
      expect(log.total).toBe(8);
      expect(log.content[0]).toMatchObject({ status: 'delivered', attempts: 1, lastResponseCode: 204, eventType: 'target.created' });
      expect(receiver.received[0]?.headers['webhook-id']).toBe(log.content[0]?.['messageId']);
    });

    it('reports rollout moves, a finished deploy group, an invalidated set and an uploaded artifact', async () => {
      await subscribe({ eventTypes: ['rollout.statusChanged', 'rolloutGroup.finished', 'distributionSet.invalidated', 'artifact.uploaded'] });
      const set = await createSet(t);
      const { filter, devices } = await fleet(t, 2);
      const rollout = await createRollout(t, { set, filter, groups: 1 });
      await evaluate(t);
      await operateOk(t, idOf(rollout), 'start');
      await evaluate(t);
      for (const device of devices) await report(device, 'success');
      await evaluate(t);
      const invalidated = await t.request(`/rest/v1/distributionsets/${set}/invalidate`, send('POST', { actionCancelationType: 'none' }));
      expect(invalidated.status).toBe(204);
      const module = await createModule(t);
      await uploadArtifact(t, module.id, 'firmware bytes');
      await dispatch();
      const types = receiver.verifiedTypes(SECRET);
      expect(types).toContain('rollout.statusChanged');
      expect(types.filter((type) => type === 'rolloutGroup.finished')).toHaveLength(1);
      expect(types.slice(-2)).toEqual(['distributionSet.invalidated', 'artifact.uploaded']);
      const statuses = payloads()
        .filter(({ type }) => type === 'rollout.statusChanged')
        .map(({ data }) => data['status']);
      expect(statuses).toEqual(['ready', 'running', 'finished']);
      expect(payloads().at(-1)?.data).toMatchObject({ softwareModuleId: module.id, filename: 'firmware.bin', size: 14 });
    });

    it('leaves a disabled subscription out', async () => {
      await subscribe({ enabled: false });
      await createTarget(t);
      expect(await dispatch()).toBe(0);
      expect(receiver.received).toEqual([]);
    });
  });

  describe('delivery', () => {
    it('retries after a 500 with exponential backoff, holding later events back until the first is delivered', async () => {
      const { id } = await subscribe({ eventTypes: ['target.created'] });
      receiver.answerNext(500, 500);
      const first = await createTarget(t);
      const second = await createTarget(t);
      expect(await dispatch()).toBe(1);
      expect((await deliveries(id, '?sort=id:ASC')).content.map((d) => [d['status'], d['attempts']])).toEqual([
        ['pending', 1],
        ['pending', 0],
      ]);
      expect(await dispatch()).toBe(0);
      t.clock.advance(BACKOFF_MS);
      expect(await dispatch()).toBe(1);
      const [waiting] = (await deliveries(id, '?sort=id:ASC')).content;
      expect(waiting).toMatchObject({ attempts: 2, lastResponseCode: 500, nextAttemptAt: t.clock() + 2 * BACKOFF_MS });
      t.clock.advance(2 * BACKOFF_MS - 1);
      expect(await dispatch()).toBe(0);
      t.clock.advance(1);
      expect(await dispatch()).toBe(2);
      expect(payloads().map(({ data }) => data['controllerId'])).toEqual([first, first, first, second]);
      expect(new Set(receiver.received.slice(0, 3).map(({ headers }) => headers['webhook-id'])).size).toBe(1);
      expect(receiver.verifiedTypes(SECRET)).toHaveLength(4);
    });

    it('does not follow a redirect: the 307 fails the attempt and its location receives nothing', async () => {
      const { id } = await subscribe({ eventTypes: ['target.created'] });
      const elsewhere = await startWebhookReceiver();
      try {
        receiver.answerNext({ redirect: elsewhere.url });
        await createTarget(t);
        expect(await dispatch()).toBe(1);
        expect((await deliveries(id)).content[0]).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 307 });
        expect(receiver.received).toHaveLength(1);
        expect(elsewhere.received).toEqual([]);
      } finally {
        await elsewhere.close();
      }
    });

    it('counts a receiver that does not answer in time as a failed attempt', async () => {
      const { id } = await subscribe({ eventTypes: ['target.created'] });
      receiver.answerNext('hang');
      await createTarget(t);
      expect(await dispatch()).toBe(1);
      const [timedOut] = (await deliveries(id)).content;
      expect(timedOut).toMatchObject({ status: 'pending', attempts: 1 });
      expect(timedOut?.['lastError']).toMatch(/timeout|abort/i);
      expect(timedOut).not.toHaveProperty('lastResponseCode');
      t.clock.advance(BACKOFF_MS);
      expect(await dispatch()).toBe(1);
      expect((await deliveries(id)).content[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    });

    it(`dead-letters a delivery after ${MAX_ATTEMPTS} failed attempts and goes on with the next`, async () => {
      const { id } = await subscribe({ eventTypes: ['target.created'] });
      receiver.answerNext(...Array<number>(MAX_ATTEMPTS).fill(503));
      await createTarget(t);
      const next = await createTarget(t);
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        expect(await dispatch()).toBe(1);
        t.clock.advance(4 * BACKOFF_MS);
      }
      expect(await dispatch()).toBe(2);
      const log = (await deliveries(id, '?sort=id:ASC')).content;
      expect(log.map((d) => [d['status'], d['attempts']])).toEqual([
        ['dead', MAX_ATTEMPTS],
        ['delivered', 1],
      ]);
      expect(log[0]).not.toHaveProperty('nextAttemptAt');
      expect((await deliveries(id, '?q=status==dead')).total).toBe(1);
      expect(payloads().at(-1)?.data['controllerId']).toBe(next);
    });

    it('drains a backlog of several batches in one run, in order', async () => {
      await subscribe({ eventTypes: ['target.created'] });
      const ids = Array.from({ length: 250 }, (_, index) => `backlog-${String(index).padStart(3, '0')}`);
      const created = await t.request(
        '/rest/v1/targets',
        send(
          'POST',
          ids.map((controllerId) => ({ controllerId, name: controllerId })),
        ),
      );
      expect(created.status).toBe(201);
      // the server's dispatcher stops a run after 5 s, which a loaded machine can take for a few batches
      const patient = createWebhookDispatcher(t.db, t.clock, t.config.webhooks, {
        logger: pino({ level: 'silent' }),
        metrics: t.services.metrics,
        busy: () => false,
        durable: commitDurabilityOf(t.db).flush,
        runBudgetMs: 10 * 60_000,
      });
      expect(await patient.dispatch()).toBe(ids.length);
      expect(payloads().map(({ data }) => data['controllerId'])).toEqual(ids);
    });

    it('deletes delivered and dead deliveries after the retention, hourly, and keeps pending ones', async () => {
      expect(scheduledJobs(t.services, t.config).map((job) => job.name)).toContain('webhook-delivery-retention');
      const kept = testConfig({ 'cleanup.webhook_delivery_retention_days': 0 });
      expect(scheduledJobs(t.services, kept).map((job) => job.name)).not.toContain('webhook-delivery-retention');
      const healthy = await subscribe({ name: 'healthy', eventTypes: ['target.created'] });
      const failing = await startWebhookReceiver();
      try {
        const broken = await subscribe({ name: 'broken', url: failing.url, eventTypes: ['target.created'] });
        failing.answerNext(...Array<number>(MAX_ATTEMPTS + 1).fill(500));
        await createTarget(t);
        await createTarget(t);
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          await dispatch();
          t.clock.advance(4 * BACKOFF_MS);
        }
        // healthy: two delivered; broken: the first dead, the second pending after a failed attempt
        expect((await deliveries(broken['id'], '?sort=id:ASC')).content.map((d) => d['status'])).toEqual(['dead', 'pending']);
        expect((await deliveries(healthy['id'])).content.map((d) => d['status'])).toEqual(['delivered', 'delivered']);
        t.clock.advance(RETENTION_DAYS * DAY_MS - MAX_ATTEMPTS * 4 * BACKOFF_MS);
        expect(await t.services.webhooks.purgeExpiredDeliveries()).toBe(0);
        t.clock.advance(1);
        expect(await t.services.webhooks.purgeExpiredDeliveries()).toBe(3);
        expect((await deliveries(healthy['id'])).total).toBe(0);
        expect((await deliveries(broken['id'])).content.map((d) => d['status'])).toEqual(['pending']);
      } finally {
        await failing.close();
      }
    });

    it('while a request is being answered, takes one batch per subscription and run, and the rest in later runs', async () => {
      await subscribe({ eventTypes: ['target.created'] });
      const ids = Array.from({ length: 250 }, (_, index) => `busy-${String(index).padStart(3, '0')}`);
      expect(
        (
          await t.request(
            '/rest/v1/targets',
            send(
              'POST',
              ids.map((controllerId) => ({ controllerId })),
            ),
          )
        ).status,
      ).toBe(201);
      // a request in the app whose body has not all arrived yet: the server is answering it
      const encoder = new TextEncoder();
      let finish = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('[{"controllerId":'));
          finish = () => {
            controller.enqueue(encoder.encode('"held"}]'));
            controller.close();
          };
        },
      });
      const held = t.request('/rest/v1/targets', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      });
      await vi.waitFor(() => expect(t.services.requestActivity.busy()).toBe(true), { timeout: 5_000, interval: 10 });
      expect(await dispatch()).toBe(100);
      expect(await dispatch()).toBe(100);
      finish();
      expect((await held).status).toBe(201);
      expect(t.services.requestActivity.busy()).toBe(false);
      expect(await dispatch()).toBe(51);
      expect(payloads().map(({ data }) => data['controllerId'])).toEqual([...ids, 'held']);
    });

    it('keeps each subscription in its own order: one failing does not hold another back', async () => {
      const failing = await subscribe({ name: 'failing', eventTypes: ['target.created'] });
      const other = await startWebhookReceiver();
      try {
        await subscribe({ name: 'other', url: other.url, eventTypes: ['target.created'] });
        receiver.answerNext(500);
        await createTarget(t);
        await createTarget(t);
        expect(await dispatch()).toBe(3);
        expect(other.verifiedTypes(SECRET)).toEqual(['target.created', 'target.created']);
        expect((await deliveries(failing['id'], '?q=status==pending')).total).toBe(2);
      } finally {
        await other.close();
      }
    });
  });
});

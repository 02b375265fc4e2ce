import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices } from '../src/services.js';
import { openArtifactStore } from '../src/storage/configured-store.js';
import { createDevice } from './support/ddi-client.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from './support/databases.js';
import { sample } from './support/metrics-text.js';
import { createRollout, operateOk } from './support/rollout-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { AUTH, getJson, idOf, send } from './support/target-fixtures.js';
import { startTestApp, testClock, testConfig, type TestApp } from './support/test-app.js';
import { createWebhook } from './support/webhook-fixtures.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

const TOKEN = 'scrape-token-0123456789';

/** The app's /metrics text, asserting 200 and Prometheus' content type. */
async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const response = await t.request('/metrics', { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** An app over HTTP on `databaseUrl` as `falconet serve` builds it, without migrating. */
async function appOn(kind: DatabaseKind, databaseUrl: string) {
  const config = testConfig({ database_url: databaseUrl });
  const db = openDatabase(config.databaseUrl);
  const logger = pino({ level: 'silent' });
  const services = createServices(config, db, testClock(), logger, await openArtifactStore(config, testClock()));
  const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];
  return { db, kind, app: buildApp({ config, services, operations, logger }) };
}

describe.each(DATABASE_KINDS)('metrics and readiness on %s', (kind) => {
  describe('/metrics', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(() => t.close());

    it('counts the requests it answered by operation, the device traffic and the database state', async () => {
      const bytes = randomBytes(70_000);
      const moduleId = (await createModule(t, { type: 'os' })).id;
      await uploadArtifact(t, moduleId, bytes, { partName: 'fw.swu' });
      const setId = await createSet(t, { name: 'fw', version: '1', modules: [moduleId] });
      const device = await createDevice(t, { group: 'metrics' });
      const actionId = await assignOk(t, device.controllerId, { id: setId });

      expect((await device.get()).status).toBe(200);
      expect((await device.get()).status).toBe(200);
      expect((await t.request(device.base, { headers: { authorization: 'TargetToken wrong' } })).status).toBe(401);
      expect((await device.get(`/deploymentBase/${actionId}`)).status).toBe(200);
      const whole = await device.get(`/softwaremodules/${moduleId}/artifacts/fw.swu`);
      expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), bytes)).toBe(0);
      const ranged = await device.get(`/softwaremodules/${moduleId}/artifacts/fw.swu`, { range: 'bytes=60000-' });
      expect(ranged.status).toBe(206);
      expect((await ranged.arrayBuffer()).byteLength).toBe(10_000);
      expect((await device.get(`/softwaremodules/${moduleId}/artifacts/fw.swu`, { 'if-none-match': '*' })).status).toBe(304);
      expect((await device.feedback(actionId, 'proceeding')).status).toBe(200);
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(200);
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(410);
      const rollout = await createRollout(t, { set: setId, filter: 'group==metrics' });
      await operateOk(t, idOf(rollout), 'start');
      const tick = await t.services.rolloutEvaluator.tick();
      expect(tick.rollouts).toBe(1);
      const { status } = await getJson(t, `/rest/v1/rollouts/${String(rollout['id'])}`);

      const text = await scrape(t);
      const requests = (operation: string, status: string) => sample(text, 'falconet_http_requests_total', { operation, status });
      expect(requests('getControllerBase', '200')).toBe(2);
      expect(requests('getControllerBase', '401')).toBe(1);
      expect(requests('postDeploymentBaseActionFeedback', '410')).toBe(1);
      expect(requests('create', '201')).toBe(1);
      expect(sample(text, 'falconet_http_request_duration_seconds_count', { operation: 'getControllerBase' })).toBe(3);
      expect(sample(text, 'falconet_http_request_duration_seconds_bucket', { operation: 'getControllerBase', le: '+Inf' })).toBe(3);
      expect(sample(text, 'falconet_http_request_duration_seconds_sum', { operation: 'getControllerBase' })).toBeGreaterThan(0);
      expect(text, 'labelled by operation, never by path').not.toContain(device.controllerId);
      expect(sample(text, 'falconet_ddi_polls_total')).toBe(2);
      expect(sample(text, 'falconet_ddi_deployment_base_fetches_total')).toBe(1);
      expect(sample(text, 'falconet_ddi_feedback_total', { execution: 'proceeding', finished: 'none' })).toBe(1);
      expect(sample(text, 'falconet_ddi_feedback_total', { execution: 'closed', finished: 'success' })).toBe(1);
      expect(sample(text, 'falconet_ddi_downloads_total', { delivery: 'streamed' })).toBe(2);
      expect(sample(text, 'falconet_ddi_download_bytes_total')).toBe(80_000);
      expect(sample(text, 'falconet_actions', { status: 'finished' })).toBe(1);
      expect(sample(text, 'falconet_rollouts', { status: status as string })).toBe(1);
      expect(sample(text, 'falconet_rollout_evaluator_ticks_total', { outcome: 'evaluated' })).toBe(1);
      expect(sample(text, 'falconet_rollout_evaluations_total')).toBe(1);
      expect(sample(text, 'falconet_rollout_evaluator_tick_duration_seconds_count', { outcome: 'evaluated' })).toBe(1);
      expect(sample(text, 'falconet_db_pool_connections_max')).toBeGreaterThan(0);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total \S+$/m);
      expect(text).toMatch(/^process_resident_memory_bytes \S+$/m);
    });

    it('reads the counts by status again at each scrape', async () => {
      const before = sample(await scrape(t), 'falconet_actions', { status: 'running' });
      const device = await createDevice(t);
      const set = await t.request('/rest/v1/distributionsets?limit=1', { headers: AUTH });
      const setId = idOf(((await set.json()) as { content: unknown[] }).content[0]);
      await assignOk(t, device.controllerId, { id: setId });
      expect(sample(await scrape(t), 'falconet_actions', { status: 'running' })).toBe(before + 1);
    });
  });

  describe('/metrics of the webhook dispatcher', () => {
    const BACKOFF_MS = 1000;
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { 'webhooks.allow_private_destinations': true, 'webhooks.max_attempts': 2, 'webhooks.backoff_initial_ms': BACKOFF_MS });
    });
    afterAll(() => t.close());

    it('counts the attempts by outcome and reads the backlog of enabled subscriptions at each scrape', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const hook = idOf(await createWebhook(t, { name: 'metrics', url: receiver.url, eventTypes: ['rollout.statusChanged'] }));
        const setHook = (enabled: boolean) => t.request(`/rest/v1/webhooks/${hook}`, send('PUT', { enabled }));
        const set = await createSet(t);
        await createTarget(t, { group: 'webhook-metrics' });
        const newRollout = () => createRollout(t, { set, filter: 'group==webhook-metrics' });
        const read = async () => {
          const text = await scrape(t);
          const attempts = (outcome: string) => sample(text, 'falconet_webhook_delivery_attempts_total', { outcome });
          return {
            pending: sample(text, 'falconet_webhook_deliveries_pending'),
            failed: attempts('failed'),
            delivered: attempts('delivered'),
            dead: attempts('dead'),
          };
        };

        await newRollout();
        expect(await read()).toEqual({ pending: 1, failed: 0, delivered: 0, dead: 0 });
        receiver.answerNext(500);
        expect(await t.services.webhookDispatcher.dispatch()).toBe(1);
        expect(await read()).toEqual({ pending: 1, failed: 1, delivered: 0, dead: 0 });
        t.clock.advance(BACKOFF_MS);
        expect(await t.services.webhookDispatcher.dispatch()).toBe(1);
        expect(await read()).toEqual({ pending: 0, failed: 1, delivered: 1, dead: 0 });

        await newRollout();
        expect((await setHook(false)).status).toBe(200);
        expect((await read()).pending, 'a disabled subscription is no backlog').toBe(0);
        expect((await setHook(true)).status).toBe(200);
        receiver.answerNext(500, 500);
        expect(await t.services.webhookDispatcher.dispatch()).toBe(1);
        t.clock.advance(BACKOFF_MS);
        expect(await t.services.webhookDispatcher.dispatch()).toBe(1);
        expect(await read()).toEqual({ pending: 0, failed: 2, delivered: 1, dead: 1 });
      } finally {
        await receiver.close();
      }
    });
  });

  describe('/metrics with a token', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { 'metrics.token': TOKEN });
    });
    afterAll(() => t.close());

    it('answers 401 without the bearer token, or with another one, and 200 with it', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
        const response = await t.request('/metrics', { headers: authorization === undefined ? {} : { authorization } });
        expect(response.status, authorization).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="falconet-metrics"');
        expect(((await response.json()) as { errorCode: string }).errorCode).toBe('hawkbit.server.error.unauthorized');
      }
      expect(sample(await scrape(t, { authorization: `Bearer ${TOKEN}` }), 'falconet_http_requests_total', { operation: 'getMetrics', status: '401' })).toBe(4);
    });
  });

  describe('/metrics turned off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { 'metrics.enabled': false });
    });
    afterAll(() => t.close());

    it('answers 404', async () => {
      const response = await t.request('/metrics');
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errorCode: string }).errorCode).toBe('hawkbit.server.error.rest.notFound');
    });
  });

  describe('/ready', () => {
    it('answers 503 until the migrations have run, then 200; /health answers 200 all along', async () => {
      const database = await createTestDatabase(kind);
      const { db, app } = await appOn(kind, database.url);
      try {
        expect((await app.request('/health')).status).toBe(200);
        const early = await app.request('/ready');
        expect(early.status).toBe(503);
        expect(await early.json()).toEqual({
          exceptionClass: 'falconet.ServiceUnavailableException',
          errorCode: 'hawkbit.server.error.notReady',
          message: 'The database migrations have not run yet',
        });
        await migrate(db);
        const ready = await app.request('/ready');
        expect(ready.status).toBe(200);
        expect(await ready.text()).toBe('ok');
      } finally {
        await db.destroy();
        await database.drop();
      }
    });

    it('answers 503 once the database is gone (its pool closed); /health still 200', async () => {
      const t = await startTestApp(kind);
      try {
        expect((await t.request('/ready')).status).toBe(200);
        await t.db.destroy();
        const response = await t.request('/ready');
        expect(response.status).toBe(503);
        expect(((await response.json()) as { message: string }).message).toBe('The database does not answer');
        expect((await t.request('/health')).status).toBe(200);
      } finally {
        await t.close();
      }
    });

    it.runIf(kind === 'postgres')('answers 503 when the PostgreSQL server does not accept connections', async () => {
      const { db, app } = await appOn(kind, 'postgres://postgres@127.0.0.1:1/falconet');
      try {
        const response = await app.request('/ready');
        expect(response.status).toBe(503);
        expect(((await response.json()) as { message: string }).message).toMatch(/^The database (does not answer|did not answer within)/);
      } finally {
        await db.destroy();
      }
    });
  });
});

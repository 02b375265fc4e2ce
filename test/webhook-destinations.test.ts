import { beforeEach, describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { createTarget } from './support/deployment-fixtures.js';
import { getJson, send, type Json, type JsonPage } from './support/target-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { DATABASE_KINDS } from './support/databases.js';

/** Where a webhook may point (decision 273): the default rule, and one network allowed. */
describe.each(DATABASE_KINDS)('webhook destinations on %s', (kind) => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    return () => receiver.close();
  });

  const subscribe = (t: TestApp, url: string) => t.request('/rest/v1/webhooks', send('POST', [{ name: 'hook', url, eventTypes: ['target.created'] }]));
  const lastDelivery = async (t: TestApp, id: unknown) => (await getJson<JsonPage>(t, `/rest/v1/webhooks/${String(id)}/deliveries`)).content[0];

  describe('by default', () => {
    const t = useTestApp(kind);
    beforeEach(() => t.db('webhooks').delete());

    it.each([
      'http://127.0.0.1/hook',
      'http://127.1.2.3:8080/hook',
      'http://2130706433/hook',
      'http://0177.0.0.1/hook',
      'http://0x7f.0.0.1/hook',
      'http://127.0.0.1./hook',
      'http://localhost:8080/hook',
      'http://LOCALHOST./hook',
      'http://hooks.localhost/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://10.255.255.255/hook',
      'http://172.16.0.1/hook',
      'http://172.31.255.254/hook',
      'https://192.168.1.1/hook',
      'http://100.64.0.1/hook',
      'http://[fc00::1]/hook',
      'http://[fd12:3456::1]/hook',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
      'http://0/hook',
      'http://[::]/hook',
      'http://[64:ff9b::7f00:1]/hook',
    ])('refuses %s with 400 and creates nothing', async (url) => {
      const response = await subscribe(t, url);
      const error = await expectError(response, 400, 'hawkbit.server.error.repo.constraintViolation');
      expect(error.message).toContain('allow_private_destinations');
      expect((await getJson<JsonPage>(t, '/rest/v1/webhooks')).total).toBe(0);
    });

    it('accepts public addresses and names, and refuses a change to a private one', async () => {
      for (const url of ['https://hooks.example.com/falconet', 'http://93.184.215.14:8080/hook', 'https://[2606:4700::1]/hook', 'http://172.32.0.1/']) {
        expect((await subscribe(t, url)).status, url).toBe(201);
      }
      const { content } = await getJson<JsonPage>(t, '/rest/v1/webhooks?q=url==https://hooks.example.com/falconet');
      const id = String(content[0]?.['id']);
      const changed = await t.request(`/rest/v1/webhooks/${id}`, send('PUT', { url: 'http://[::ffff:a9fe:a9fe]/' }));
      await expectError(changed, 400, 'hawkbit.server.error.repo.constraintViolation');
      expect((await getJson(t, `/rest/v1/webhooks/${id}`))['url']).toBe('https://hooks.example.com/falconet');
    });

    it('refuses at delivery a name that now resolves to a private address, and an address stored before the rule, without contacting either', async () => {
      const created = (await (await subscribe(t, 'https://hooks.example.com/falconet')).json()) as Json[];
      const id = created[0]?.['id'];
      const { port } = new URL(receiver.url);
      // as if the name's DNS record now pointed at loopback: `localhost` resolves to 127.0.0.1 through /etc/hosts
      for (const url of [`http://localhost:${port}/hook`, receiver.url]) {
        await t.db('webhooks').where({ id }).update({ url });
        await createTarget(t);
        expect(await t.services.webhookDispatcher.dispatch()).toBe(1);
        const delivery = await lastDelivery(t, id);
        expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: 'refused: private destination' });
        expect(delivery).not.toHaveProperty('lastResponseCode');
        await t.db('webhook_deliveries').delete();
      }
      expect(receiver.received).toEqual([]);
    });
  });

  describe('with [webhooks] allowed_private_networks = ["127.0.0.0/8"]', () => {
    const t = useTestApp(kind, { 'webhooks.allowed_private_networks': ['127.0.0.0/8'] });

    it('delivers to a receiver on 127.0.0.1 and still refuses the other private ranges', async () => {
      const response = await subscribe(t, receiver.url);
      expect(response.status, await response.clone().text()).toBe(201);
      const id = ((await response.json()) as Json[])[0]?.['id'];
      await createTarget(t);
      expect(await t.services.webhookDispatcher.dispatch()).toBe(1);
      expect(await lastDelivery(t, id)).toMatchObject({ status: 'delivered', lastResponseCode: 204 });
      expect(receiver.received).toHaveLength(1);
      // localhost may also resolve to ::1, outside the allowed network
      for (const url of ['http://10.0.0.1/hook', 'http://[::1]/hook', 'http://localhost/hook']) expect((await subscribe(t, url)).status, url).toBe(400);
    });
  });
});

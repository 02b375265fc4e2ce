import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import type { TestApp } from './test-app.js';

/** A webhook subscription made through the API, asserting 201; returns it with its secret. */
export async function createWebhook(t: TestApp, body: Schemas['WebhookRequest']): Promise<Schemas['CreatedWebhook']> {
  const [webhook] = await expectData(mgmtClient(t).POST('/rest/v1/webhooks', { body: [body] }), 201);
  if (webhook === undefined) throw new Error('createWebhook: no subscription in the answer');
  return webhook;
}

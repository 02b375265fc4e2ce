import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import { toDeliveryJson, toWebhookJson } from './webhook-mapper.js';
import type { WebhookService } from './webhook-service.js';
import { DELIVERY_DEFAULT_SORT, DELIVERY_SORT_FIELDS, WEBHOOK_DEFAULT_SORT, WEBHOOK_SORT_FIELDS } from './webhook-fields.js';

/** The webhook operations: subscriptions (CRUD) and each one's delivery log. */
export const webhookHandlers: HandlerFactory<{ readonly webhooks: WebhookService }> = (_config, { webhooks }) => ({
  getWebhooks: async (c, { query }) =>
    c.json(
      pagedList(await webhooks.list(listRequest(query, WEBHOOK_SORT_FIELDS, WEBHOOK_DEFAULT_SORT)), (webhook) => toWebhookJson(webhook, c.get('baseUrl'))),
    ),
  createWebhooks: async (c, { body }) => {
    const created = await webhooks.create(body, c.get('operator'));
    return c.json(
      created.map((webhook) => ({ ...toWebhookJson(webhook, c.get('baseUrl')), secret: webhook.secret })),
      201,
    );
  },
  getWebhook: async (c, { params }) => c.json(toWebhookJson(await webhooks.get(params.webhookId), c.get('baseUrl'))),
  updateWebhook: async (c, { params, body }) => c.json(toWebhookJson(await webhooks.update(params.webhookId, body, c.get('operator')), c.get('baseUrl'))),
  deleteWebhook: (c, { params }) => noContent(c, webhooks.remove(params.webhookId)),
  getWebhookDeliveries: async (c, { params, query }) =>
    c.json(pagedList(await webhooks.deliveries(params.webhookId, listRequest(query, DELIVERY_SORT_FIELDS, DELIVERY_DEFAULT_SORT)), toDeliveryJson)),
});

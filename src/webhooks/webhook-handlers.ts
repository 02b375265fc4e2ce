import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import { toDeliveryJson, toWebhookJson } from './webhook-mapper.js';
import type { NewWebhook, WebhookChange, WebhookService } from './webhook-service.js';

const SORT_FIELDS = { id: 'webhooks.id', name: 'webhooks.name', url: 'webhooks.url' } as const;
const DELIVERY_SORT_FIELDS = {
  id: 'webhook_deliveries.id',
  createdat: 'webhook_deliveries.created_at',
  status: 'webhook_deliveries.status',
} as const;

/** The webhook operations: subscriptions (CRUD) and each one's delivery log. */
export function webhookHandlers(service: WebhookService, config: Config): OperationHandlers {
  const input = (c: Context<AppEnv>) => c.get('input');
  const id = (c: Context<AppEnv>) => input(c).params['webhookId'] as number;
  const q = (c: Context<AppEnv>) => input(c).query['q'] as string | undefined;
  return {
    getWebhooks: async (c) => {
      const page = pageRequest(input(c).query, SORT_FIELDS, [{ column: 'webhooks.id', direction: 'asc' }]);
      const { rows, total } = await service.list(page, q(c));
      return c.json(
        pagedList(
          rows.map((webhook) => toWebhookJson(webhook, baseUrl(c, config.url))),
          total,
        ),
      );
    },
    createWebhooks: async (c) => {
      const created = await service.create(input(c).body as NewWebhook[], c.get('operator'));
      return c.json(
        created.map((webhook) => ({ ...toWebhookJson(webhook, baseUrl(c, config.url)), secret: webhook.secret })),
        201,
      );
    },
    getWebhook: async (c) => c.json(toWebhookJson(await service.get(id(c)), baseUrl(c, config.url))),
    updateWebhook: async (c) => c.json(toWebhookJson(await service.update(id(c), input(c).body as WebhookChange, c.get('operator')), baseUrl(c, config.url))),
    deleteWebhook: async (c) => {
      await service.remove(id(c));
      return c.body(null, 204);
    },
    getWebhookDeliveries: async (c) => {
      const page = pageRequest(input(c).query, DELIVERY_SORT_FIELDS, [{ column: 'webhook_deliveries.id', direction: 'desc' }]);
      const { rows, total } = await service.deliveries(id(c), page, q(c));
      return c.json(pagedList(rows.map(toDeliveryJson), total));
    },
  };
}

import type { components } from '../generated/mgmt.js';
import type { Delivery, Webhook } from './webhook-service.js';

type WebhookJson = components['schemas']['Webhook'];
type DeliveryJson = components['schemas']['WebhookDelivery'];

/** A subscription on the wire: never its secret (decision 153). */
export function toWebhookJson(webhook: Webhook, base: string): WebhookJson {
  const self = `${base}/rest/v1/webhooks/${webhook.id}`;
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    enabled: webhook.enabled,
    eventTypes: [...webhook.eventTypes],
    createdAt: webhook.createdAt,
    createdBy: webhook.createdBy,
    lastModifiedAt: webhook.lastModifiedAt,
    lastModifiedBy: webhook.lastModifiedBy,
    _links: { self: { href: self }, deliveries: { href: `${self}/deliveries?offset=0&limit=50` } },
  };
}

/** A delivery log entry; unset times, codes and errors are omitted. */
export function toDeliveryJson(delivery: Delivery): DeliveryJson {
  return {
    id: delivery.id,
    messageId: delivery.messageId,
    eventType: delivery.eventType,
    payload: delivery.payload as DeliveryJson['payload'],
    status: delivery.status,
    attempts: delivery.attempts,
    ...(delivery.nextAttemptAt !== null && { nextAttemptAt: delivery.nextAttemptAt }),
    ...(delivery.lastAttemptAt !== null && { lastAttemptAt: delivery.lastAttemptAt }),
    ...(delivery.lastResponseCode !== null && { lastResponseCode: delivery.lastResponseCode }),
    ...(delivery.lastError !== null && { lastError: delivery.lastError }),
    ...(delivery.deliveredAt !== null && { deliveredAt: delivery.deliveredAt }),
    createdAt: delivery.createdAt,
  };
}

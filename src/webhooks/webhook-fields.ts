import { auditFields } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import { DELIVERY_STATUSES } from './webhook-delivery.js';
import type { SortOrder } from '../db/page.js';

/** The `q` fields of webhook lists, over `webhooks`. */
export const WEBHOOK_FIELDS: FiqlFields = {
  id: { column: 'webhooks.id', kind: 'integer' },
  name: { column: 'webhooks.name', kind: 'string' },
  url: { column: 'webhooks.url', kind: 'string' },
  enabled: { column: 'webhooks.enabled', kind: 'boolean' },
  ...auditFields('webhooks'),
};

/** The `q` fields of a webhook's delivery log, over `webhook_deliveries`. */
export const DELIVERY_FIELDS: FiqlFields = {
  id: { column: 'webhook_deliveries.id', kind: 'integer' },
  messageid: { column: 'webhook_deliveries.message_id', kind: 'string' },
  eventtype: { column: 'webhook_deliveries.event_type', kind: 'string' },
  status: { column: 'webhook_deliveries.status', kind: 'string', values: DELIVERY_STATUSES },
  attempts: { column: 'webhook_deliveries.attempts', kind: 'integer' },
  createdat: { column: 'webhook_deliveries.created_at', kind: 'integer' },
  deliveredat: { column: 'webhook_deliveries.delivered_at', kind: 'integer' },
};

/** Sortable fields of the subscription list (wire name, lower case → column). */
export const WEBHOOK_SORT_FIELDS = { id: 'webhooks.id', name: 'webhooks.name', url: 'webhooks.url' } as const;
export const WEBHOOK_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'webhooks.id', direction: 'asc' }];

/** Sortable fields of a subscription's delivery log; newest first unless asked. */
export const DELIVERY_SORT_FIELDS = {
  id: 'webhook_deliveries.id',
  createdat: 'webhook_deliveries.created_at',
  status: 'webhook_deliveries.status',
} as const;
export const DELIVERY_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'webhook_deliveries.id', direction: 'desc' }];

import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { DELETE_BATCH } from '../db/batch-delete.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import type { EventType } from '../events/outbox.js';
import { compileFiql } from '../query/fiql.js';
import type { afterAttempt, DeliveryStatus } from './webhook-delivery.js';
import { DELIVERY_FIELDS, WEBHOOK_FIELDS } from './webhook-fields.js';
import type { Delivery, Webhook } from './webhook-service.js';

/*
 * The SQL of webhooks (docs/CONVENTIONS.md rule 5): subscriptions with their event types, and the delivery log
 * the dispatcher works through. The deliveries are written by the event outbox (`events/outbox.ts`).
 */

/** A subscription's own fields as stored. */
export interface WebhookValues {
  readonly name: string;
  readonly url: string;
  readonly secret: string;
  readonly enabled: boolean;
}

/** A pending delivery of an enabled subscription, with what sending it needs. */
export interface DueDelivery {
  readonly id: number;
  readonly webhookId: number;
  readonly nextAttemptAt: number;
  readonly messageId: string;
  readonly eventType: string;
  readonly payload: string;
  readonly attempts: number;
  readonly url: string;
  readonly secret: string;
}

/** The columns an attempt writes (`webhook-delivery.ts`). */
export type AttemptColumns = ReturnType<typeof afterAttempt>;

interface WebhookRow {
  id: number;
  name: string;
  url: string;
  enabled: boolean | number;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

interface DeliveryRow {
  id: number | string;
  message_id: string;
  event_type: EventType;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | string;
  last_attempt_at: number | string | null;
  last_response_code: number | null;
  last_error: string | null;
  delivered_at: number | string | null;
  created_at: number | string;
}

interface DueDeliveryRow {
  id: number;
  next_attempt_at: number;
  webhook_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: Number(row.id),
  messageId: row.message_id,
  eventType: row.event_type,
  payload: JSON.parse(row.payload) as unknown,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? Number(row.next_attempt_at) : null,
  lastAttemptAt: orNull(row.last_attempt_at),
  lastResponseCode: row.last_response_code,
  lastError: row.last_error,
  deliveredAt: orNull(row.delivered_at),
  createdAt: Number(row.created_at),
});

const toDueDelivery = (row: DueDeliveryRow): DueDelivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  nextAttemptAt: row.next_attempt_at,
  messageId: row.message_id,
  eventType: row.event_type,
  payload: row.payload,
  attempts: row.attempts,
  url: row.url,
  secret: row.secret,
});

/** The subscriptions of `rows` with their event types, read in one query. */
async function withEventTypes(db: Knex, rows: readonly WebhookRow[]): Promise<Webhook[]> {
  const types = await db('webhook_event_types')
    .whereIn(
      'webhook_id',
      rows.map((row) => row.id),
    )
    .orderBy('event_type')
    .select<{ webhook_id: number; event_type: EventType }[]>('webhook_id', 'event_type');
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: Boolean(row.enabled),
    eventTypes: types.filter((type) => type.webhook_id === row.id).map((type) => type.event_type),
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    lastModifiedAt: Number(row.last_modified_at),
    lastModifiedBy: row.last_modified_by,
  }));
}

/** The enabled subscriptions' pending deliveries: what the dispatcher works through. */
const pendingRows = (db: Knex) =>
  db('webhook_deliveries as d').join('webhooks as w', 'w.id', 'd.webhook_id').where({ 'd.status': 'pending', 'w.enabled': true });

const pending = (db: Knex) =>
  pendingRows(db).select<DueDeliveryRow[]>(
    'd.id',
    'd.webhook_id',
    'd.next_attempt_at',
    'd.message_id',
    'd.event_type',
    'd.payload',
    'd.attempts',
    'w.url',
    'w.secret',
  );

/** The SQL of webhook subscriptions and their deliveries (docs/CONVENTIONS.md rule 5). */
export const webhookStore = {
  /** The subscription with its event types; undefined when there is none. */
  async find(db: Knex, id: number): Promise<Webhook | undefined> {
    const row = await db('webhooks').where('id', id).first<WebhookRow | undefined>();
    return row && (await withEventTypes(db, [row]))[0];
  },

  /**
   * One page of the subscriptions `q` selects, with their event types.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async page(db: Knex, page: PageRequest, q: string | undefined): Promise<Page<Webhook>> {
    const builder = db('webhooks').select('webhooks.*');
    if (q !== undefined) builder.where(compileFiql(q, WEBHOOK_FIELDS));
    const result = await fetchPage<WebhookRow>(builder, page, 'webhooks.id');
    return { rows: await withEventTypes(db, result.rows), total: result.total };
  },

  /** Inserts the subscription, without event types; returns its id. */
  async insert(db: Knex, values: WebhookValues, audit: Audit): Promise<number> {
    const { name, url, secret, enabled } = values;
    return insertRow(db, 'webhooks', { name, url, secret, enabled, ...auditColumns(audit) });
  },

  /** Writes the given fields of the subscription and its audit; absent fields keep their value (knex leaves an undefined column out). */
  async update(db: Knex, id: number, values: Partial<WebhookValues>, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void> {
    await db('webhooks')
      .where('id', id)
      .update({
        name: values.name,
        url: values.url,
        secret: values.secret,
        enabled: values.enabled,
        ...auditColumns(audit),
      });
  },

  /** Replaces the subscription's event types by `types` (each once). */
  async setEventTypes(db: Knex, id: number, types: readonly EventType[]): Promise<void> {
    await db('webhook_event_types').where('webhook_id', id).delete();
    const distinct = [...new Set(types)];
    if (distinct.length > 0) await db('webhook_event_types').insert(distinct.map((type) => ({ webhook_id: id, event_type: type })));
  },

  /** Deletes the subscription, its event types and deliveries with it (ON DELETE CASCADE); false when there was none. */
  async delete(db: Knex, id: number): Promise<boolean> {
    return (await db('webhooks').where('id', id).delete()) !== 0;
  },

  /**
   * One page of the subscription's deliveries `q` selects.
   * @throws DomainError rsqlParamSyntax, rsqlInvalidField
   */
  async pageDeliveries(db: Knex, webhookId: number, page: PageRequest, q: string | undefined): Promise<Page<Delivery>> {
    const builder = db('webhook_deliveries').where('webhook_deliveries.webhook_id', webhookId).select('webhook_deliveries.*');
    if (q !== undefined) builder.where(compileFiql(q, DELIVERY_FIELDS));
    const result = await fetchPage<DeliveryRow>(builder, page, 'webhook_deliveries.id');
    return { rows: result.rows.map(toDelivery), total: result.total };
  },

  /**
   * Deletes at most {@link DELETE_BATCH} delivered or dead deliveries created before `cutoff` (epoch ms), the
   * oldest first; pending ones stay.
   * @returns how many went
   */
  async deleteExpiredDeliveries(db: Knex, cutoff: number): Promise<number> {
    // in id order, which is creation order: the old rows come first and the pending ones are few
    return await db('webhook_deliveries')
      .whereIn('id', db('webhook_deliveries').where('created_at', '<', cutoff).whereNot('status', 'pending').orderBy('id').limit(DELETE_BATCH).select('id'))
      .delete();
  },

  /** The dispatcher's backlog: pending deliveries of enabled subscriptions, in one count. */
  async countPending(db: Knex): Promise<number> {
    return Number(((await pendingRows(db).count({ n: '*' }).first()) as { n: number | string }).n);
  },

  /** Every enabled subscription's oldest pending delivery, if it is due at `now`. */
  async dueHeads(db: Knex, now: number): Promise<DueDelivery[]> {
    const rows = await pending(db)
      .where('d.next_attempt_at', '<=', now)
      .whereRaw('d.id = (select min(p.id) from webhook_deliveries p where p.webhook_id = d.webhook_id and p.status = ?)', ['pending']);
    return rows.map(toDueDelivery);
  },

  /** The subscription's first `limit` pending deliveries in order, from its oldest, due or not. */
  async pendingBatch(db: Knex, webhookId: number, limit: number): Promise<DueDelivery[]> {
    const rows = await pending(db).where('d.webhook_id', webhookId).orderBy('d.id').limit(limit);
    return rows.map(toDueDelivery);
  },

  /** Records an attempt's outcome on the delivery, if it is still pending. */
  async recordAttempt(db: Knex, id: number, columns: AttemptColumns): Promise<void> {
    await db('webhook_deliveries').where({ id, status: 'pending' }).update(columns);
  },
};

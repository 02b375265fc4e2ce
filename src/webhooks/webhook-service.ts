import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { created, modified, type Audit } from '../db/audit.js';
import { DELETE_BATCH, deleteInBatches } from '../db/batch-delete.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { EventType } from '../events/outbox.js';
import { compileFiql } from '../query/fiql.js';
import type { DeliveryStatus } from './webhook-delivery.js';
import { DELIVERY_FIELDS, WEBHOOK_FIELDS } from './webhook-fields.js';
import { checkSecret, checkUrl } from './webhook-rules.js';

export interface Webhook extends Audit {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly enabled: boolean;
  readonly eventTypes: readonly EventType[];
}

/** A new subscription; without a secret one is generated. */
export interface NewWebhook {
  readonly name: string;
  readonly url: string;
  readonly secret?: string;
  readonly eventTypes: readonly EventType[];
  readonly enabled?: boolean;
}

/** A change; absent fields keep their value. */
export type WebhookChange = Partial<NewWebhook>;

export interface Delivery {
  readonly id: number;
  readonly messageId: string;
  readonly eventType: EventType;
  readonly payload: unknown;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: number | null;
  readonly lastAttemptAt: number | null;
  readonly lastResponseCode: number | null;
  readonly lastError: string | null;
  readonly deliveredAt: number | null;
  readonly createdAt: number;
}

export interface WebhookService {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<Webhook>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<Webhook>;
  /**
   * Creates all subscriptions or none. The secret is the only time it is returned (decision 153).
   * @throws DomainError constraintViolation (a URL outside http(s), a malformed secret)
   */
  create(webhooks: readonly NewWebhook[], actor: string): Promise<(Webhook & { readonly secret: string })[]>;
  /** @throws DomainError entityNotFound, constraintViolation */
  update(id: number, change: WebhookChange, actor: string): Promise<Webhook>;
  /** Deletes the subscription and its deliveries, delivered or not. @throws DomainError entityNotFound */
  remove(id: number): Promise<void>;
  /** The subscription's delivery log. @throws DomainError entityNotFound, rsqlParamSyntax, rsqlInvalidField */
  deliveries(id: number, page: PageRequest, q?: string): Promise<Page<Delivery>>;
  /**
   * Deletes the delivered and dead deliveries created more than `[cleanup] webhook_delivery_retention_days`
   * ago, in batches of {@link DELETE_BATCH}; pending ones stay, whatever their age. Nothing when it is 0.
   * Run hourly by the scheduler.
   * @returns how many went
   */
  purgeExpiredDeliveries(): Promise<number>;
}

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

const notFound = (id: number) =>
  new DomainError(ErrorCode.entityNotFound, `Webhook with given identifier {${id}} does not exist.`, { type: 'Webhook', entityId: id });

/** A secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
const generateSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Webhook subscriptions and their delivery logs (decisions 150–153). */
export function createWebhookService(db: Knex, clock: Clock, deliveryRetentionDays: number, logger: Logger): WebhookService {
  const read = async (trx: Knex, rows: readonly WebhookRow[]): Promise<Webhook[]> => {
    const types = await trx('webhook_event_types')
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
  };
  const find = async (trx: Knex, id: number): Promise<Webhook> => {
    const row = await trx('webhooks').where('id', id).first<WebhookRow | undefined>();
    if (!row) throw notFound(id);
    return (await read(trx, [row]))[0] as Webhook;
  };
  const setTypes = async (trx: Knex, id: number, types: readonly EventType[]) => {
    await trx('webhook_event_types').where('webhook_id', id).delete();
    const distinct = [...new Set(types)];
    if (distinct.length > 0) await trx('webhook_event_types').insert(distinct.map((type) => ({ webhook_id: id, event_type: type })));
  };

  return {
    async list(page, q) {
      const builder = db('webhooks').select('webhooks.*');
      if (q !== undefined) builder.where(compileFiql(q, WEBHOOK_FIELDS));
      const result = await fetchPage<WebhookRow>(builder, page, 'webhooks.id');
      return { rows: await read(db, result.rows), total: result.total };
    },
    get: (id) => find(db, id),
    create(requested, actor) {
      requested.forEach((webhook) => {
        checkUrl(webhook.url);
        if (webhook.secret !== undefined) checkSecret(webhook.secret);
      });
      return inTransaction(db, async (trx) => {
        const audit = created(actor, clock());
        const result: (Webhook & { secret: string })[] = [];
        for (const webhook of requested) {
          const secret = webhook.secret ?? generateSecret();
          const [inserted] = await trx('webhooks')
            .insert({
              name: webhook.name,
              url: webhook.url,
              secret,
              enabled: webhook.enabled ?? true,
              created_at: audit.createdAt,
              created_by: audit.createdBy,
              last_modified_at: audit.lastModifiedAt,
              last_modified_by: audit.lastModifiedBy,
            })
            .returning<{ id: number }[]>('id');
          const id = (inserted as { id: number }).id;
          await setTypes(trx, id, webhook.eventTypes);
          result.push({ ...(await find(trx, id)), secret });
        }
        return result;
      });
    },
    update(id, change, actor) {
      if (change.url !== undefined) checkUrl(change.url);
      if (change.secret !== undefined) checkSecret(change.secret);
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        const audit = modified(actor, clock());
        await trx('webhooks')
          .where('id', id)
          .update({
            ...(change.name !== undefined && { name: change.name }),
            ...(change.url !== undefined && { url: change.url }),
            ...(change.secret !== undefined && { secret: change.secret }),
            ...(change.enabled !== undefined && { enabled: change.enabled }),
            last_modified_at: audit.lastModifiedAt,
            last_modified_by: audit.lastModifiedBy,
          });
        if (change.eventTypes !== undefined) await setTypes(trx, id, change.eventTypes);
        return find(trx, id);
      });
    },
    async remove(id) {
      // event types and deliveries go with it: ON DELETE CASCADE
      if ((await db('webhooks').where('id', id).delete()) === 0) throw notFound(id);
    },
    async deliveries(id, page, q) {
      await find(db, id);
      const builder = db('webhook_deliveries').where('webhook_deliveries.webhook_id', id).select('webhook_deliveries.*');
      if (q !== undefined) builder.where(compileFiql(q, DELIVERY_FIELDS));
      const result = await fetchPage<DeliveryRow>(builder, page, 'webhook_deliveries.id');
      return { rows: result.rows.map(toDelivery), total: result.total };
    },
    async purgeExpiredDeliveries() {
      if (deliveryRetentionDays === 0) return 0;
      const cutoff = clock() - deliveryRetentionDays * DAY_MS;
      // in id order, which is creation order: the old rows come first and the pending ones are few
      const deleted = await deleteInBatches(db, (trx) =>
        trx('webhook_deliveries')
          .whereIn(
            'id',
            trx('webhook_deliveries').where('created_at', '<', cutoff).whereNot('status', 'pending').orderBy('id').limit(DELETE_BATCH).select('id'),
          )
          .delete(),
      );
      if (deleted > 0) logger.info({ deleted, deliveryRetentionDays }, 'webhook delivery retention deleted old deliveries');
      return deleted;
    },
  };
}

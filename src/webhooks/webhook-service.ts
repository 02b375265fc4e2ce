import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { created, modified, type Audit } from '../db/audit.js';
import { deleteInBatches } from '../db/batch-delete.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { notFound } from '../errors.js';
import type { EventType } from '../events/outbox.js';
import type { DeliveryStatus } from './webhook-delivery.js';
import type { DestinationRule } from './webhook-destination.js';
import { checkSecret, checkUrl } from './webhook-rules.js';
import { webhookStore } from './webhook-store.js';

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
  list(query: ListRequest): Promise<Page<Webhook>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<Webhook>;
  /**
   * Creates all subscriptions or none. The secret is the only time it is returned (decision 153).
   * @throws DomainError constraintViolation (a URL outside http(s) or at a refused destination, a malformed secret)
   */
  create(webhooks: readonly NewWebhook[], actor: string): Promise<(Webhook & { readonly secret: string })[]>;
  /** @throws DomainError entityNotFound, constraintViolation */
  update(id: number, change: WebhookChange, actor: string): Promise<Webhook>;
  /** Deletes the subscription and its deliveries, delivered or not. @throws DomainError entityNotFound */
  remove(id: number): Promise<void>;
  /** The subscription's delivery log. @throws DomainError entityNotFound, rsqlParamSyntax, rsqlInvalidField */
  deliveries(id: number, query: ListRequest): Promise<Page<Delivery>>;
  /**
   * Deletes the delivered and dead deliveries created more than `[cleanup] webhook_delivery_retention_days`
   * ago, in batches of `DELETE_BATCH` (`db/batch-delete.ts`); pending ones stay, whatever their age. Nothing when it is 0.
   * Run hourly by the scheduler.
   * @returns how many went
   */
  purgeExpiredDeliveries(): Promise<number>;
}

/** A secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
const generateSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Webhook subscriptions and their delivery logs (decisions 150–153). */
export function createWebhookService(db: Knex, clock: Clock, deliveryRetentionDays: number, destinations: DestinationRule, logger: Logger): WebhookService {
  const find = async (trx: Knex, id: number): Promise<Webhook> => {
    const webhook = await webhookStore.find(trx, id);
    if (!webhook) throw notFound('Webhook', id);
    return webhook;
  };

  return {
    list: ({ page, q }) => webhookStore.page(db, page, q),
    get: (id) => find(db, id),
    create(requested, actor) {
      requested.forEach((webhook) => {
        checkUrl(webhook.url, destinations);
        if (webhook.secret !== undefined) checkSecret(webhook.secret);
      });
      return inTransaction(db, async (trx) => {
        const audit = created(actor, clock());
        const result: (Webhook & { secret: string })[] = [];
        for (const webhook of requested) {
          const secret = webhook.secret ?? generateSecret();
          const id = await webhookStore.insert(trx, { name: webhook.name, url: webhook.url, secret, enabled: webhook.enabled ?? true }, audit);
          await webhookStore.setEventTypes(trx, id, webhook.eventTypes);
          result.push({ ...(await find(trx, id)), secret });
        }
        return result;
      });
    },
    update(id, change, actor) {
      if (change.url !== undefined) checkUrl(change.url, destinations);
      if (change.secret !== undefined) checkSecret(change.secret);
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        const audit = modified(actor, clock());
        await webhookStore.update(trx, id, change, audit);
        if (change.eventTypes !== undefined) await webhookStore.setEventTypes(trx, id, change.eventTypes);
        return find(trx, id);
      });
    },
    async remove(id) {
      if (!(await webhookStore.delete(db, id))) throw notFound('Webhook', id);
    },
    async deliveries(id, { page, q }) {
      await find(db, id);
      return webhookStore.pageDeliveries(db, id, page, q);
    },
    async purgeExpiredDeliveries() {
      if (deliveryRetentionDays === 0) return 0;
      const cutoff = clock() - deliveryRetentionDays * DAY_MS;
      const deleted = await deleteInBatches(db, (trx) => webhookStore.deleteExpiredDeliveries(trx, cutoff));
      if (deleted > 0) logger.info({ deleted, deliveryRetentionDays }, 'webhook delivery retention deleted old deliveries');
      return deleted;
    },
  };
}

import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../clock.js';
import type { WebhookConfig } from '../config.js';
import { dialectOf } from '../db/database.js';
import { afterAttempt, type AttemptOutcome } from './webhook-delivery.js';

/** Deliveries one subscription gets in one run at most, so that a busy one cannot hold the run for long. */
const RUN_BATCH = 100;
/**
 * The dispatcher's `pg_try_advisory_lock` keys: 'hook' and a hash of the schema, as the rollout
 * evaluator's lock is keyed (one Falconet per schema).
 */
const LOCK_KEYS = `${0x686f6f6b}, hashtext(current_schema())`;

interface DueDelivery {
  id: number;
  webhook_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

export interface WebhookDispatcher {
  /**
   * One run (decision 151): for every enabled subscription, its oldest pending delivery if due, then the
   * next ones while they succeed or die and are due; subscriptions in parallel, each one's deliveries in id
   * order. On PostgreSQL one process at a time runs (an advisory lock; the others skip the run), so each
   * attempt is made once. A kill between an attempt and its record repeats the attempt after restart.
   * @returns the attempts made
   */
  dispatch(): Promise<number>;
}

export function createWebhookDispatcher(db: Knex, clock: Clock, config: WebhookConfig, logger: Logger): WebhookDispatcher {
  const due = (now: number) =>
    db('webhook_deliveries as d')
      .join('webhooks as w', 'w.id', 'd.webhook_id')
      .where({ 'd.status': 'pending', 'w.enabled': true })
      .where('d.next_attempt_at', '<=', now)
      .whereRaw('d.id = (select min(p.id) from webhook_deliveries p where p.webhook_id = d.webhook_id and p.status = ?)', ['pending'])
      .select<DueDelivery[]>('d.id', 'd.webhook_id', 'd.message_id', 'd.payload', 'd.attempts', 'w.url', 'w.secret');

  const attempt = async (delivery: DueDelivery): Promise<AttemptOutcome> => {
    // the receiver checks the timestamp against its own clock, so it is the wall clock's, not the injected one
    const sentAt = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.message_id, sentAt, delivery.payload);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Falconet-Webhooks',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(config.requestTimeoutMs),
      });
      await response.body?.cancel();
      return { responseCode: response.status };
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      return { error: cause ? `${(error as Error).message}: ${cause.message}` : (error as Error).message };
    }
  };

  /** Delivers one subscription's due deliveries in order, from `first`; stops at one that has to wait. */
  const deliverInOrder = async (first: DueDelivery): Promise<number> => {
    let delivery: DueDelivery | undefined = first;
    let attempts = 0;
    while (delivery !== undefined && attempts < RUN_BATCH) {
      const outcome = await attempt(delivery);
      attempts += 1;
      const columns = afterAttempt(delivery.attempts, outcome, clock(), config);
      await db('webhook_deliveries').where({ id: delivery.id, status: 'pending' }).update(columns);
      if (columns.status === 'dead') logger.warn({ webhookId: delivery.webhook_id, deliveryId: delivery.id }, 'webhook delivery dead-lettered');
      if (columns.status === 'pending') return attempts;
      delivery = (await due(clock()).where('d.webhook_id', delivery.webhook_id)).at(0);
    }
    return attempts;
  };

  return {
    async dispatch() {
      const made = await withDispatchLock(db, async () => {
        const heads = await due(clock());
        const counts = await Promise.all(heads.map(deliverInOrder));
        return counts.reduce((sum, count) => sum + count, 0);
      });
      return made ?? 0;
    },
  };
}

/** Runs `work` holding the dispatcher's session advisory lock (PostgreSQL), or straight away (SQLite: one process). */
async function withDispatchLock<T>(db: Knex, work: () => Promise<T>): Promise<T | undefined> {
  if (dialectOf(db) !== 'postgres') return work();
  const client = db.client as Knex.Client;
  const connection: unknown = await client.acquireConnection();
  try {
    const locked = (await db.raw(`select pg_try_advisory_lock(${LOCK_KEYS}) as locked`).connection(connection)) as { rows: { locked: boolean }[] };
    if (locked.rows[0]?.locked !== true) return undefined;
    try {
      return await work();
    } finally {
      await db.raw(`select pg_advisory_unlock(${LOCK_KEYS})`).connection(connection);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

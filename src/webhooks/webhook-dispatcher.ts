import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../clock.js';
import type { WebhookConfig } from '../config.js';
import { withAdvisoryLock } from '../db/advisory-lock.js';
import type { Metrics } from '../metrics/metrics.js';
import { afterAttempt, type AttemptOutcome } from './webhook-delivery.js';
import { bareHost, destinationRule, PrivateDestinationError, REFUSED_PRIVATE } from './webhook-destination.js';
import { webhookStore, type DueDelivery } from './webhook-store.js';

/** A subscription's pending deliveries read at once: one query per batch, not one per delivery. */
const BATCH = 100;
/**
 * While a subscription has more than a batch waiting and no request is being answered, the run goes on with
 * the next batches up to this long (then the next run, one interval later, resumes): an idle server drains a
 * backlog at the receivers' pace, a busy one takes one batch per subscription and interval and leaves the rest
 * of its time to the requests. Stopping the server waits for one budget at most.
 */
const RUN_BUDGET_MS = 5_000;

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

/** The attempt's outcome as `falconet_webhook_delivery_attempts_total` counts it. */
const OUTCOMES = { delivered: 'delivered', pending: 'failed', dead: 'dead' } as const;

export function createWebhookDispatcher(
  db: Knex,
  clock: Clock,
  config: WebhookConfig,
  options: {
    readonly logger: Logger;
    readonly metrics: Pick<Metrics, 'webhookAttempts'>;
    readonly busy: () => boolean;
    /** resolves once every commit so far is on disk (decision 277): no receiver hears of a change a power loss could take back */
    readonly durable: () => Promise<void>;
    /** how long one run may go on draining a backlog; a test of the drain gives a run all the time it needs */
    readonly runBudgetMs?: number;
  },
): WebhookDispatcher {
  const { logger, metrics, busy, durable, runBudgetMs = RUN_BUDGET_MS } = options;
  const destinations = destinationRule(config);
  // one pool per dispatcher: kept-alive sockets were checked when they connected
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

  /**
   * One POST with node:http(s), whose `lookup` option lets the destination rule see every address a name
   * resolves to before the socket connects (decision 273); an address literal is checked here, as no lookup
   * runs for it. Redirects are not followed (node:http never does); the answer body is drained unread.
   */
  const post = (url: URL, headers: Record<string, string>, body: string) =>
    new Promise<AttemptOutcome>((settle) => {
      const host = bareHost(url);
      if (isIP(host) !== 0 && !destinations.permits(host)) return settle({ error: REFUSED_PRIVATE });
      const protocol = url.protocol as keyof typeof agents;
      const send = protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: agents[protocol],
          lookup: destinations.lookup,
          signal: AbortSignal.timeout(config.requestTimeoutMs),
        },
        (response) => {
          response.resume();
          settle({ responseCode: response.statusCode ?? 0 });
        },
      );
      request.on('error', (error) => settle({ error: error instanceof PrivateDestinationError ? REFUSED_PRIVATE : error.message }));
      request.end(body);
    });

  const attempt = (delivery: DueDelivery): Promise<AttemptOutcome> => {
    // the receiver checks the timestamp against its own clock, so it is the wall clock's, not the injected one
    const sentAt = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.messageId, sentAt, delivery.payload);
    return post(
      new URL(delivery.url),
      {
        'content-type': 'application/json',
        'user-agent': 'Falconet-Webhooks',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      delivery.payload,
    );
  };

  /**
   * Delivers a subscription's next batch in order; stops at a delivery that has to wait.
   * @returns the attempts made, and whether the whole batch went and more may follow
   */
  const deliverBatch = async (webhookId: number): Promise<{ attempts: number; more: boolean }> => {
    const batch = await webhookStore.pendingBatch(db, webhookId, BATCH);
    if (batch.length > 0) await durable();
    let attempts = 0;
    for (const delivery of batch) {
      if (delivery.nextAttemptAt > clock()) return { attempts, more: false };
      const outcome = await attempt(delivery);
      attempts += 1;
      const columns = afterAttempt(delivery.attempts, outcome, clock(), config);
      await webhookStore.recordAttempt(db, delivery.id, columns);
      metrics.webhookAttempts.inc({ outcome: OUTCOMES[columns.status] });
      if (columns.status === 'dead') {
        const { attempts, last_response_code: responseCode, last_error: error } = columns;
        const line = { webhookId, deliveryId: delivery.id, eventType: delivery.eventType, attempts, responseCode, error };
        logger.warn(line, 'webhook delivery dead-lettered');
      }
      if (columns.status === 'pending') return { attempts, more: false };
    }
    return { attempts, more: batch.length === BATCH };
  };

  /** One subscription's run: a batch, then more while it has a backlog and the server is idle, within the run's budget. */
  const deliverInOrder = async (webhookId: number, until: number): Promise<number> => {
    let made = 0;
    for (;;) {
      const { attempts, more } = await deliverBatch(webhookId);
      made += attempts;
      if (!more || performance.now() >= until || busy()) return made;
    }
  };

  return {
    async dispatch() {
      const made = await withAdvisoryLock(db, 'webhookDispatcher', 'try', async () => {
        const startedAt = Date.now();
        const until = performance.now() + runBudgetMs;
        const heads = await webhookStore.dueHeads(db, clock());
        const counts = await Promise.all(heads.map((head) => deliverInOrder(head.webhookId, until)));
        const attempts = counts.reduce((sum, count) => sum + count, 0);
        // a run that attempted something, with its span in the lock: the scale-out test reads these
        if (attempts > 0) logger.debug({ attempts, startedAt, finishedAt: Date.now() }, 'webhook dispatch');
        return attempts;
      });
      return made ?? 0;
    },
  };
}

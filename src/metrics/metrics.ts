import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { TickResult } from '../rollouts/rollout-evaluator.js';
import { statisticsStore } from '../system/statistics-store.js';
import { webhookStore } from '../webhooks/webhook-store.js';

/**
 * The Prometheus metrics of one Falconet app (decision 130). Counters and histograms are maintained where
 * things happen; the counts of actions and rollouts by status and the pool's use are read when scraped.
 */
export interface Metrics {
  readonly requests: Counter<'operation' | 'status'>;
  readonly requestSeconds: Histogram<'operation'>;
  readonly polls: Counter;
  readonly deploymentBaseFetches: Counter;
  readonly feedback: Counter<'execution' | 'finished'>;
  readonly downloads: Counter<'delivery'>;
  readonly downloadBytes: Counter;
  readonly evaluatorTicks: Counter<'outcome'>;
  readonly evaluatorTickSeconds: Histogram<'outcome'>;
  readonly evaluatedRollouts: Counter;
  readonly webhookAttempts: Counter<'outcome'>;
  /** the exposition text of these metrics and the process's */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** Poll and API latencies, seconds: from a cached poll (~0.1 ms) to a large management query. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TICK_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30];

/** knex's connection pool (tarn), as far as the gauges read it. */
interface Pool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  readonly max: number;
}

/** The process's own metrics (CPU, memory, event-loop delay, GC): one monitor per process, however many apps. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The metrics of an app on `db`; the process's are collected only once a scrape can read them (`enabled`). */
export function createMetrics(db: Knex, enabled: boolean): Metrics {
  const registers = [new Registry()];
  const [register] = registers as [Registry];
  const processRegister = enabled ? processMetrics() : new Registry();
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers });

  const countsByStatus = (name: string, help: string, table: 'actions' | 'rollouts') =>
    new Gauge({
      name,
      help,
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await statisticsStore.countsByStatus(db, table);
        this.reset();
        for (const row of rows) this.set({ status: row.status }, row.count);
      },
    });
  countsByStatus('falconet_actions', 'Actions by status in the database (the same in every process: do not sum)', 'actions');
  countsByStatus('falconet_rollouts', 'Rollouts by status in the database (the same in every process: do not sum)', 'rollouts');
  const pool = () => (db.client as { pool?: Pool }).pool;
  const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const current = pool();
        this.set(current === undefined ? 0 : read(current));
      },
    });
  poolGauge('falconet_db_pool_connections_used', 'Database connections lent out by the pool', (p) => p.numUsed());
  poolGauge('falconet_db_pool_connections_free', 'Idle database connections in the pool', (p) => p.numFree());
  poolGauge('falconet_db_pool_pending_acquires', 'Requests waiting for a database connection', (p) => p.numPendingAcquires());
  poolGauge('falconet_db_pool_connections_max', 'The pool’s connection limit', (p) => p.max);
  new Gauge({
    name: 'falconet_webhook_deliveries_pending',
    help: 'Webhook deliveries of enabled subscriptions waiting for the dispatcher (the same in every process: do not sum)',
    registers,
    async collect() {
      this.set(await webhookStore.countPending(db));
    },
  });

  return {
    requests: counter('falconet_http_requests_total', 'HTTP requests answered, by operation id and status code', ['operation', 'status']),
    requestSeconds: histogram('falconet_http_request_duration_seconds', 'Time to the response headers, by operation id', ['operation'], REQUEST_BUCKETS),
    polls: counter('falconet_ddi_polls_total', 'Device polls answered 200'),
    deploymentBaseFetches: counter('falconet_ddi_deployment_base_fetches_total', 'deploymentBase documents answered 200'),
    feedback: counter('falconet_ddi_feedback_total', 'deploymentBase feedback accepted, by execution and result', ['execution', 'finished']),
    downloads: counter('falconet_ddi_downloads_total', 'Artifact downloads answered: streamed (200, 206) or redirected (307)', ['delivery']),
    downloadBytes: counter('falconet_ddi_download_bytes_total', 'Artifact bytes this process sent to devices'),
    evaluatorTicks: counter('falconet_rollout_evaluator_ticks_total', 'Rollout evaluator ticks: evaluated, skipped (another process held the lock) or failed', [
      'outcome',
    ]),
    evaluatorTickSeconds: histogram('falconet_rollout_evaluator_tick_duration_seconds', 'Duration of rollout evaluator ticks', ['outcome'], TICK_BUCKETS),
    evaluatedRollouts: counter('falconet_rollout_evaluations_total', 'Rollout steps the evaluator ran'),
    webhookAttempts: counter(
      'falconet_webhook_delivery_attempts_total',
      'Webhook delivery attempts: delivered, failed (retried later) or dead (the last one failed)',
      ['outcome'],
    ),
    contentType: register.contentType,
    async scrape() {
      return `${await processRegister.metrics()}\n${await register.metrics()}`;
    },
  };
}

/** The evaluator's `tick`, timed and counted by outcome. */
export function timedTick(metrics: Metrics, tick: () => Promise<TickResult>): () => Promise<TickResult> {
  return async () => {
    const stop = process.hrtime.bigint();
    const observe = (outcome: string) => {
      metrics.evaluatorTicks.inc({ outcome });
      metrics.evaluatorTickSeconds.observe({ outcome }, Number(process.hrtime.bigint() - stop) / 1e9);
    };
    try {
      const result = await tick();
      observe(result.evaluated ? 'evaluated' : 'skipped');
      metrics.evaluatedRollouts.inc(result.rollouts);
      return result;
    } catch (error) {
      observe('failed');
      throw error;
    }
  };
}

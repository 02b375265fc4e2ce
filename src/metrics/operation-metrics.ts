import type { Context, MiddlewareHandler } from 'hono';
import type { Counter } from 'prom-client';
import type { components } from '../generated/ddi.js';
import type { ApiOperation } from '../http/api-operations.js';
import type { AppEnv } from '../http/app-env.js';
import { countedBody } from '../http/file-body.js';
import type { Metrics } from './metrics.js';

type ActionFeedback = components['schemas']['ActionFeedback'];

/** What an answered request of one operation adds beyond its count and latency: from its status alone, */
type StatusTally = (status: number, metrics: Metrics) => void;
/** from its status and its validated body, */
type BodyTally = (status: number, body: unknown, metrics: Metrics) => void;
/** or from the whole request and response. */
type Tally = (c: Context<AppEnv>, metrics: Metrics) => void;

const STATUS_TALLIES: Readonly<Record<string, StatusTally>> = {
  getControllerBase: (status, metrics) => {
    if (status === 200) metrics.polls.inc();
  },
  getControllerDeploymentBaseAction: (status, metrics) => {
    if (status === 200) metrics.deploymentBaseFetches.inc();
  },
};

const BODY_TALLIES: Readonly<Record<string, BodyTally>> = {
  postDeploymentBaseActionFeedback: (answered, body, metrics) => {
    if (answered !== 200) return;
    // answered 200, so the body passed the operation's validation: it is an ActionFeedback
    const { status } = body as ActionFeedback;
    metrics.feedback.inc({ execution: status.execution, finished: status.result.finished });
  },
};

const TALLIES: Readonly<Record<string, Tally>> = {
  downloadArtifact: (c, metrics) => {
    const { status, body } = c.res;
    if (status === 307) metrics.downloads.inc({ delivery: 'redirected' });
    if ((status !== 200 && status !== 206) || c.req.method !== 'GET') return;
    metrics.downloads.inc({ delivery: 'streamed' });
    if (body === null) return;
    // counted as the bytes leave: a download the device breaks off counts what it received
    c.res = new Response(
      countedBody(body, (bytes) => metrics.downloadBytes.inc(bytes)),
      c.res,
    );
  },
};

/**
 * Records one answered request of an operation: latency from `started` (performance.now()), count by
 * status, and its tallies; those that read the body only when given it (a lean path, which has no context)
 * or the context, those that read more only when given the context.
 */
export type AnswerRecorder = (started: number, status: number, c?: Context<AppEnv>, body?: unknown) => void;

/**
 * What the metrics record of each answered request of an operation (decision 130): its latency until the
 * response is ready and its count by status, with the operation id as the label (never the raw path), plus
 * the operation's own tally. One recorder serves the middleware below and the lean paths
 * (`ddi/poll-fast-path.ts`, `ddi/deployment-fast-path.ts`), which hand it the status and the body: their
 * operations' tallies read nothing else.
 */
export function answerRecorder(metrics: Metrics, { operationId }: ApiOperation): AnswerRecorder {
  const latency = metrics.requestSeconds.labels(operationId);
  const byStatus = new Map<number, Counter.Internal>();
  const countOf = (status: number) => {
    let count = byStatus.get(status);
    if (count === undefined) {
      count = metrics.requests.labels(operationId, String(status));
      byStatus.set(status, count);
    }
    return count;
  };
  const statusTally = STATUS_TALLIES[operationId];
  const bodyTally = BODY_TALLIES[operationId];
  const tally = TALLIES[operationId];
  return (started, status, c, body = c?.get('input')?.body) => {
    latency.observe((performance.now() - started) / 1000);
    countOf(status).inc();
    statusTally?.(status, metrics);
    bodyTally?.(status, body, metrics);
    if (c !== undefined) tally?.(c, metrics);
  };
}

/**
 * The first middleware of an operation's chain: {@link answerRecorder} once the response is made. Failures of
 * the later middleware (401, 400, 415 …) are counted too: Hono has turned them into responses when `next()` returns.
 */
export function operationMetrics(metrics: Metrics, operation: ApiOperation): MiddlewareHandler<AppEnv> {
  const record = answerRecorder(metrics, operation);
  return async (c, next) => {
    const started = performance.now();
    await next();
    record(started, c.res.status, c);
  };
}

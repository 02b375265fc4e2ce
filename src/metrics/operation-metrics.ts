import type { Context, MiddlewareHandler } from 'hono';
import type { Counter } from 'prom-client';
import type { components } from '../generated/ddi.js';
import type { ApiOperation } from '../http/api-operations.js';
import type { AppEnv } from '../http/app-env.js';
import { countedBody } from '../http/file-body.js';
import type { Metrics } from './metrics.js';

type ActionFeedback = components['schemas']['ActionFeedback'];

/** What an answered request of one operation adds beyond its count and latency. */
type Tally = (c: Context<AppEnv>, metrics: Metrics) => void;

const TALLIES: Readonly<Record<string, Tally>> = {
  getControllerBase: (c, metrics) => {
    if (c.res.status === 200) metrics.polls.inc();
  },
  getControllerDeploymentBaseAction: (c, metrics) => {
    if (c.res.status === 200) metrics.deploymentBaseFetches.inc();
  },
  postDeploymentBaseActionFeedback: (c, metrics) => {
    if (c.res.status !== 200) return;
    // answered 200, so the body passed the operation's validation: it is an ActionFeedback
    const { status } = c.get('input').body as ActionFeedback;
    metrics.feedback.inc({ execution: status.execution, finished: status.result.finished });
  },
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
 * The first middleware of an operation's chain (decision 130): its latency until the response is ready
 * and its count by status, with the operation id as the label (never the raw path), plus the operation's
 * own tally. Failures of the later middleware (401, 400, 415 …) are counted too: Hono has turned them into
 * responses when `next()` returns.
 */
export function operationMetrics(metrics: Metrics, { operationId }: ApiOperation): MiddlewareHandler<AppEnv> {
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
  const tally = TALLIES[operationId];
  return async (c, next) => {
    const started = performance.now();
    await next();
    latency.observe((performance.now() - started) / 1000);
    countOf(c.res.status).inc();
    tally?.(c, metrics);
  };
}

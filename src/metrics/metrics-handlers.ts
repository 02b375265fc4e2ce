import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError, ErrorCode } from '../errors.js';
import { errorResponse } from '../http/error-handler.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import type { Metrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `/metrics` (decision 130) and `/ready` (decision 131); neither takes the operator's credentials. */
export const metricsHandlers: HandlerFactory<{ readonly metrics: Metrics; readonly readiness: () => Promise<void> }> = (config, { metrics, readiness }) => {
  const { enabled, token } = config.metrics;
  // compared as digests: equal lengths, and no early exit that times the token
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return {
    getReadiness: async (c) => {
      await readiness();
      return c.text('ok');
    },
    getMetrics: async (c) => {
      if (!enabled) throw new DomainError(ErrorCode.notFound, 'Metrics are off ([metrics] enabled = false)');
      if (expected !== undefined && !timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
        c.header('WWW-Authenticate', 'Bearer realm="falconet-metrics"');
        return errorResponse(c, new DomainError(ErrorCode.unauthorized, 'The metrics need the bearer token of [metrics] token'));
      }
      return c.body(await metrics.scrape(), 200, { 'content-type': metrics.contentType });
    },
  };
};

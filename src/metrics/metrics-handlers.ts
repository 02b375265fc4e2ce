import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { OperatorAuth } from '../auth/operator-auth.js';
import { DomainError, ErrorCode } from '../errors.js';
import { errorResponse } from '../http/error-handler.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { SESSION_COOKIE } from '../http/operator-authentication.js';
import { clientAddressResolver } from '../http/request-context.js';
import type { Readiness } from '../system/readiness.js';
import type { Metrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

interface MetricsServices {
  readonly metrics: Metrics;
  readonly readiness: Readiness;
  readonly operatorAuth: OperatorAuth;
}

/**
 * `/metrics` (decision 130) and `/ready` (decisions 131 and 198); neither needs the operator's credentials.
 * `/ready` names the dependency that is not ready to anyone, and the driver's error behind it (addresses,
 * paths) only to a request the operator's credentials authenticate.
 */
export const metricsHandlers: HandlerFactory<MetricsServices> = (config, { metrics, readiness, operatorAuth }) => {
  const { enabled, token } = config.metrics;
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  const isOperator = async (c: Context) => {
    const authorization = c.req.header('authorization');
    const sessionToken = getCookie(c, SESSION_COOKIE);
    if (authorization === undefined && sessionToken === undefined) return false;
    return operatorAuth.authenticate({ authorization, sessionToken, clientAddress: clientAddress(c) }).then(
      () => true,
      () => false,
    );
  };
  // compared as digests: equal lengths, and no early exit that times the token
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return {
    getReadiness: async (c) => {
      const failures = await readiness();
      if (failures.length === 0) return c.text('ok');
      const detailed = await isOperator(c);
      const reasons = failures.map(({ reason, detail }) => (detailed && detail !== undefined ? `${reason}: ${detail}` : reason));
      throw new DomainError(ErrorCode.notReady, reasons.join('; '));
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

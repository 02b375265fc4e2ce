import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { OperatorAuth } from '../auth/operator-auth.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { errorResponse } from './error-handler.js';
import type { FailureLog } from './failure-log.js';

export const SESSION_COOKIE = 'falconet_session';

/**
 * Management operations: a session cookie or HTTP Basic. A 401 invites Basic credentials, except for
 * script requests marked `X-Requested-With` (the console), where a browser password dialog would be wrong.
 * `authenticated` hears of each operator's request that passed.
 */
export function operatorAuthentication(
  auth: OperatorAuth,
  clientAddress: (c: Context) => string,
  failures: FailureLog,
  authenticated: () => void,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      c.set(
        'operator',
        await auth.authenticate({
          authorization: c.req.header('authorization'),
          sessionToken: getCookie(c, SESSION_COOKIE),
          clientAddress: clientAddress(c),
        }),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === ErrorCode.unauthorized && c.req.header('x-requested-with') === undefined) {
        c.header('WWW-Authenticate', 'Basic realm="falconet"');
      }
      failures.record(c.get('logger'), clientAddress(c), { errorCode: error.code });
      return errorResponse(c, error);
    }
    authenticated();
    await next();
  };
}

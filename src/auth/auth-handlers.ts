import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DomainError } from '../errors.js';
import type { FailureLog } from '../http/failure-log.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { SESSION_COOKIE } from '../http/operator-authentication.js';
import { clientAddressResolver } from '../http/request-context.js';
import { OPERATOR_PERMISSIONS } from './operator-permissions.js';
import type { OperatorAuth } from './operator-auth.js';

/** `POST /rest/v1/login`, `POST /rest/v1/logout`, `GET /rest/v1/session`, and hawkBit's `GET /rest/v1/userinfo`. */
export const authHandlers: HandlerFactory<{ readonly operatorAuth: OperatorAuth; readonly authFailures: { readonly operator: FailureLog } }> = (
  config,
  { operatorAuth, authFailures },
) => {
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  const cookie = { path: '/', httpOnly: true, sameSite: 'Strict', secure: config.url?.startsWith('https:') ?? false } as const;
  return {
    login: async (c, { body }) => {
      const { username, password } = body;
      const address = clientAddress(c);
      const token = await operatorAuth.login(username, password, address).catch((error: unknown) => {
        // logged like a failed Basic authentication, in the same one line a minute (decision 53)
        if (error instanceof DomainError) authFailures.operator.record(c.get('logger'), address, { errorCode: error.code });
        throw error;
      });
      setCookie(c, SESSION_COOKIE, token, cookie);
      // the audit log's actor (decision 160)
      c.set('operator', username);
      return c.body(null, 204);
    },
    logout: async (c) => {
      const token = getCookie(c, SESSION_COOKIE);
      const account = token === undefined ? undefined : await operatorAuth.logout(token);
      // Only a logout that ended a session is audited (decision 160): anyone may send one that ends nothing.
      if (account !== undefined) c.set('operator', account);
      deleteCookie(c, SESSION_COOKIE, cookie);
      return c.body(null, 204);
    },
    getSession: (c) => c.body(null, 204),
    validateBasicAuth: (c) => c.json({ tenant: config.tenant, username: c.get('operator'), permissions: [...OPERATOR_PERMISSIONS] }),
  };
};

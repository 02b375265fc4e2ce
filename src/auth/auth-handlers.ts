import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { HandlerFactory } from '../http/operation-handler.js';
import { SESSION_COOKIE } from '../http/operator-authentication.js';
import { clientAddressResolver } from '../http/request-context.js';
import { OPERATOR_PERMISSIONS } from './operator-permissions.js';
import type { OperatorAuth } from './operator-auth.js';

/** `POST /rest/v1/login`, `POST /rest/v1/logout`, `GET /rest/v1/session`, and hawkBit's `GET /rest/v1/userinfo`. */
export const authHandlers: HandlerFactory<{ readonly operatorAuth: OperatorAuth }> = (config, { operatorAuth }) => {
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  const cookie = { path: '/', httpOnly: true, sameSite: 'Strict', secure: config.url?.startsWith('https:') ?? false } as const;
  return {
    login: async (c, { body }) => {
      const { username, password } = body;
      setCookie(c, SESSION_COOKIE, await operatorAuth.login(username, password, clientAddress(c)), cookie);
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

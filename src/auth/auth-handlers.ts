import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { SESSION_COOKIE } from '../http/operator-authentication.js';
import type { OperationHandlers } from '../http/routes.js';
import type { OperatorAuth } from './operator-auth.js';
import { OPERATOR_PERMISSIONS } from './operator-permissions.js';

type LoginRequest = components['schemas']['LoginRequest'];

/** `POST /rest/v1/login`, `POST /rest/v1/logout`, `GET /rest/v1/session`, and hawkBit's `GET /rest/v1/userinfo`. */
export function authHandlers(auth: OperatorAuth, options: { secureCookie: boolean; clientAddress: (c: Context) => string; tenant: string }): OperationHandlers {
  const cookie = { path: '/', httpOnly: true, sameSite: 'Strict', secure: options.secureCookie } as const;
  return {
    login: async (c: Context<AppEnv>) => {
      const { username, password } = c.get('input').body as LoginRequest;
      setCookie(c, SESSION_COOKIE, await auth.login(username, password, options.clientAddress(c)), cookie);
      // the audit log's actor (decision 160)
      c.set('operator', username);
      return c.body(null, 204);
    },
    logout: async (c: Context<AppEnv>) => {
      const token = getCookie(c, SESSION_COOKIE);
      const account = token === undefined ? undefined : await auth.logout(token);
      // Only a logout that ended a session is audited (decision 160): anyone may send one that ends nothing.
      if (account !== undefined) c.set('operator', account);
      deleteCookie(c, SESSION_COOKIE, cookie);
      return c.body(null, 204);
    },
    getSession: (c: Context<AppEnv>) => c.body(null, 204),
    validateBasicAuth: (c: Context<AppEnv>) => c.json({ tenant: options.tenant, username: c.get('operator'), permissions: [...OPERATOR_PERMISSIONS] }),
  };
}

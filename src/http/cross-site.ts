import type { MiddlewareHandler } from 'hono';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';

/** Methods that change nothing, so another site may send them (and read nothing: no CORS headers). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing management request that a page of another site made the browser send
 * (decision 31): `Sec-Fetch-Site: cross-site` or `same-site`, or an `Origin` other than this server's. The
 * server's origin is the request's own host (whatever scheme a proxy in front terminates), or the
 * configured `url`. Scripts send neither header and pass; the console's same-origin calls pass. Runs
 * before authentication, so a forged request neither uses the browser's credentials nor counts as a
 * failed login.
 */
export function sameSiteOnly(configuredUrl: string | undefined): MiddlewareHandler<AppEnv> {
  const configuredOrigin = configuredUrl === undefined ? undefined : new URL(configuredUrl).origin;
  return async (c, next) => {
    const site = c.req.header('sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') throw refused(`Sec-Fetch-Site is ${site}`);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== configuredOrigin && !isRequestHost(origin, c.req.url)) {
      throw refused(`Origin ${origin} is not this server's (set \`url\` when a proxy changes the Host header)`);
    }
    await next();
  };
}

/** Whether `origin` names the host the request was sent to; a default port counts as absent on both sides. */
function isRequestHost(origin: string, requestUrl: string): boolean {
  if (!URL.canParse(origin)) return false;
  const { protocol, host } = new URL(origin);
  // The request's host, read with the origin's scheme: behind a TLS proxy the request itself is plain http.
  return host !== '' && new URL(`${protocol}//${new URL(requestUrl).host}`).host === host;
}

const refused = (reason: string) => new DomainError(ErrorCode.crossSiteRequest, `Cross-site request refused: ${reason}`);

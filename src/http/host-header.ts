import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { normalisedHost } from './host-name.js';
import { SESSION_COOKIE } from './operator-authentication.js';

/** What a request shows of itself to {@link HostPolicy}. */
export interface HostedRequest {
  /** the Host header, or the request URL's host when it has none (HTTP/1.0, or `app.request()` in tests) */
  readonly host: string;
  readonly path: string;
  readonly header: (name: string) => string | undefined;
}

/**
 * Which `Host` a request may name (decision 197). Every request's Host must be a valid host[:port]: links
 * are built from it, so `Host: "evil.example"` would put `http://"evil.example"/` in them, and an empty one
 * links without the port. With `url` or `allowed_hosts` set, a browser's request — the console, or a
 * request carrying the session cookie, an `Origin` or `Sec-Fetch-Site` — must also name one of those
 * hosts: a page of another site that rebinds its own name to this server's address sends its own name as
 * Host and as Origin, which the same-origin check alone takes as this server's. Scripts and devices send
 * none of those headers and may reach the server under any name.
 */
export interface HostPolicy {
  /** the refusal of the request, or undefined when it may proceed */
  refusal(request: HostedRequest): DomainError | undefined;
}

export function hostPolicy({ url, allowedHosts }: Pick<Config, 'url' | 'allowedHosts'>): HostPolicy {
  const allowed = new Set(allowedHosts.map((host) => normalisedHost(host) as string));
  if (url !== undefined) {
    const { host, hostname, protocol } = new URL(url);
    // Behind a TLS proxy the Host header may carry the default port explicitly.
    allowed.add(host).add(host === hostname ? `${hostname}:${protocol === 'https:' ? 443 : 80}` : host);
  }
  return {
    refusal({ host, path, header }) {
      const named = normalisedHost(host);
      if (named === undefined) return new DomainError(ErrorCode.bodyNotReadable, `The Host header ${JSON.stringify(host)} is not a valid host[:port]`);
      if (allowed.size === 0 || allowed.has(named) || !(isConsole(path) || isBrowser(header))) return undefined;
      return new DomainError(
        ErrorCode.crossSiteRequest,
        `Cross-site request refused: Host ${named} is not one of this server's names (\`url\`, \`allowed_hosts\`)`,
      );
    },
  };
}

const isConsole = (path: string) => path === '/' || path === '/ui' || path.startsWith('/ui/');

const isBrowser = (header: HostedRequest['header']) =>
  header('origin') !== undefined || header('sec-fetch-site') !== undefined || (header('cookie') ?? '').includes(`${SESSION_COOKIE}=`);

/** The {@link HostPolicy} as middleware, before routing: a refused request reaches no handler and no authentication. */
export function hostCheck(policy: HostPolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const refusal = policy.refusal({ host, path: c.req.path, header: (name) => c.req.header(name) });
    if (refusal !== undefined) throw refusal;
    await next();
  };
}

import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';
import { resolveClientAddress } from './client-address.js';
import { lingerBeforeClosing } from './lingering-close.js';

/**
 * What every request gets, whichever way it is answered (the middleware below, or the device poll's lean
 * path, `ddi/poll-fast-path.ts`): its id, and a debug line when it is answered.
 */
export const requestGuarantees = {
  /** the response header that carries the request id */
  idHeader: 'X-Request-Id',
  /** The caller's `X-Request-Id` when it is short and plain, otherwise a new one. */
  idFor: (given: string | undefined): string => (given && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID()),
  /** One debug line for an answered request, `started` by performance.now(). */
  logAnswered(log: Logger, method: string, path: string, status: number, started: number): void {
    if (!log.isLevelEnabled('debug')) return;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    log.debug({ method, path, status, ms }, 'request');
  },
};

/**
 * The request's id on the context (`requestId`) and on every response: also on one a handler built itself
 * (an artifact download), which Hono hands on without the headers set before it.
 */
export const requestIdentity: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = requestGuarantees.idFor(c.req.header(requestGuarantees.idHeader));
  c.set('requestId', id);
  c.header(requestGuarantees.idHeader, id);
  await next();
  if (!c.res.headers.has(requestGuarantees.idHeader)) c.header(requestGuarantees.idHeader, id);
};

/** A child logger carrying the request id, and one debug line per finished request. */
export function requestLogging(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('logger', log);
    await next();
    requestGuarantees.logAnswered(log, c.req.method, c.req.path, c.res.status, started);
  };
}

/**
 * A response sent before the request body was read to its end (a refused upload, a JSON body over the
 * limit) closes the connection: the unread bytes would otherwise be taken for the client's next request
 * on the same keep-alive socket, which then fails. It closes only after lingering (decision 51), so that
 * a client still sending gets to read the answer instead of a connection reset.
 */
export const closeWhenBodyUnread: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.complete !== false) return;
  c.header('Connection', 'close');
  lingerBeforeClosing(incoming);
};

/**
 * Whether the client has closed the connection: the HTTP adapter aborts the request's signal then.
 * A failure it caused is no server error, and its answer reaches nobody.
 */
export const clientGone = (c: Context): boolean => c.req.raw.signal.aborted;

/** nginx's "client closed request": never sent, it marks such a request in the debug log. */
export const CLIENT_CLOSED_REQUEST = 499;

/** The client's address: the socket peer, or the trusted proxy header's rightmost address (decision 15). */
export function clientAddressResolver(trustedProxyHeader: string | undefined): (c: Context) => string {
  return (c) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const forwarded = trustedProxyHeader === undefined ? undefined : c.req.header(trustedProxyHeader);
    return resolveClientAddress(incoming?.socket.remoteAddress, forwarded) ?? 'unknown';
  };
}

/**
 * {@link clientAddressResolver} for a request answered without Hono's context (the poll's lean path). Without
 * a proxy header the last peer's address is kept as read: a connection's requests come from one peer, and
 * parsing it again cost a poll 1.5 % of its CPU (decision 267).
 */
export function incomingAddressResolver(trustedProxyHeader: string | undefined): (incoming: IncomingMessage) => string {
  const header = trustedProxyHeader?.toLowerCase();
  let lastPeer: string | undefined;
  let lastAddress = 'unknown';
  return (incoming) => {
    const peer = incoming.socket.remoteAddress;
    if (header === undefined) {
      if (peer !== lastPeer || peer === undefined) {
        lastAddress = resolveClientAddress(peer, undefined) ?? 'unknown';
        lastPeer = peer;
      }
      return lastAddress;
    }
    const forwarded = incoming.headers[header];
    return resolveClientAddress(peer, Array.isArray(forwarded) ? forwarded.join(', ') : forwarded) ?? 'unknown';
  };
}

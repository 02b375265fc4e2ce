/**
 * What the lean paths share (decisions 190, 262 and 268): a request Node's listener answers before the HTTP
 * adapter and Hono, from Node's request and response objects, with what the middleware gives every request —
 * the Host policy (`host-header.ts`), the client's address, the base of links, the request id, the operation's
 * metrics and the debug line — from the functions the middleware is built from.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { hostPolicy } from './host-header.js';
import { EVERY_ANSWER_HEADERS } from './http-server.js';
import { incomingAddressResolver, requestGuarantees } from './request-context.js';

/**
 * A path segment the HTTP adapter passes on as it is (the source of a regular expression): no
 * percent-encoding, no character it would encode or rewrite. A lean path's request target is made of these.
 */
export const PLAIN_SEGMENT = '[!#$&-.0-9:;=@-[\\]_a-z~]+';

/** A dot segment, which the adapter resolves away. */
export const isDotSegment = (segment: string): boolean => segment === '.' || segment === '..';

/** Whether a request announces a body. */
export const hasBody = ({ headers }: IncomingMessage): boolean => headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;

/** Origins by Host header: a fleet reaches the server under a few names. */
const MAX_ORIGINS = 64;

/** An answer as a lean path writes it. */
export interface LeanAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/** What a lean path needs to write an answer as the middleware would. */
export interface Answered {
  readonly method: string;
  /** the request target, as logged */
  readonly path: string;
  /** performance.now() when the request came */
  readonly started: number;
}

export interface LeanEntry {
  /**
   * The Host of a request a lean path may take — one Authorization and one Host header, a Host the policy of
   * `host-header.ts` takes — else undefined: Hono answers it.
   */
  host(incoming: IncomingMessage, path: string): string | undefined;
  /** what Hono's handlers take as the base of links: the configured url, else the origin of the request's Host */
  baseOf(host: string): string;
  /** the client's address (`client-address.ts`), 'unknown' when there is none */
  clientAddress(incoming: IncomingMessage): string;
  /** Writes `answer` with the request's id (`requestGuarantees`), then the debug line; returns the id. */
  send(incoming: IncomingMessage, outgoing: ServerResponse, answer: LeanAnswer, answered: Answered): string;
}

export function leanEntry(config: Config, logger: Logger): LeanEntry {
  const hosts = hostPolicy(config);
  const origins = new Map<string, string>();
  return {
    host(incoming, path) {
      const { headers } = incoming;
      const { host } = headers;
      if (host === undefined || repeated(incoming.rawHeaders)) return undefined;
      return hosts.refusal({ host, path, header: (name) => headers[name] as string | undefined }) === undefined ? host : undefined;
    },
    baseOf(host) {
      if (config.url !== undefined) return config.url;
      let origin = origins.get(host);
      if (origin === undefined) {
        if (origins.size >= MAX_ORIGINS) origins.clear();
        origin = new URL(`http://${host}`).origin;
        origins.set(host, origin);
      }
      return origin;
    },
    clientAddress: incomingAddressResolver(config.ddi.trustedProxyHeader),
    send(incoming, outgoing, answer, { method, path, started }) {
      const id = requestGuarantees.idFor(incoming.headers['x-request-id'] as string | undefined);
      outgoing.writeHead(answer.status, { ...answer.headers, [requestGuarantees.idHeader]: id, ...EVERY_ANSWER_HEADERS });
      outgoing.end(answer.body ?? undefined);
      if (logger.isLevelEnabled('debug')) requestGuarantees.logAnswered(logger.child({ reqId: id }), method, path, answer.status, started);
      return id;
    },
  };
}

/**
 * Node keeps the first of a repeated Authorization or Host header, where the web Request Hono reads joins
 * them: such a request goes to Hono, so that both read the same.
 */
function repeated(rawHeaders: readonly string[]): boolean {
  let authorization = 0;
  let host = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') authorization++;
    else if (name.length === 4 && name.toLowerCase() === 'host') host++;
  }
  return authorization > 1 || host > 1;
}

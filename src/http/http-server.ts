import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { sendFileBody } from './file-body.js';

/** How often Node checks connections against the header timeout; its default, 30 s, would add up to that. */
const CONNECTION_CHECK_INTERVAL_MS = 1_000;

/**
 * What every answer carries (decision 198): nosniff. The listener sets it on the response before the HTTP
 * adapter and Hono write theirs; a lean path writes it among the headers of its own answer (decision 267:
 * set first, Node merged every header of the answer into it one by one).
 */
export const EVERY_ANSWER_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

/**
 * A lean path: false for a request it leaves to Hono, else a promise of whether it answered; one it did not
 * answer (or failed before sending anything) goes on to Hono then. An answer it writes carries
 * {@link EVERY_ANSWER_HEADERS}.
 */
export type FirstAnswer = (incoming: IncomingMessage, outgoing: ServerResponse) => false | Promise<boolean>;

/**
 * What the server serves: Hono's `fetch`, and a request it may answer before that from Node's request and
 * response (the lean paths of the device poll and deployment step, decisions 190 and 268).
 */
export interface ServedApp {
  readonly fetch: (request: Request, bindings: HttpBindings | Http2Bindings) => Response | Promise<Response>;
  readonly answerFirst?: FirstAnswer | undefined;
}

/**
 * Node's HTTP server for `app`, listening on `bind`, with the connection limits of `[http]` (decision
 * 52); resolves once it listens. No limit applies to a whole request: an upload of `max_artifact_size`
 * over a slow link may rightly take hours, and the idle timeout ends one that stalls; it never cuts a request
 * the server is still answering. A response whose body is a file body (artifact bytes, file-body.ts) is
 * written to the socket here, without web streams.
 */
export function listen({ fetch, answerFirst }: ServedApp, config: Config, logger: Logger): Promise<Server> {
  const { headerTimeoutSecs, idleTimeoutSecs, keepAliveTimeoutSecs } = config.http;
  // what @hono/node-server's serve() installs
  const throughHono = getRequestListener(
    async (request: Request, bindings: HttpBindings | Http2Bindings) => {
      const response = await fetch(request, bindings);
      // an HTTP/1.1 server: the outgoing side is always a ServerResponse
      return sendFileBody(response, bindings.outgoing as HttpBindings['outgoing']) ? RESPONSE_ALREADY_SENT : response;
    },
    { hostname: config.bind.host },
  );
  // The response a connection is waiting for, by socket: Node hands the 'timeout' listener only the socket.
  const pending = new WeakMap<Socket, ServerResponse>();
  const options = {
    headersTimeout: headerTimeoutSecs * 1000,
    requestTimeout: 0,
    keepAliveTimeout: keepAliveTimeoutSecs * 1000,
    connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS,
  };
  const server = createServer(options, (incoming, outgoing) => {
    pending.set(incoming.socket, outgoing);
    const first = answerFirst?.(incoming, outgoing) ?? false;
    const toHono = () => {
      // Every answer carries nosniff: Hono's, a file body's, and the adapter's own 400 for a request it cannot
      // read (decision 198). writeHead merges it in.
      for (const [name, value] of Object.entries(EVERY_ANSWER_HEADERS)) outgoing.setHeader(name, value);
      void throughHono(incoming, outgoing);
    };
    if (first === false) toHono();
    else
      first.then(
        (answered) => answered || toHono(),
        () => outgoing.headersSent || toHono(),
      );
  });
  server.setTimeout(idleTimeoutSecs * 1000);
  server.on('timeout', (socket: Socket) => {
    const response = pending.get(socket);
    // A client that sent its whole request and waits for an answer the server is still working on is not idle:
    // no byte moves because of us (decision 52). The timer starts again with the answer's first write.
    if (response !== undefined && response.req.complete && !response.headersSent) return;
    socket.destroy();
  });
  return new Promise<Server>((ready, fail) => {
    server.once('error', fail);
    server.listen(config.bind.port, config.bind.host, () => {
      const info = server.address() as AddressInfo;
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      logger.info({ url: `http://${host}:${info.port}` }, `Falconet listening on http://${host}:${info.port}`);
      ready(server);
    });
  });
}

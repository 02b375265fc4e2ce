import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { sendFileBody } from './file-body.js';

/** How often Node checks connections against the header timeout; its default, 30 s, would add up to that. */
const CONNECTION_CHECK_INTERVAL_MS = 1_000;

/**
 * Node's HTTP server for `fetch`, listening on `bind`, with the connection limits of `[http]` (decision
 * 52); resolves once it listens. No limit applies to a whole request: an upload of `max_artifact_size`
 * over a slow link may rightly take hours, and the idle timeout ends one that stalls; it never cuts a request
 * the server is still answering. A response whose body is a file body (artifact bytes, file-body.ts) is
 * written to the socket here, without web streams.
 */
export function listen(
  fetch: (request: Request, bindings: HttpBindings | Http2Bindings) => Response | Promise<Response>,
  config: Config,
  logger: Logger,
): Promise<Server> {
  const { headerTimeoutSecs, idleTimeoutSecs, keepAliveTimeoutSecs } = config.http;
  return new Promise<Server>((ready, fail) => {
    const server = serve(
      {
        fetch: async (request: Request, bindings: HttpBindings | Http2Bindings) => {
          const response = await fetch(request, bindings);
          // an HTTP/1.1 server: the outgoing side is always a ServerResponse
          return sendFileBody(response, bindings.outgoing as HttpBindings['outgoing']) ? RESPONSE_ALREADY_SENT : response;
        },
        hostname: config.bind.host,
        port: config.bind.port,
        serverOptions: {
          headersTimeout: headerTimeoutSecs * 1000,
          requestTimeout: 0,
          keepAliveTimeout: keepAliveTimeoutSecs * 1000,
          connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS,
        },
      },
      (info) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        logger.info({ url: `http://${host}:${info.port}` }, `Falconet listening on http://${host}:${info.port}`);
        ready(server);
      },
    ) as Server;
    server.setTimeout(idleTimeoutSecs * 1000);
    // The response a connection is waiting for, by socket: Node hands the 'timeout' listener only the socket.
    const pending = new WeakMap<Socket, ServerResponse>();
    // One listener before any other, so that every answer carries nosniff: Hono's, the poll's lean path, a file
    // body's, and the adapter's own 400 for a request it cannot read (decision 198). writeHead merges it in.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      response.setHeader('X-Content-Type-Options', 'nosniff');
      pending.set(request.socket, response);
    });
    server.on('timeout', (socket: Socket) => {
      const response = pending.get(socket);
      // A client that sent its whole request and waits for an answer the server is still working on is not idle:
      // no byte moves because of us (decision 52). The timer starts again with the answer's first write.
      if (response !== undefined && response.req.complete && !response.headersSent) return;
      socket.destroy();
    });
    server.once('error', fail);
  });
}

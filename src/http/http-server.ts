import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

/** How often Node checks connections against the header timeout; its default, 30 s, would add up to that. */
const CONNECTION_CHECK_INTERVAL_MS = 1_000;

/**
 * Node's HTTP server for `fetch`, listening on `bind`, with the connection limits of `[http]` (decision
 * 52); resolves once it listens. No limit applies to a whole request: an upload of `max_artifact_size`
 * over a slow link may rightly take hours, and the idle timeout ends one that stalls.
 */
export function listen(fetch: (request: Request) => Response | Promise<Response>, config: Config, logger: Logger): Promise<Server> {
  const { headerTimeoutSecs, idleTimeoutSecs, keepAliveTimeoutSecs } = config.http;
  return new Promise<Server>((ready, fail) => {
    const server = serve(
      {
        fetch,
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
    // Without a 'timeout' listener Node destroys a socket idle this long, in either direction.
    server.setTimeout(idleTimeoutSecs * 1000);
    server.once('error', fail);
  });
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { listen } from '../../src/http/http-server.js';
import type { DatabaseKind } from './databases.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The test app behind a real listening server, as `falconet serve` runs it (src/http/http-server.ts). */
export interface TestServer extends TestApp {
  readonly server: Server;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
}

export async function startTestServer(
  kind: DatabaseKind,
  overrides: Readonly<Record<string, unknown>> = {},
  logger: Logger = pino({ level: 'silent' }),
): Promise<TestServer> {
  const t = await startTestApp(kind, overrides, { logger });
  const server = await listen(t.app, t.config, pino({ level: 'silent' }));
  const { port } = server.address() as AddressInfo;
  return {
    ...t,
    server,
    port,
    base: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
      await t.close();
    },
  };
}

/** A pino logger at debug level whose JSON lines the test reads. */
export function capturingLogger(): { logger: Logger; lines: () => Array<{ level: number; msg: string } & Record<string, unknown>> } {
  const output: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void output.push(line) });
  return { logger, lines: () => output.map((line) => JSON.parse(line) as { level: number; msg: string }) };
}

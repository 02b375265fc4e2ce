import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../src/http/http-server.js';
import { testConfig } from './support/test-app.js';

const IDLE_TIMEOUT_SECS = 1;

/** Sends one request and resolves with the answer's status and body, or rejects when the connection is cut. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const outgoing = request({ host: '127.0.0.1', port, path, agent: false }, (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      response.on('error', fail);
    });
    outgoing.on('error', fail);
    outgoing.end();
  });
}

describe('the idle timeout of listen()', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('does not cut a request whose answer the server is still working on, however long that takes', async () => {
    const config = testConfig({ 'http.idle_timeout_secs': IDLE_TIMEOUT_SECS });
    // The handler holds the answer for three idle timeouts: no byte moves either way meanwhile.
    const server = await listen(
      {
        fetch: async () => {
          await sleep(3 * IDLE_TIMEOUT_SECS * 1000);
          return new Response('worked long', { status: 200 });
        },
      },
      config,
      pino({ level: 'silent' }),
    );
    close = () => new Promise((done) => server.close(() => done()));
    const { port } = server.address() as AddressInfo;

    expect(await get(port, '/slow')).toEqual({ status: 200, body: 'worked long' });
  });
});

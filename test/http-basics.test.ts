import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../src/http/routes.js';
import { DATABASE_KINDS } from './support/databases.js';
import { expectError } from './support/expect-error.js';
import { listen } from './support/simulator-fixtures.js';
import { basicAuth, startTestApp, TEST_PASSWORD, TEST_USERNAME } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

describe.each(DATABASE_KINDS)('HTTP conventions on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers an unknown path with 404 in hawkBit error shape', async () => {
    const response = await t.request('/rest/v1/nothing-here', { headers: { authorization: basicAuth() } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      exceptionClass: 'falconet.NoHandlerFoundException',
      errorCode: 'hawkbit.server.error.rest.notFound',
      message: 'No endpoint GET /rest/v1/nothing-here',
    });
  });

  it('answers a wrong method with 405 and the allowed ones', async () => {
    const response = await t.request('/rest/v1/login', { method: 'GET' });
    await expectError(response, 405, 'hawkbit.server.error.rest.methodNotAllowed');
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await t.request('/health', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('echoes a plain X-Request-Id and replaces an unsafe one', async () => {
    const given = await t.request('/health', { headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
    const unsafe = await t.request('/health', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a JSON body over the size limit with 413 and writes nothing', async () => {
    const body = JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD, padding: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const response = await t.request('/rest/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await expectError(response, 413, 'hawkbit.server.error.rest.body.tooLarge');
    expect((await t.db('sessions').count({ n: '*' }))[0]).toEqual({ n: 0 });
  });

  it('closes the connection after a 413, so that a keep-alive client does not send into the unread body', async () => {
    const server = await listen(t);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.request(
          `${server.url}/rest/v1/targets`,
          { method, agent, headers: { authorization: basicAuth(), 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode as number, connection: response.headers.connection }));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    try {
      expect(await send('POST', JSON.stringify({ padding: 'x'.repeat(MAX_JSON_BODY_BYTES) }))).toEqual({ status: 413, connection: 'close' });
      expect((await send('GET')).status).toBe(200);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('ignores unknown fields in a body, as hawkBit does', async () => {
    const response = await t.request('/rest/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD, remember: true }),
    });
    expect(response.status).toBe(204);
  });
});

describe('unexpected failures', () => {
  it('answer 500 in hawkBit error shape without internals', async () => {
    const t = await startTestApp('sqlite');
    await t.close();
    // No operation declares 500, so this bypasses the contract check of t.request and checks the body itself.
    const response = await t.app.request('/rest/v1/session', { headers: { cookie: 'falconet_session=abc' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      exceptionClass: 'falconet.InternalServerError',
      errorCode: 'hawkbit.server.error.repo.genericError',
      message: 'Internal server error',
    });
  });
});

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createTarget } from './support/deployment-fixtures.js';
import { AUTH } from './support/target-fixtures.js';
import { TEST_PASSWORD, TEST_USERNAME } from './support/test-app.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { raw } from './support/raw-request.js';

/** The status line and body of a request written by hand: Node's client replaces an empty Host with its own. */
function rawText(port: number, lines: readonly string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
  });
}

const json = { 'content-type': 'application/json' };
const login = JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD });
const newTarget = () => JSON.stringify([{ controllerId: `host-${Math.random().toString(36).slice(2)}` }]);

/** Decision 197: a Host must be host[:port] everywhere; with `url` set, a browser's request must name a known host. */
describe.each(DATABASE_KINDS)('the Host header on %s', (kind) => {
  describe('without url', () => {
    let t: TestServer;
    let device: string;
    const token = 'host-check-token-0123456789abcdef';
    beforeAll(async () => {
      t = await startTestServer(kind);
      device = await createTarget(t, { securityToken: token });
    });
    afterAll(() => t.close());

    const routes = () =>
      [
        [`/DEFAULT/controller/v1/${device}`, { authorization: `TargetToken ${token}` }],
        ['/rest/v1/targets', AUTH],
        ['/health', {}],
        ['/ui/', {}],
      ] as const;

    it.each([
      ['a quoted name', '"evil.example"'],
      ['a name with punctuation', "evil.example!$'"],
    ])('refuses %s with 400 on every route, the lean poll included', async (_name, host) => {
      for (const [path, headers] of routes()) {
        const answer = await raw(t.port, path, { ...headers, host });
        expect(answer.status, `${path} ${answer.body}`).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ errorCode: 'hawkbit.server.error.rest.body.notReadable' });
      }
    });

    it('refuses an empty Host with 400 on every route, the lean poll included', async () => {
      for (const [path, headers] of routes()) {
        const fields = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
        const answer = await rawText(t.port, [`GET ${path} HTTP/1.1`, 'Host: ', ...fields]);
        expect(answer.status, `${path} ${answer.body}`).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ errorCode: 'hawkbit.server.error.rest.body.notReadable' });
      }
    });

    it('builds links from a valid Host, port included', async () => {
      const answer = await raw(t.port, `/DEFAULT/controller/v1/${device}`, { authorization: `TargetToken ${token}`, host: 'ota.example:8443' });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('"http://ota.example:8443/DEFAULT/controller/v1/');
    });
  });

  describe('with url and allowed_hosts', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind, { url: 'https://ota.example', allowed_hosts: ['ota-alt.example:8080'] });
    });
    afterAll(() => t.close());

    const evil = { host: 'evil.example', origin: 'http://evil.example' };

    it('refuses a rebound page: login, a write and the console under another name answer 403', async () => {
      const loggedIn = await raw(t.port, '/rest/v1/login', { ...json, ...evil }, 'POST', login);
      expect(loggedIn.status, loggedIn.body).toBe(403);
      expect(loggedIn.headers['set-cookie']).toBeUndefined();
      expect(JSON.parse(loggedIn.body)).toMatchObject({ errorCode: 'hawkbit.server.error.rest.crossSiteRequest' });
      expect((await raw(t.port, '/rest/v1/targets', { ...json, ...AUTH, ...evil }, 'POST', newTarget())).status).toBe(403);
      expect((await raw(t.port, '/rest/v1/targets', { ...AUTH, host: 'evil.example', cookie: 'falconet_session=x' })).status).toBe(403);
      expect((await raw(t.port, '/ui/', { host: 'evil.example' })).status).toBe(403);
    });

    it("takes the browser under url's host and the allowed hosts", async () => {
      const loggedIn = await raw(t.port, '/rest/v1/login', { ...json, host: 'ota.example', origin: 'https://ota.example' }, 'POST', login);
      expect(loggedIn.status, loggedIn.body).toBe(204);
      const alt = { host: 'ota-alt.example:8080', origin: 'http://ota-alt.example:8080' };
      expect((await raw(t.port, '/rest/v1/targets', { ...json, ...AUTH, ...alt }, 'POST', newTarget())).status).toBe(201);
      expect((await raw(t.port, '/rest/v1/targets', { ...json, ...AUTH, host: 'OTA.example:443', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    });

    it('lets scripts and devices use any valid name', async () => {
      expect((await raw(t.port, '/rest/v1/targets', { ...json, ...AUTH, host: '10.0.0.5:8080' }, 'POST', newTarget())).status).toBe(201);
    });
  });
});

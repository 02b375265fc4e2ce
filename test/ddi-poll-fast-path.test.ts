import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollFastPath } from '../src/ddi/poll-fast-path.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { requestValidators } from '../src/http/routes.js';
import { answerRecorder } from '../src/metrics/operation-metrics.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, cancel, createSet, createTarget } from './support/deployment-fixtures.js';
import { sample } from './support/metrics-text.js';
import { AUTH } from './support/target-fixtures.js';
import { capturingLogger, startTestServer, type TestServer } from './support/test-server.js';
import { raw } from './support/raw-request.js';

/** The headers both ways must agree on: all but the date and the request id. */
const comparable = ({ date: _date, 'x-request-id': _id, ...rest }: IncomingHttpHeaders) => rest;

describe.each(DATABASE_KINDS)('the device poll’s lean path on %s', (kind) => {
  const log = capturingLogger();
  let t: TestServer;
  let controllerId: string;
  const token = 'lean-path-token-0123456789abcdef';
  const target = (query = '') => `/DEFAULT/controller/v1/${controllerId}${query}`;
  const device = { authorization: `TargetToken ${token}` };

  beforeAll(async () => {
    t = await startTestServer(
      kind,
      { 'ddi.gateway_token': 'lean-gateway-token', 'ddi.polling_overrides': [{ query: 'name==lean-override', interval: '00:02:00' }] },
      log.logger,
    );
    controllerId = await createTarget(t, { securityToken: token });
    await assignOk(t, controllerId, { id: await createSet(t) });
  });
  afterAll(() => t.close());

  it('answers a plain poll as Hono answers the same poll with a query, which only Hono takes', async () => {
    // the first poll records the first contact (written at once); compare the polls after it
    await raw(t.port, target(), device);
    const lean = await raw(t.port, target(), { ...device, 'x-request-id': 'lean-1' });
    const full = await raw(t.port, target('?ignored=1'), { ...device, 'x-request-id': 'full-1' });
    expect(lean.status).toBe(200);
    expect(JSON.parse(lean.body)).toEqual(JSON.parse(full.body));
    expect(JSON.parse(lean.body)).toMatchObject({
      _links: { deploymentBase: { href: expect.stringMatching(`^http://127.0.0.1:${t.port}/DEFAULT/`) as unknown } },
    });
    expect(comparable(lean.headers)).toEqual(comparable(full.headers));
    expect(lean.headers['content-type']).toBe('application/hal+json');
    expect([lean.headers['x-request-id'], full.headers['x-request-id']]).toEqual(['lean-1', 'full-1']);
    const unsafe = await raw(t.port, target(), { ...device, 'x-request-id': 'not plain!' });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const etag = lean.headers.etag as string;
    const leanUnchanged = await raw(t.port, target(), { ...device, 'if-none-match': etag });
    const fullUnchanged = await raw(t.port, target('?ignored=1'), { ...device, 'if-none-match': etag });
    expect([leanUnchanged.status, leanUnchanged.body]).toEqual([304, '']);
    expect(comparable(leanUnchanged.headers)).toEqual(comparable(fullUnchanged.headers));
  });

  it('gives the same bytes from both entries in every state a poll answers', async () => {
    const set = await createSet(t);
    const states: Record<string, (cid: string) => Promise<unknown>> = {
      'no action': () => Promise.resolve(),
      'an assigned action': (cid) => assignOk(t, cid, { id: set }),
      'a maintenance window ahead': (cid) =>
        assignOk(t, cid, { id: set, maintenanceWindow: { schedule: '0 10 12 * * ?', duration: '00:30:00', timezone: '+00:00' } }),
      'an action being cancelled': async (cid) => expect((await cancel(t, cid, await assignOk(t, cid, { id: set }))).status).toBe(204),
      'a polling override': () => Promise.resolve(),
    };
    const sleeps: Record<string, string> = {};
    for (const [state, enter] of Object.entries(states)) {
      const cid = await createTarget(t, { securityToken: token, ...(state === 'a polling override' ? { name: 'lean-override' } : {}) });
      await enter(cid);
      const path = `/DEFAULT/controller/v1/${cid}`;
      await raw(t.port, path, device);
      const lean = await raw(t.port, path, device);
      const full = await raw(t.port, `${path}?ignored=1`, device);
      expect([state, full.status, full.body]).toEqual([state, lean.status, lean.body]);
      expect(comparable(full.headers)).toEqual(comparable(lean.headers));
      sleeps[state] = (JSON.parse(lean.body) as { config: { polling: { sleep: string } } }).config.polling.sleep;

      const unchanged = { ...device, 'if-none-match': lean.headers.etag as string };
      const leanUnchanged = await raw(t.port, path, unchanged);
      const fullUnchanged = await raw(t.port, `${path}?ignored=1`, unchanged);
      expect([state, leanUnchanged.status, leanUnchanged.body]).toEqual([state, 304, '']);
      expect([fullUnchanged.status, fullUnchanged.body]).toEqual([304, '']);
      expect(comparable(fullUnchanged.headers)).toEqual(comparable(leanUnchanged.headers));
    }
    // the states answer what they are meant to (the test clock starts at 12:00): the window at 12:10 shortens the sleep, the override sets it
    expect(sleeps['a maintenance window ahead']).not.toBe(sleeps['no action']);
    expect(sleeps['a polling override']).toBe('00:02:00');
  });

  it('counts, logs and registers as the middleware does', async () => {
    const metrics = async () => (await t.request('/metrics')).text();
    const before = await metrics();
    await raw(t.port, target(), device);
    const after = await metrics();
    expect(sample(after, 'falconet_ddi_polls_total') - sample(before, 'falconet_ddi_polls_total')).toBe(1);
    const counted = { operation: 'getControllerBase', status: '200' };
    expect(sample(after, 'falconet_http_requests_total', counted) - sample(before, 'falconet_http_requests_total', counted)).toBe(1);

    await raw(t.port, target(), { ...device, 'x-request-id': 'logged-1' });
    expect(log.lines().find((line) => line.msg === 'request' && line['reqId'] === 'logged-1')).toMatchObject({ method: 'GET', status: 200, path: target() });

    const registered = await raw(t.port, '/DEFAULT/controller/v1/lean-registered', { authorization: 'GatewayToken lean-gateway-token' });
    expect(registered.status).toBe(200);
    expect((await t.request('/rest/v1/targets/lean-registered', { headers: AUTH })).status).toBe(200);
  });
});

describe.each(DATABASE_KINDS)('pollFastPath alone on %s', (kind) => {
  let t: TestServer;
  let server: Server;
  let port: number;
  let controllerId: string;
  const token = 'alone-token-0123456789abcdef0123';
  const TAKEN_BY_HONO = 599;

  beforeAll(async () => {
    t = await startTestServer(kind);
    controllerId = await createTarget(t, { securityToken: token });
    const operation = (await loadApiOperations('ddi')).find(({ operationId }) => operationId === 'getControllerBase');
    if (operation === undefined) throw new Error('no getControllerBase');
    const fast = pollFastPath({
      config: t.config,
      controller: t.services.controller,
      activity: t.services.requestActivity,
      logger: log,
      validators: () => requestValidators(operation),
      record: answerRecorder(t.services.metrics, operation),
    });
    // what the lean path leaves alone is answered 599 here, where Falconet's server hands it to Hono
    server = createServer((incoming, outgoing) => {
      void Promise.resolve(fast(incoming, outgoing)).then((handled) => {
        if (!handled) outgoing.writeHead(TAKEN_BY_HONO).end();
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
    await t.close();
  });
  const log = capturingLogger().logger;

  it('takes the plain poll with a valid credential', async () => {
    expect((await raw(port, `/DEFAULT/controller/v1/${controllerId}`, { authorization: `TargetToken ${token}` })).status).toBe(200);
    expect((await raw(port, `/default/controller/v1/${controllerId}`, { authorization: `TargetToken ${token}` })).status).toBe(200);
  });

  it.each([
    ['a query', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}?a=1` })],
    ['a percent-encoded id', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}%41` })],
    ['another tenant', (id: string) => ({ path: `/OTHER/controller/v1/${id}` })],
    ['a longer path', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}/configData` })],
    ['HEAD', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}`, method: 'HEAD' })],
    ['POST with a body', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}`, method: 'POST', body: '{}' })],
    ['a wrong token', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}`, headers: { authorization: 'TargetToken wrong' } })],
    ['no credential', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}`, headers: {} })],
    [
      'two Authorization headers',
      (id: string) => ({ path: `/DEFAULT/controller/v1/${id}`, headers: { authorization: [`TargetToken ${token}`, 'TargetToken x'] } }),
    ],
    ['an id over 256 characters', () => ({ path: `/DEFAULT/controller/v1/${'x'.repeat(300)}` })],
    // the request target as Node reads it: what the HTTP adapter would resolve, encode or rewrite goes its way
    ['a dot segment', () => ({ path: '/DEFAULT/controller/v1/..' })],
    ['a character the adapter encodes', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}"` })],
    ['a backslash', (id: string) => ({ path: `/DEFAULT/controller/v1/${id}\\x` })],
    ['an absolute request target', (id: string) => ({ path: `http://127.0.0.1/DEFAULT/controller/v1/${id}` })],
  ] as const)('leaves %s to Hono', async (_name, shape) => {
    const given: { path: string; method?: string; body?: string; headers?: Record<string, string | string[]> } = shape(controllerId);
    const answer = await raw(port, given.path, given.headers ?? { authorization: `TargetToken ${token}` }, given.method, given.body);
    expect(answer.status).toBe(TAKEN_BY_HONO);
  });
});

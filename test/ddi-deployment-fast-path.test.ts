import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentFastPath } from '../src/ddi/deployment-fast-path.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { requestValidators } from '../src/http/routes.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assignOk, cancel, createSet, createTarget } from './support/deployment-fixtures.js';
import { sample } from './support/metrics-text.js';
import { capturingLogger, startTestServer, type TestServer } from './support/test-server.js';
import { raw, type Raw } from './support/raw-request.js';

/**
 * The headers both ways must agree on: all but the date, the request id and the framing (Hono's adapter sends
 * an error's body chunked, the lean path with its length).
 */
const comparable = ({ date: _date, 'x-request-id': _id, 'content-length': _length, 'transfer-encoding': _chunked, ...rest }: IncomingHttpHeaders) => rest;
const same = (lean: Raw, full: Raw) => {
  expect([full.status, full.body]).toEqual([lean.status, lean.body]);
  expect(comparable(full.headers)).toEqual(comparable(lean.headers));
};

const PROCEEDING = JSON.stringify({ status: { execution: 'proceeding', result: { finished: 'none', progress: { cnt: 1, of: 2 } }, details: ['Downloading'] } });
const CLOSED = JSON.stringify({ status: { execution: 'closed', result: { finished: 'success' } } });
const JSON_BODY = { 'content-type': 'application/json' };

describe.each(DATABASE_KINDS)('the deployment step’s lean path on %s', (kind) => {
  const log = capturingLogger();
  let t: TestServer;
  let set: number;
  const token = 'deploy-lean-token-0123456789abcd';
  const device = { authorization: `TargetToken ${token}` };
  /** a device with an action: its controllerId and the action's deploymentBase path */
  const deviceWithAction = async () => {
    const controllerId = await createTarget(t, { securityToken: token });
    const actionId = await assignOk(t, controllerId, { id: set });
    return { controllerId, actionId, base: `/DEFAULT/controller/v1/${controllerId}/deploymentBase/${actionId}` };
  };
  // a request with a query (undeclared, so ignored) is Hono's
  const viaHono = '?ignored=1';
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    raw(t.port, path, { ...device, ...JSON_BODY, 'content-length': String(Buffer.byteLength(body)), ...headers }, 'POST', body);

  beforeAll(async () => {
    t = await startTestServer(kind, {}, log.logger);
    set = await createSet(t);
  });
  afterAll(() => t.close());

  it('answers a deploymentBase fetch and its 304 with the bytes Hono answers', async () => {
    const { base } = await deviceWithAction();
    // the first fetch records the `retrieved` entry; compare the fetches after it
    await raw(t.port, base, device);
    const lean = await raw(t.port, base, { ...device, 'x-request-id': 'lean-fetch' });
    const full = await raw(t.port, `${base}${viaHono}`, { ...device, 'x-request-id': 'full-fetch' });
    expect(lean.status).toBe(200);
    same(lean, full);
    expect(lean.headers['content-length']).toBe(full.headers['content-length']);
    expect(lean.headers['content-type']).toBe('application/hal+json');
    expect([lean.headers['x-request-id'], full.headers['x-request-id']]).toEqual(['lean-fetch', 'full-fetch']);

    const unchanged = { ...device, 'if-none-match': lean.headers.etag as string };
    const leanUnchanged = await raw(t.port, base, unchanged);
    expect([leanUnchanged.status, leanUnchanged.body]).toEqual([304, '']);
    same(leanUnchanged, await raw(t.port, `${base}${viaHono}`, unchanged));
  });

  it('takes a report as Hono takes it, and records it', async () => {
    const { controllerId, actionId, base } = await deviceWithAction();
    const lean = await post(`${base}/feedback`, PROCEEDING);
    const full = await post(`${base}/feedback${viaHono}`, PROCEEDING);
    expect(lean.status).toBe(200);
    same(lean, full);
    const closed = await post(`${base}/feedback`, CLOSED);
    expect(closed.status).toBe(200);
    expect(await actionOf(t, controllerId, actionId)).toMatchObject({ status: 'finished' });
  });

  it('answers errors with the bytes Hono answers', async () => {
    const { controllerId, actionId, base } = await deviceWithAction();
    const canceled = await deviceWithAction();
    expect((await cancel(t, canceled.controllerId, canceled.actionId)).status).toBe(204);
    const errors: Record<string, (via: string) => Promise<Raw>> = {
      'an unknown action (fetch)': (via) => raw(t.port, `/DEFAULT/controller/v1/${controllerId}/deploymentBase/${actionId + 100_000}${via}`, device),
      'an action being cancelled (fetch)': (via) => raw(t.port, `${canceled.base}${via}`, device),
      'an unknown action (report)': (via) => post(`/DEFAULT/controller/v1/${controllerId}/deploymentBase/${actionId + 100_000}/feedback${via}`, PROCEEDING),
      'a body that is not JSON': (via) => post(`${base}/feedback${via}`, '{"status":'),
      'a body the document refuses': (via) => post(`${base}/feedback${via}`, JSON.stringify({ status: { execution: 'sideways', result: {} } })),
      'a body with a NUL': (via) =>
        post(`${base}/feedback${via}`, JSON.stringify({ status: { execution: 'proceeding', result: { finished: 'none' }, details: ['a\0b'] } })),
      'a blank body': (via) => post(`${base}/feedback${via}`, ' '),
    };
    for (const [name, send] of Object.entries(errors)) {
      const lean = await send('');
      const full = await send(viaHono);
      expect([name, lean.status]).toEqual([name, full.status]);
      expect(lean.status).toBeGreaterThanOrEqual(400);
      same(lean, full);
    }
    // a closed action takes no more reports (410)
    expect((await post(`${base}/feedback`, CLOSED)).status).toBe(200);
    const lean = await post(`${base}/feedback`, PROCEEDING);
    expect(lean.status).toBe(410);
    same(lean, await post(`${base}/feedback${viaHono}`, PROCEEDING));
  });

  it('counts and logs as the middleware does', async () => {
    const { base } = await deviceWithAction();
    const metrics = async () => (await t.request('/metrics')).text();
    const before = await metrics();
    expect((await raw(t.port, base, device)).status).toBe(200);
    expect((await post(`${base}/feedback`, PROCEEDING, { 'x-request-id': 'logged-report' })).status).toBe(200);
    const after = await metrics();
    const delta = (name: string, labels?: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('falconet_ddi_deployment_base_fetches_total')).toBe(1);
    expect(delta('falconet_ddi_feedback_total', { execution: 'proceeding', finished: 'none' })).toBe(1);
    expect(delta('falconet_http_requests_total', { operation: 'postDeploymentBaseActionFeedback', status: '200' })).toBe(1);
    expect(log.lines().find((line) => line.msg === 'request' && line['reqId'] === 'logged-report')).toMatchObject({
      method: 'POST',
      status: 200,
      path: `${base}/feedback`,
    });
  });
});

describe.each(DATABASE_KINDS)('deploymentFastPath alone on %s', (kind) => {
  let t: TestServer;
  let server: Server;
  let port: number;
  let base: string;
  const token = 'deploy-alone-token-0123456789abc';
  const device = { authorization: `TargetToken ${token}` };
  const TAKEN_BY_HONO = 599;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const controllerId = await createTarget(t, { securityToken: token });
    base = `/DEFAULT/controller/v1/${controllerId}/deploymentBase/${await assignOk(t, controllerId, { id: await createSet(t) })}`;
    const operations = await loadApiOperations('ddi');
    const operation = (id: string) => {
      const found = operations.find(({ operationId }) => operationId === id);
      if (found === undefined) throw new Error(`no ${id}`);
      return { validators: () => requestValidators(found), record: undefined };
    };
    const fast = deploymentFastPath({
      config: t.config,
      controller: t.services.controller,
      deployments: t.services.deployments,
      feedback: t.services.feedback,
      activity: t.services.requestActivity,
      logger: capturingLogger().logger,
      fetch: operation('getControllerDeploymentBaseAction'),
      report: operation('postDeploymentBaseActionFeedback'),
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

  const report = (headers: Record<string, string> = {}, body = PROCEEDING) => ({
    method: 'POST',
    body,
    headers: { ...device, ...JSON_BODY, 'content-length': String(Buffer.byteLength(body)), ...headers },
  });

  it('takes a plain fetch and a plain report with a valid credential', async () => {
    expect((await raw(port, base, device)).status).toBe(200);
    const { method, body, headers } = report();
    expect((await raw(port, `${base}/feedback`, headers, method, body)).status).toBe(200);
  });

  it.each([
    ['a fetch with a query', () => ({ path: `${base}?actionHistory=3` })],
    ['a fetch with a body', () => ({ path: base, ...report(), method: 'GET' })],
    ['a report by GET', () => ({ path: `${base}/feedback` })],
    ['a fetch by POST', () => ({ path: base, ...report() })],
    ['an action id with a leading zero', () => ({ path: base.replace(/\/(\d+)$/, '/0$1') })],
    ['an action id beyond the row ids', () => ({ path: base.replace(/\/(\d+)$/, '/9999999999') })],
    ['a wrong token', () => ({ path: base, headers: { authorization: 'TargetToken wrong' } })],
    ['a report with a wrong token', () => ({ path: `${base}/feedback`, ...report({ authorization: 'TargetToken wrong' }) })],
    ['a report without Content-Type', () => ({ path: `${base}/feedback`, ...report({ 'content-type': '' }) })],
    ['a report of another media type', () => ({ path: `${base}/feedback`, ...report({ 'content-type': 'text/plain' }) })],
    ['an empty report', () => ({ path: `${base}/feedback`, ...report({}, '') })],
    ['a chunked report', () => ({ path: `${base}/feedback`, ...report({ 'content-length': '', 'transfer-encoding': 'chunked' }) })],
    ['a percent-encoded segment', () => ({ path: base.replace('/DEFAULT/', '/DEF%41ULT/') })],
    ['another tenant', () => ({ path: base.replace('/DEFAULT/', '/OTHER/') })],
  ] as const)('leaves %s to Hono', async (_name, shape) => {
    const given: { path: string; method?: string; body?: string; headers?: Record<string, string> } = shape();
    const headers = Object.fromEntries(Object.entries(given.headers ?? device).filter(([, value]) => value !== ''));
    const answer = await raw(port, given.path, headers, given.method, given.body);
    expect(answer.status).toBe(TAKEN_BY_HONO);
  });
});

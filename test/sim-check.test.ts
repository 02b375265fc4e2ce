import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../simulators/src/check.js';
import type { CheckResult } from '../simulators/src/check-report.js';
import { DATABASE_KINDS } from './support/databases.js';
import { TEST_PASSWORD, TEST_USERNAME } from './support/test-app.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const GATEWAY_TOKEN = 'check-gateway-token';
const SERVER = { 'ddi.gateway_token': GATEWAY_TOKEN, 'ddi.confirmation_flow': true };

const check = (url: string, flows?: string[]) =>
  runChecks({
    url,
    tenant: 'DEFAULT',
    mgmtUser: TEST_USERNAME,
    mgmtPassword: TEST_PASSWORD,
    gatewayToken: GATEWAY_TOKEN,
    timeoutMs: 10_000,
    ...(flows ? { flows } : {}),
  });

const failed = (results: readonly CheckResult[]) => results.filter((result) => result.outcome === 'failed');

// `falconet-sim check` (simulators/src/check.ts) against Falconet itself: every check passes, none skipped.
describe.each(DATABASE_KINDS)('falconet-sim check against Falconet on %s', (kind) => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    t = await startTestServer(kind, SERVER);
    dir = mkdtempSync(join(tmpdir(), 'falconet-check-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes every check, twice against the same server', async () => {
    for (let round = 0; round < 2; round++) {
      const results = await check(t.base);
      expect(failed(results)).toEqual([]);
      expect(results.filter((result) => result.outcome === 'skipped')).toEqual([]);
      expect(results.length).toBeGreaterThan(40);
    }
  });

  it('runs from the command line: a line per check, JUnit XML, exit code 0', async () => {
    const junit = join(dir, 'check.xml');
    const { stdout } = await run(
      'node',
      ['simulators/bin/falconet-sim.js', 'check', '--url', t.base, '--mgmt-user', TEST_USERNAME, '--mgmt-password', TEST_PASSWORD, '--junit', junit],
      { cwd: ROOT },
    );
    expect(stdout).toMatch(/^ok {3}mgmt\.setup$/m);
    expect(stdout).toMatch(/^skip ddi\.poll\.gateway\.register: no --gateway-token given$/m);
    expect(stdout).toMatch(/\d+ passed, 0 failed, 1 skipped of \d+ checks\n$/);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuite name="falconet-sim check" tests="\d+" failures="0" errors="0" skipped="1"/);
    expect(xml).toContain('<testcase classname="cancel" name="ddi.cancel.ack"');
  });
});

/** One proxied answer: what the server sent, which a corruption may change. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface Seen {
  readonly method: string;
  /** path and query */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A wrong server's one wrong answer: the first answer `when` picks is changed by `corrupt`; `id` must then fail. */
interface Corruption {
  readonly id: string;
  readonly what: string;
  readonly when: (request: Seen, answer: Answer) => boolean;
  readonly corrupt: (answer: Answer) => Answer;
}

/** A path of one of the check's devices, named by its suffix (`ddi(`download`, '/deploymentBase/\\d+')`). */
const ddi = (device: string, rest = '') => new RegExp(`^/DEFAULT/controller/v1/check-[0-9a-z]+-${device}${rest}(\\?|$)`);
const mgmt = (device: string, rest = '') => new RegExp(`^/rest/v1/targets/check-[0-9a-z]+-${device}${rest}(\\?|$)`);
/** The fields the corruptions edit, of whichever answer they edit (a poll, a deployment, a status list…). */
interface Body {
  config?: unknown;
  board?: string;
  _links: Record<string, { href: string } | undefined>;
  deployment: { download: string; update: string; maintenanceWindow?: string };
  actionHistory: { messages: string[] };
  cancelAction: { stopId: string };
  autoConfirm: { active: boolean };
  content: Array<{ type: string; messages?: string[] }>;
}
const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8')) as Partial<Body>;
const withJson = (answer: Answer, edit: (body: Body) => void): Answer => {
  const body = json(answer) as Body;
  edit(body);
  return { ...answer, body: Buffer.from(JSON.stringify(body)) };
};
const withText = (answer: Answer, from: string | RegExp, to: string): Answer => ({
  ...answer,
  body: Buffer.from(answer.body.toString('latin1').replace(from, to), 'latin1'),
});
/** The management status list whose newest entry carries `message`: its type becomes `type`. */
const newestEntry = (device: string, message: string, type: string): Pick<Corruption, 'when' | 'corrupt'> => ({
  when: both(get(mgmt(device, '/actions/\\d+/status')), (_r, a) => (json(a).content?.[0]?.messages ?? []).includes(message)),
  corrupt: (a) => withJson(a, (b) => Object.assign(b.content[0] ?? {}, { type })),
});
const withStatus =
  (status: number) =>
  (answer: Answer): Answer => ({ ...answer, status });
const get = (path: RegExp) => (request: Seen) => request.method === 'GET' && path.test(request.url);
const post = (path: RegExp) => (request: Seen) => request.method === 'POST' && path.test(request.url);
const has = (text: string) => (_request: Seen, answer: Answer) => answer.body.toString('latin1').includes(text);
const both = (a: (request: Seen, answer: Answer) => boolean, b: (request: Seen, answer: Answer) => boolean) => (request: Seen, answer: Answer) =>
  a(request, answer) && b(request, answer);

const CORRUPTIONS: readonly Corruption[] = [
  // registration
  { id: 'ddi.poll.register', what: 'a poll without config.polling.sleep', when: get(ddi('register')), corrupt: (a) => withJson(a, (b) => delete b.config) },
  {
    id: 'ddi.poll.unauthorized',
    what: '200 to a wrong TargetToken',
    when: (request) => request.headers.authorization === `TargetToken ${'0'.repeat(32)}`,
    corrupt: withStatus(200),
  },
  { id: 'ddi.poll.etag', what: '200 to a matching If-None-Match', when: (request) => request.headers['if-none-match'] !== undefined, corrupt: withStatus(200) },
  {
    id: 'ddi.poll.gateway.register',
    what: '401 to the gateway token',
    when: get(ddi('gateway')),
    corrupt: (a) => ({ ...withStatus(401)(a), body: Buffer.alloc(0) }),
  },
  // attributes
  { id: 'ddi.attributes.link', what: 'no configData link', when: get(ddi('attributes')), corrupt: (a) => withJson(a, (b) => delete b._links.configData) },
  {
    id: 'ddi.attributes.merge',
    what: '400 to a merge',
    when: (r) => r.method === 'PUT' && ddi('attributes', '/configData').test(r.url),
    corrupt: withStatus(400),
  },
  {
    id: 'ddi.attributes.replace',
    what: 'a replace that merged',
    when: both(get(mgmt('attributes', '/attributes')), has('"B2"')),
    corrupt: (a) => withJson(a, (b) => (b.board = 'x')),
  },
  {
    id: 'ddi.attributes.linkCleared',
    what: 'configData still linked after the upload',
    when: both(get(ddi('attributes')), (r, a) => !has('configData')(r, a)),
    corrupt: (a) => withJson(a, (b) => (b._links = { ...b._links, configData: { href: 'http://x/configData' } })),
  },
  {
    id: 'ddi.attributes.invalid',
    what: '200 to configData without data',
    when: (r, a) => r.method === 'PUT' && a.status === 400,
    corrupt: withStatus(200),
  },
  // deployments by action type
  ...(['forced', 'soft', 'timeforced', 'downloadonly'] as const).flatMap((type): Corruption[] => [
    {
      id: `ddi.deploy.${type}.links`,
      what: 'a deploymentBase link to another action',
      when: both(get(ddi(type)), has('deploymentBase')),
      corrupt: (a) => withText(a, /deploymentBase\/\d+/, 'deploymentBase/999999'),
    },
    {
      id: `ddi.deploy.${type}.retrieved`,
      what: 'no retrieved entry',
      when: get(mgmt(type, '/actions/\\d+/status')),
      corrupt: (a) => withJson(a, (b) => (b.content = b.content.filter((entry: { type: string }) => entry.type !== 'retrieved'))),
    },
  ]),
  {
    id: 'ddi.deploy.forced.base',
    what: 'download attempt for a forced action',
    when: get(ddi('forced', '/deploymentBase/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.deployment.download = 'attempt')),
  },
  {
    id: 'ddi.deploy.soft.base',
    what: 'update forced for a soft action',
    when: get(ddi('soft', '/deploymentBase/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.deployment.update = 'forced')),
  },
  {
    id: 'ddi.deploy.timeforced.base',
    what: 'download forced before the forcetime',
    when: get(ddi('timeforced', '/deploymentBase/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.deployment.download = 'forced')),
  },
  {
    id: 'ddi.deploy.downloadonly.base',
    what: 'update attempt for download-only',
    when: get(ddi('downloadonly', '/deploymentBase/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.deployment.update = 'attempt')),
  },
  {
    id: 'ddi.deploy.downloadonly.downloaded',
    what: 'a download-only action still running after downloaded',
    when: both(get(mgmt('downloadonly', '/actions/\\d+')), has('"detailStatus":"downloaded"')),
    corrupt: (a) => withJson(a, (b) => Object.assign(b, { status: 'pending', detailStatus: 'running' })),
  },
  // download
  {
    id: 'ddi.download.links',
    what: 'no download-http link',
    when: get(ddi('download', '/deploymentBase/\\d+')),
    corrupt: (a) => withText(a, '"download-http"', '"download-ftp"'),
  },
  {
    id: 'ddi.download.full',
    what: 'one byte flipped',
    when: (r) => get(ddi('download', '/softwaremodules/\\d+/artifacts/[^/]+\\.swu'))(r) && r.headers.range === undefined,
    corrupt: (a) => ({ ...a, body: Buffer.from(a.body.map((byte, i) => (i === 7 ? byte ^ 1 : byte))) }),
  },
  {
    id: 'ddi.download.logged',
    what: 'no download entry',
    when: get(mgmt('download', '/actions/\\d+/status')),
    corrupt: (a) => withJson(a, (b) => (b.content = b.content.filter((entry: { type: string }) => entry.type !== 'download'))),
  },
  {
    id: 'ddi.download.md5sum',
    what: 'another MD5',
    when: get(ddi('download', '/softwaremodules/\\d+/artifacts/[^/]+\\.MD5SUM')),
    corrupt: (a) => withText(a, /^./, a.body[0] === 0x30 ? '1' : '0'),
  },
  {
    id: 'ddi.download.range.single',
    what: 'a wrong Content-Range',
    when: (r) => r.headers.range === 'bytes=100-199',
    corrupt: (a) => ({ ...a, headers: { ...a.headers, 'content-range': String(a.headers['content-range']).replace('100-199', '101-200') } }),
  },
  {
    id: 'ddi.download.range.multi',
    what: 'a wrong part Content-Range',
    when: (r) => r.headers.range === 'bytes=0-9,500-599',
    corrupt: (a) => withText(a, 'bytes 500-599/', 'bytes 500-598/'),
  },
  {
    id: 'ddi.download.resume',
    what: '200 to a resumed range',
    when: (r) => r.headers['if-range'] !== undefined && r.headers['if-range'] !== '"stale"',
    corrupt: withStatus(200),
  },
  {
    id: 'ddi.download.range.unsatisfiable',
    what: 'no Content-Range on 416',
    when: (_r, a) => a.status === 416,
    corrupt: (a) => ({ ...a, headers: { ...a.headers, 'content-range': undefined } }),
  },
  // feedback
  ...(
    [
      ['proceeding', 'warning'],
      ['scheduled', 'warning'],
      ['resumed', 'warning'],
      ['download', 'running'],
      ['downloaded', 'running'],
      ['rejected', 'running'],
      ['canceled', 'running'],
    ] as const
  ).map(([execution, type]): Corruption => ({
    id: `ddi.feedback.${execution}`,
    what: `${execution} recorded as ${type}`,
    ...newestEntry('download', `check ${execution}`, type),
  })),
  { id: 'ddi.feedback.invalid', what: '200 to feedback without a result', when: (r, a) => r.method === 'POST' && a.status === 400, corrupt: withStatus(200) },
  {
    id: 'ddi.actionHistory',
    what: 'messages oldest first',
    when: (r) => r.url.includes('actionHistory=3'),
    corrupt: (a) => withJson(a, (b) => b.actionHistory.messages.reverse()),
  },
  {
    id: 'ddi.feedback.closed.success',
    what: 'the target still pending after success',
    when: both(get(mgmt('download')), has('"updateStatus":"in_sync"')),
    corrupt: (a) => withText(a, '"updateStatus":"in_sync"', '"updateStatus":"pending"'),
  },
  {
    id: 'ddi.feedback.closed.failure',
    what: 'a failed action shown finished',
    when: both(get(mgmt('soft', '/actions/\\d+')), has('"detailStatus":"error"')),
    corrupt: (a) => withText(a, '"detailStatus":"error"', '"detailStatus":"finished"'),
  },
  { id: 'ddi.feedback.gone', what: '200 to feedback on a closed action', when: (_r, a) => a.status === 410, corrupt: withStatus(200) },
  {
    id: 'ddi.installedBase',
    what: 'no installedBase link',
    when: both(get(ddi('download')), has('installedBase')),
    corrupt: (a) => withJson(a, (b) => delete b._links.installedBase),
  },
  // cancel
  {
    id: 'ddi.cancel.links',
    what: 'a cancel offered as deploymentBase',
    when: both(get(ddi('cancel')), has('cancelAction')),
    corrupt: (a) => withText(a, '"cancelAction"', '"deploymentBase"'),
  },
  {
    id: 'ddi.cancel.base',
    what: 'another stopId',
    when: get(ddi('cancel', '/cancelAction/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.cancelAction.stopId = '0')),
  },
  { id: 'ddi.cancel.rejected', what: '405 to a rejected cancel', when: post(ddi('cancel', '/cancelAction/\\d+/feedback')), corrupt: withStatus(405) },
  {
    id: 'ddi.cancel.ack',
    what: 'an acknowledged cancel still canceling',
    when: both(get(mgmt('cancel', '/actions/\\d+')), has('"detailStatus":"canceled"')),
    corrupt: (a) => withText(a, '"detailStatus":"canceled"', '"detailStatus":"canceling"'),
  },
  {
    id: 'ddi.cancel.notCanceling',
    what: '200 to cancelAction of a running action',
    when: get(ddi('cancel-none', '/cancelAction/\\d+')),
    corrupt: withStatus(200),
  },
  // confirmation
  {
    id: 'ddi.confirm.required',
    what: 'a waiting action offered as deploymentBase',
    when: both(get(ddi('confirm')), has('confirmationBase')),
    corrupt: (a) => withText(a, '"confirmationBase"', '"deploymentBase"'),
  },
  {
    id: 'ddi.confirm.base',
    what: 'auto-confirm shown active',
    when: get(ddi('confirm', '/confirmationBase')),
    corrupt: (a) => withJson(a, (b) => (b.autoConfirm.active = true)),
  },
  { id: 'ddi.confirm.denied', what: '410 to a denial', when: post(ddi('confirm', '/confirmationBase/\\d+/feedback')), corrupt: withStatus(410) },
  {
    id: 'ddi.confirm.confirmed',
    what: 'a confirmed action still waiting',
    when: both(get(mgmt('confirm', '/actions/\\d+')), has('"detailStatus":"running"')),
    corrupt: (a) => withText(a, '"detailStatus":"running"', '"detailStatus":"wait_for_confirmation"'),
  },
  { id: 'ddi.confirm.autoConfirm', what: '200 to a second activateAutoConfirm', when: (_r, a) => a.status === 409, corrupt: withStatus(200) },
  // maintenance windows
  {
    id: 'ddi.maintenance.available',
    what: 'an open window shown unavailable',
    when: get(ddi('window-open', '/deploymentBase/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.deployment.maintenanceWindow = 'unavailable')),
  },
  {
    id: 'ddi.maintenance.unavailable',
    what: 'update forced outside the window',
    when: get(ddi('window-closed', '/deploymentBase/\\d+')),
    corrupt: (a) => withJson(a, (b) => (b.deployment.update = 'forced')),
  },
];

/** An HTTP proxy in front of `upstream` that changes the first answer `corruption` picks; the Host header passes through. */
async function wrongServer(upstream: string, corruption: Corruption): Promise<{ url: string; applied: () => boolean; close: () => Promise<void> }> {
  const target = new URL(upstream);
  let applied = false;
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const forward = httpRequest(
        { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (chunk: Buffer) => parts.push(chunk));
          response.on('end', () => {
            let answer: Answer = { status: response.statusCode ?? 502, headers: { ...response.headers }, body: Buffer.concat(parts) };
            const seen: Seen = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers };
            if (!applied && corruption.when(seen, answer)) {
              applied = true;
              answer = corruption.corrupt(answer);
            }
            const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name, value]) => value !== undefined && name !== 'transfer-encoding'));
            outgoing.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
            outgoing.end(answer.body);
          });
        },
      );
      forward.on('error', (error) => outgoing.destroy(error));
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    applied: () => applied,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

// The checks can fail: behind a proxy that corrupts one answer, `check` fails with exactly that check's id.
describe('falconet-sim check against a wrong server', () => {
  let t: TestServer;
  /** each check's flow, from a run through a proxy that changes nothing */
  const flowOf = new Map<string, string>();
  beforeAll(async () => {
    t = await startTestServer('sqlite', SERVER);
    const proxy = await wrongServer(t.base, { id: '', what: 'nothing', when: () => false, corrupt: (a) => a });
    try {
      const results = await check(proxy.url);
      expect(failed(results)).toEqual([]);
      for (const result of results) flowOf.set(result.id, result.flow);
    } finally {
      await proxy.close();
    }
  });
  afterAll(() => t.close());

  it('has one corruption for every check but the set-up', () => {
    expect([...flowOf.keys()].filter((id) => id !== 'mgmt.setup').sort()).toEqual(CORRUPTIONS.map((corruption) => corruption.id).sort());
  });

  // each case runs the flow of its check only (the set-up and that flow's devices)
  it.concurrent.each(CORRUPTIONS.map((corruption) => [corruption.id, corruption.what, corruption] as const))(
    '%s fails on %s',
    async (id, _what, corruption) => {
      const proxy = await wrongServer(t.base, corruption);
      try {
        const results = await check(proxy.url, [flowOf.get(id) as string]);
        expect(proxy.applied(), 'the corruption found its answer').toBe(true);
        const failures = failed(results);
        expect(failures.map((result) => result.id)).toEqual([id]);
        expect(failures[0]?.reason).toMatch(/expected .+, got /);
      } finally {
        await proxy.close();
      }
    },
  );
});

describe('falconet-sim check usage', () => {
  it.each([
    [['--mgmt-user', 'u', '--mgmt-password', 'p'], /--url is required/],
    [['--url', 'http://127.0.0.1:9'], /--mgmt-user and --mgmt-password are required/],
    [['--url', 'http://127.0.0.1:9', '--mgmt-user', 'u', '--mgmt-password', 'p', '--flow', 'nope'], /--flow must be one of registration, /],
  ])('exits with 2 on %j', async (args, message) => {
    const failure = (await run('node', ['simulators/bin/falconet-sim.js', 'check', ...args], { cwd: ROOT }).catch((error: unknown) => error)) as {
      code: number;
      stderr: string;
    };
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(message);
  });

  it('exits with 1 when a check fails: a server that refuses the management credentials', async () => {
    const t = await startTestServer('sqlite');
    try {
      const failure = (await run('node', ['simulators/bin/falconet-sim.js', 'check', '--url', t.base, '--mgmt-user', 'admin', '--mgmt-password', 'wrong'], {
        cwd: ROOT,
      }).catch((error: unknown) => error)) as { code: number; stdout: string };
      expect(failure.code).toBe(1);
      expect(failure.stdout).toMatch(/^FAIL mgmt\.setup: POST \/rest\/v1\/softwaremodules: 401/m);
    } finally {
      await t.close();
    }
  });
});

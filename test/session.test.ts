import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/password-hash.js';
import type { Config } from '../src/config.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices, scheduledJobs } from '../src/services.js';
import { openArtifactStore } from '../src/storage/configured-store.js';
import { SESSION_IDLE_LIFETIME_MS } from '../src/auth/session-store.js';
import { DATABASE_KINDS } from './support/databases.js';
import { basicAuth, startTestApp, TEST_PASSWORD, TEST_USERNAME } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] as string;

describe.each(DATABASE_KINDS)('operator authentication on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers the liveness probe without credentials', async () => {
    const response = await t.request('/health');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });

  it('accepts HTTP Basic with the operator account', async () => {
    const response = await t.request('/rest/v1/session', { headers: { authorization: basicAuth() } });
    expect(response.status).toBe(204);
  });

  it.each([
    ['a wrong password', basicAuth(TEST_USERNAME, 'wrong')],
    ['a wrong username', basicAuth('root', TEST_PASSWORD)],
    ['no colon in the credentials', `Basic ${Buffer.from('admin').toString('base64')}`],
    ['another scheme', 'Bearer abc'],
  ])('refuses %s with 401 in hawkBit error shape and a Basic challenge', async (_case, authorization) => {
    const response = await t.request('/rest/v1/session', { headers: { authorization } }, '10.0.0.1');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="falconet"');
    expect(await response.json()).toEqual({
      exceptionClass: 'falconet.AuthenticationException',
      errorCode: 'hawkbit.server.error.unauthorized',
      message: expect.any(String) as string,
    });
  });

  it('tells a hawkBit UI who logged in and what it may do (GET /rest/v1/userinfo), with Basic or the session', async () => {
    const basic = await t.request('/rest/v1/userinfo', { headers: { authorization: basicAuth() } });
    expect(basic.status).toBe(200);
    const info = (await basic.json()) as { tenant: string; username: string; permissions: string[] };
    expect(info).toMatchObject({ tenant: 'DEFAULT', username: TEST_USERNAME });
    expect(info.permissions).toEqual(
      expect.arrayContaining(['READ_TARGET', 'UPDATE_TARGET', 'CREATE_ROLLOUT', 'HANDLE_ROLLOUT', 'APPROVE_ROLLOUT', 'READ_REPOSITORY']),
    );
    expect(info.permissions).not.toContain('UPDATE_TENANT_CONFIGURATION');
    expect(new Set(info.permissions).size).toBe(info.permissions.length);
    const login = await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD }));
    const viaSession = await t.request('/rest/v1/userinfo', { headers: { cookie: cookieOf(login) } });
    expect(await viaSession.json()).toEqual(info);
    const anonymous = await t.request('/rest/v1/userinfo');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="falconet"');
  });

  it('answers 401 without credentials, and without a challenge for script requests', async () => {
    const plain = await t.request('/rest/v1/session');
    expect(plain.status).toBe(401);
    expect(plain.headers.get('www-authenticate')).toBe('Basic realm="falconet"');
    const console = await t.request('/rest/v1/session', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(console.status).toBe(401);
    expect(console.headers.get('www-authenticate')).toBeNull();
  });

  it('logs in with a session cookie, and logs out', async () => {
    const login = await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD }));
    expect(login.status).toBe(204);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^falconet_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = cookieOf(login);

    expect((await t.request('/rest/v1/session', { headers: { cookie } })).status).toBe(204);
    const logout = await t.request('/rest/v1/logout', { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^falconet_session=; Max-Age=0; Path=\/;/);
    expect((await t.request('/rest/v1/session', { headers: { cookie } })).status).toBe(401);
  });

  it('stores only a hash of the session cookie', async () => {
    const cookie = cookieOf(await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD })));
    const token = cookie.split('=')[1] as string;
    const rows = await t.db('sessions').select('token_hash');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row: { token_hash: string }) => row.token_hash === token)).toBe(false);
  });

  it('expires a session left unused, and slides an active one', async () => {
    const cookie = cookieOf(await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD })));
    t.clock.advance(SESSION_IDLE_LIFETIME_MS * 0.75);
    expect((await t.request('/rest/v1/session', { headers: { cookie } })).status).toBe(204);
    t.clock.advance(SESSION_IDLE_LIFETIME_MS * 0.75);
    expect((await t.request('/rest/v1/session', { headers: { cookie } })).status).toBe(204);
    t.clock.advance(SESSION_IDLE_LIFETIME_MS);
    expect((await t.request('/rest/v1/session', { headers: { cookie } })).status).toBe(401);
    expect(await t.services.sessions.purgeExpired()).toBeGreaterThan(0);
  });

  it('refuses a wrong login with 401 and no Basic challenge', async () => {
    const response = await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: 'nope' }), '10.0.0.2');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('hawkbit.server.error.unauthorized');
  });

  it.each([
    ['malformed JSON', '{"username": "admin",'],
    ['a missing field', JSON.stringify({ username: TEST_USERNAME })],
    ['a wrong type', JSON.stringify({ username: TEST_USERNAME, password: 42 })],
    ['no body', ''],
  ])('refuses a login body with %s with 400 and writes nothing', async (_case, body) => {
    const before = (await t.db('sessions').count({ n: '*' }))[0];
    const response = await t.request('/rest/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
    expect((await t.db('sessions').count({ n: '*' }))[0]).toEqual(before);
  });

  it('limits failed logins per client address', async () => {
    const attacker = '192.0.2.66';
    for (let i = 0; i < t.config.mgmt.maxFailedLogins; i++) {
      const response = await t.request('/rest/v1/session', { headers: { authorization: basicAuth(TEST_USERNAME, `x${i}`) } }, attacker);
      expect(response.status).toBe(401);
    }
    const blocked = await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD }), attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { errorCode: string }).errorCode).toBe('hawkbit.server.error.tooManyRequests');

    const elsewhere = await t.request('/rest/v1/session', { headers: { authorization: basicAuth() } }, '192.0.2.67');
    expect(elsewhere.status).toBe(204);

    t.clock.advance(t.config.mgmt.failedLoginWindowSecs * 1000);
    const later = await t.request('/rest/v1/session', { headers: { authorization: basicAuth() } }, attacker);
    expect(later.status).toBe(204);
  });
});

describe.each(DATABASE_KINDS)('sessions after a change of the operator credentials, on %s', (kind) => {
  const t = useTestApp(kind);
  let newHash: string;
  beforeAll(async () => {
    newHash = await hashPassword('a-new-password');
  });

  /** The server as it answers after a restart with other `[mgmt]` settings, on the same database. */
  async function restartedWith(mgmt: Partial<Config['mgmt']>): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
    const config: Config = { ...t.config, mgmt: { ...t.config.mgmt, ...mgmt } };
    const services = createServices(config, t.db, t.clock, pino({ level: 'silent' }), await openArtifactStore(config, t.clock));
    const operations = (await Promise.all([loadApiOperations('mgmt'), loadApiOperations('ddi')])).flat();
    const app = buildApp({ config, services, operations, logger: pino({ level: 'silent' }) });
    return async (path, init) => app.request(path, init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  }
  const login = async () => cookieOf(await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD })));
  const createTarget = (cookie: string, controllerId: string): RequestInit => ({
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify([{ controllerId }]),
  });

  it('keeps a session across a restart with the same credentials', async () => {
    const cookie = await login();
    const request = await restartedWith({});
    expect((await request('/rest/v1/session', { headers: { cookie } })).status).toBe(204);
  });

  it('ends every session when the password hash changes', async () => {
    const cookie = await login();
    const request = await restartedWith({ passwordHash: newHash });
    expect((await request('/rest/v1/session', { headers: { cookie } })).status).toBe(401);
    expect((await request('/rest/v1/targets', createTarget(cookie, 'after-new-hash'))).status).toBe(401);
    expect(await t.db('targets').where({ controller_id: 'after-new-hash' }).first()).toBeUndefined();

    const fresh = cookieOf(await request('/rest/v1/login', json({ username: TEST_USERNAME, password: 'a-new-password' })));
    expect((await request('/rest/v1/session', { headers: { cookie: fresh } })).status).toBe(204);
  });

  it('ends every session when the account is renamed', async () => {
    const cookie = await login();
    const request = await restartedWith({ username: 'operator' });
    expect((await request('/rest/v1/session', { headers: { cookie } })).status).toBe(401);
    expect((await request('/rest/v1/targets', createTarget(cookie, 'after-rename'))).status).toBe(401);
    expect((await request('/rest/v1/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await t.db('targets').where({ controller_id: 'after-rename' }).first()).toBeUndefined();
  });
});

/** The statuses of `count` requests sent at once, counted: `{ 401: n, 429: m }`. */
async function burst(count: number, send: (i: number) => Promise<Response>): Promise<Record<number, number>> {
  const statuses = await Promise.all(Array.from({ length: count }, (_, i) => send(i).then((response) => response.status)));
  const counted: Record<number, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  return counted;
}

describe.each(DATABASE_KINDS)('failed logins sent at once, on %s', (kind) => {
  const t = useTestApp(kind, { 'mgmt.max_failed_logins': 5 });

  it('gives a burst of wrong Basic credentials from one address no more than the limit of checks', async () => {
    const statuses = await burst(40, (i) =>
      t.request('/rest/v1/session', { headers: { authorization: basicAuth(TEST_USERNAME, `guess-${i}`) } }, '192.0.2.80'),
    );
    expect(statuses).toEqual({ 401: 5, 429: 35 });
  });

  it('gives a burst of wrong logins from one address no more than the limit of checks', async () => {
    const statuses = await burst(40, (i) => t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: `guess-${i}` }), '192.0.2.81'));
    expect(statuses).toEqual({ 401: 5, 429: 35 });
  });

  it('counts a repeated wrong password each time', async () => {
    const statuses = await burst(20, () =>
      t.request('/rest/v1/session', { headers: { authorization: basicAuth(TEST_USERNAME, 'the-same-guess') } }, '192.0.2.82'),
    );
    expect(statuses).toEqual({ 401: 5, 429: 15 });
  });

  it('answers a burst of right credentials from one address with one check, whatever the limit', async () => {
    const statuses = await burst(20, () =>
      t.request('/rest/v1/session', { headers: { authorization: basicAuth(TEST_USERNAME, TEST_PASSWORD) } }, '192.0.2.83'),
    );
    expect(statuses).toEqual({ 204: 20 });
  });

  it('forgets the counts of closed windows in a scheduled job', async () => {
    const locked = await t.request('/rest/v1/session', { headers: { authorization: basicAuth(TEST_USERNAME, 'guess-after') } }, '192.0.2.80');
    expect(locked.status).toBe(429);
    t.clock.advance(t.config.mgmt.failedLoginWindowSecs * 1000);
    const purge = scheduledJobs(t.services, t.config).find((job) => job.name === 'purge-closed-login-windows');
    expect(await purge?.run()).toBeGreaterThanOrEqual(3);
    const again = await t.request('/rest/v1/session', { headers: { authorization: basicAuth(TEST_USERNAME, 'guess-later') } }, '192.0.2.80');
    expect(again.status).toBe(401);
  });
});

describe('session cookie behind https', () => {
  it('is marked Secure when the external url is https', async () => {
    const t = await startTestApp('sqlite', { url: 'https://updates.example.com' });
    try {
      const login = await t.request('/rest/v1/login', json({ username: TEST_USERNAME, password: TEST_PASSWORD }));
      expect(login.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { scheduledJobs } from '../src/services.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createDevice } from './support/ddi-client.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { AUTH, getJson, send } from './support/target-fixtures.js';
import { TEST_PASSWORD, TEST_USERNAME, testConfig } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

interface AuditJson {
  id: number;
  at: number;
  actor: string;
  operation: string;
  method: string;
  path: string;
  entityType: string;
  entityIds: string[];
  status: number;
  requestId: string;
  clientAddress: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
interface AuditPage {
  content: AuditJson[];
  total: number;
  size: number;
}

const DAY = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 2;
const PROXY = '198.51.100.1';

describe.each(DATABASE_KINDS)('audit log on %s', (kind) => {
  const t = useTestApp(kind, { 'ddi.trusted_proxy_header': 'X-Forwarded-For', 'cleanup.auditlog_retention_days': RETENTION_DAYS });

  const log = (query = '') => getJson<AuditPage>(t, `/rest/v1/auditlog${query}`);
  const total = async () => (await log('?limit=1')).total;
  /** Runs `write` and returns the entries it added, oldest first. */
  const entriesOf = async (write: () => Promise<unknown>): Promise<AuditJson[]> => {
    const [newest] = (await log('?limit=1')).content;
    await write();
    return (await log(`?sort=id:ASC&q=id=gt=${newest?.id ?? 0}`)).content;
  };
  const only = async (write: () => Promise<unknown>): Promise<AuditJson> => {
    const entries = await entriesOf(write);
    expect(entries).toHaveLength(1);
    return entries[0] as AuditJson;
  };

  it('records a create with who, when, what, the created ids, the request id and the client address', async () => {
    let requestId = '';
    const entry = await only(async () => {
      const response = await t.request(
        '/rest/v1/targets',
        {
          ...send('POST', [{ controllerId: 'audit-a' }, { controllerId: 'audit-b' }]),
          headers: { ...send('POST').headers, 'x-forwarded-for': `203.0.113.9, ${PROXY}` },
        },
        PROXY,
      );
      expect(response.status).toBe(201);
      requestId = response.headers.get('x-request-id') ?? '';
    });
    expect(requestId).not.toBe('');
    const { id, entityIds, ...fields } = entry;
    expect(id).toBeGreaterThan(0);
    expect([...entityIds].sort()).toEqual(['audit-a', 'audit-b']);
    expect(fields).toEqual({
      at: t.clock(),
      actor: TEST_USERNAME,
      operation: 'createTargets',
      method: 'POST',
      path: '/rest/v1/targets',
      entityType: 'targets',
      status: 201,
      requestId,
      clientAddress: PROXY,
      before: null,
      after: null,
    });
  });

  it('records an update with the fields it named before and after, tokens masked', async () => {
    const cid = await createTarget(t, { name: 'old name', securityToken: 'old-token' });
    const entry = await only(async () => {
      const response = await t.request(`/rest/v1/targets/${cid}`, send('PUT', { name: 'new name', securityToken: 'new-token' }));
      expect(response.status).toBe(200);
    });
    expect(entry).toMatchObject({
      operation: 'updateTarget',
      method: 'PUT',
      path: `/rest/v1/targets/${cid}`,
      entityType: 'targets',
      entityIds: [cid],
      status: 200,
      before: { name: 'old name', securityToken: '***' },
      after: { name: 'new name', securityToken: '***' },
    });
  });

  it('records a deletion, an assignment, an upload and a set update, each once, under the entity the path names', async () => {
    const set = await createSet(t);
    const cid = await createTarget(t);
    expect(await only(() => assignOk(t, cid, { id: set }))).toMatchObject({
      operation: 'postAssignedDistributionSet',
      entityType: 'targets',
      entityIds: [cid],
      status: 200,
      before: null,
      after: null,
    });
    expect(await only(() => t.request(`/rest/v1/distributionsets/${set}`, send('PUT', { description: 'audited' })))).toMatchObject({
      operation: 'updateDistributionSet',
      entityType: 'distributionsets',
      entityIds: [String(set)],
      after: { description: 'audited' },
    });
    const module = await createModule(t);
    expect(await only(() => uploadArtifact(t, module.id, 'firmware bytes'))).toMatchObject({
      operation: 'uploadArtifact',
      entityType: 'softwaremodules',
      entityIds: [String(module.id)],
      status: 201,
      before: null,
      after: null,
    });
    const other = await createTarget(t);
    expect(await only(() => t.request(`/rest/v1/targets/${other}`, { method: 'DELETE', headers: AUTH }))).toMatchObject({
      operation: 'deleteTarget',
      method: 'DELETE',
      entityIds: [other],
      status: 204,
    });
  });

  it('records logins and the logouts that ended a session, never a logout without one', async () => {
    const json = (path: string, body?: unknown, cookie?: string) =>
      t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    let cookie = '';
    expect(
      await only(async () => {
        const response = await json('/rest/v1/login', { username: TEST_USERNAME, password: TEST_PASSWORD });
        expect(response.status).toBe(204);
        cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
      }),
    ).toMatchObject({ actor: TEST_USERNAME, operation: 'login', entityType: 'login', entityIds: [], status: 204 });
    expect(await only(() => json('/rest/v1/logout', undefined, cookie))).toMatchObject({ actor: TEST_USERNAME, operation: 'logout' });
    expect(await entriesOf(() => json('/rest/v1/logout', undefined, cookie))).toEqual([]);
    expect(await entriesOf(() => json('/rest/v1/logout'))).toEqual([]);
  });

  it('records nothing for a refused write: invalid, unknown, unauthenticated, or a failed login', async () => {
    const cid = await createTarget(t);
    const before = await total();
    expect((await t.request(`/rest/v1/targets/${cid}`, send('PUT', { name: 42 }))).status).toBe(400);
    expect((await t.request('/rest/v1/targets/nobody', send('PUT', { name: 'x' }))).status).toBe(404);
    expect((await t.request('/rest/v1/targets', { ...send('POST', [{ controllerId: 'x' }]), headers: { 'content-type': 'application/json' } })).status).toBe(
      401,
    );
    const wrongLogin = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: TEST_USERNAME, password: 'wrong' }),
    };
    expect((await t.request('/rest/v1/login', wrongLogin)).status).toBe(401);
    expect(await total()).toBe(before);
  });

  it('records no device traffic and no reads', async () => {
    const device = await createDevice(t);
    const set = await createSet(t);
    const action = await assignOk(t, device.controllerId, { id: set });
    const before = await total();
    await device.poll();
    expect((await device.feedback(action, 'proceeding')).status).toBe(200);
    expect((await device.put('/configData', { data: { hw: 'rev2' }, mode: 'merge' })).status).toBe(200);
    await getJson(t, `/rest/v1/targets/${device.controllerId}`);
    expect(await total()).toBe(before);
  });

  it('pages, sorts and filters with FIQL', async () => {
    const cids = [await createTarget(t), await createTarget(t), await createTarget(t)];
    const all = await log('?q=operation==createTargets&sort=id:ASC&limit=500');
    expect(all.content.map((entry) => entry.id)).toEqual([...all.content.map((entry) => entry.id)].sort((a, b) => a - b));
    const newestFirst = await log('?q=operation==createTargets&limit=2&offset=1');
    expect(newestFirst).toMatchObject({ total: all.total, size: 2 });
    expect(newestFirst.content.map((entry) => entry.id)).toEqual(
      all.content
        .slice(-3, -1)
        .reverse()
        .map((entry) => entry.id),
    );
    const ofOne = await log(`?q=entityid==${cids[1]}`);
    expect(ofOne.content.map((entry) => entry.entityIds)).toEqual([[cids[1]]]);
    expect((await log(`?q=entityid=in=(${cids.join(',')});method==POST`)).total).toBe(3);
    expect((await log('?q=actor==adm*;status=ge=200;entitytype==targets;clientaddress==127.0.0.1')).total).toBeGreaterThanOrEqual(3);
    expect((await log('?q=path==/rest/v1/targets&sort=status:DESC,at:ASC')).total).toBeGreaterThanOrEqual(3);
    const unknownField = await t.request('/rest/v1/auditlog?q=password==x', { headers: AUTH });
    await expectError(unknownField, 400, 'hawkbit.server.error.rest.param.rsqlInvalidField');
    expect((await t.request('/rest/v1/auditlog?sort=before:ASC', { headers: AUTH })).status).toBe(400);
    expect((await t.request('/rest/v1/auditlog')).status).toBe(401);
  });

  it('deletes entries older than the retention, hourly', async () => {
    expect(scheduledJobs(t.services, t.config).map((job) => job.name)).toContain('auditlog-retention');
    expect(scheduledJobs(t.services, testConfig({ 'cleanup.auditlog_retention_days': 0 })).map((job) => job.name)).not.toContain('auditlog-retention');
    await createTarget(t);
    const old = await total();
    expect(old).toBeGreaterThan(0);
    t.clock.advance(RETENTION_DAYS * DAY);
    const recent = await createTarget(t);
    expect(await t.services.auditLog.purgeExpired()).toBe(0);
    t.clock.advance(1);
    expect(await t.services.auditLog.purgeExpired()).toBe(old);
    const left = await log();
    expect(left.content.map((entry) => entry.entityIds)).toEqual([[recent]]);
    expect(Number((await t.db('audit_log_entities').count({ n: '*' }))[0]?.['n'])).toBe(1);
  });
});

import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices } from '../src/services.js';
import { openArtifactStore } from '../src/storage/configured-store.js';
import { DATABASE_KINDS, type DatabaseKind } from './support/databases.js';
import { createTarget } from './support/deployment-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { AUTH } from './support/target-fixtures.js';
import { startTestApp, testClock, testConfig } from './support/test-app.js';
import { capturingLogger, startTestServer, type TestServer } from './support/test-server.js';

/** An app as `falconet serve` builds it, over a database and an artifact directory that may not work. */
async function appOn(kind: DatabaseKind, overrides: Record<string, unknown>) {
  const config = testConfig(overrides);
  const log = capturingLogger();
  const db = openDatabase(config.databaseUrl, log.logger);
  const services = createServices(config, db, testClock(), log.logger, await openArtifactStore(config, testClock()));
  const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];
  return { db, kind, log, app: buildApp({ config, services, operations, logger: log.logger }) };
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

/** Decision 198: what the server tells strangers about itself. */
describe.each(DATABASE_KINDS)('disclosure on %s', (kind) => {
  describe('/ready', () => {
    it('names the database that does not answer, and the driver error only to the operator', async () => {
      const t = await startTestApp(kind);
      try {
        await t.db.destroy();
        const anonymous = await t.request('/ready');
        expect(anonymous.status).toBe(503);
        expect(await messageOf(anonymous)).toBe('The database does not answer');
        const operator = await messageOf(await t.request('/ready', { headers: AUTH }));
        // on PostgreSQL the failed-login counts live in that database: no password is checked without them
        if (kind === 'sqlite') expect(operator).toMatch(/^The database does not answer: \S/);
        else expect(operator).toBe('The database does not answer');
      } finally {
        await t.close();
      }
    });

    it.runIf(kind === 'postgres')('keeps a refused connection’s address to the log, and the pool logs JSON through the logger', async () => {
      const print = vi.spyOn(console, 'log');
      const { db, app, log } = await appOn(kind, { database_url: 'postgres://postgres@127.0.0.1:1/falconet' });
      try {
        const anonymous = await app.request('/ready');
        expect(anonymous.status).toBe(503);
        const message = await messageOf(anonymous);
        expect(message).toMatch(/^The database (does not answer|did not answer within 2000 ms)$/);
        expect(message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
        // the operator's password cannot be checked without the database's failed-login counts (decision 198)
        expect(await messageOf(await app.request('/ready', { headers: AUTH }))).toBe(message);
        expect(log.lines().some((line) => line.component === 'database' && /ECONNREFUSED/.test(line.msg))).toBe(true);
        expect(print).not.toHaveBeenCalled();
      } finally {
        print.mockRestore();
        await db.destroy();
      }
    });

    it('names the artifact store that cannot be used, and its path only to the operator', async () => {
      const file = join(tmpdir(), `falconet-not-a-directory-${process.pid}-${kind}`);
      writeFileSync(file, 'a file where the artifact directory should be');
      const t = await startTestApp(kind, { artifact_dir: join(file, 'artifacts') });
      try {
        const anonymous = await t.request('/ready');
        expect(anonymous.status).toBe(503);
        expect(await messageOf(anonymous)).toBe('The artifact store does not answer');
        expect(await messageOf(await t.request('/ready', { headers: AUTH }))).toContain(file);
      } finally {
        await t.close();
        rmSync(file, { force: true });
      }
    });
  });

  it('answers a missing artifact blob without its errno or path', async () => {
    const t = await startTestApp(kind);
    try {
      const module = await createModule(t, { type: 'os' });
      const artifact = await uploadArtifact(t, module.id, 'bytes that go missing');
      const { sha256 } = artifact.hashes;
      rmSync(join(t.config.artifactDir as string, 'blobs', sha256.slice(0, 2), sha256));
      const response = await t.request(`/rest/v1/softwaremodules/${module.id}/artifacts/${artifact.id}/download`, { headers: AUTH });
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({ errorCode: 'hawkbit.server.error.artifact.loadFailed', info: { reason: 'missing from the store' } });
      expect(body).not.toMatch(/ENOENT|\/blobs\//);
    } finally {
      await t.close();
    }
  });

  describe('over HTTP', () => {
    let t: TestServer;
    let device: string;
    const token = 'nosniff-token-0123456789abcdef';
    beforeAll(async () => {
      t = await startTestServer(kind);
      device = await createTarget(t, { securityToken: token });
    });
    afterAll(() => t.close());

    type Request = () => readonly [string, Record<string, string>];
    it.each<[string, Request]>([
      ['the lean poll', () => [`/DEFAULT/controller/v1/${device}`, { authorization: `TargetToken ${token}` }]],
      ['a management list', () => ['/rest/v1/targets', AUTH]],
      ['a 401', () => ['/rest/v1/targets', {}]],
      ['a 404', () => ['/no/such/path', {}]],
      ['a bad Host', () => ['/health', { host: '"evil.example"' }]],
      ['/health', () => ['/health', {}]],
      ['/metrics', () => ['/metrics', {}]],
    ])('sends X-Content-Type-Options: nosniff with %s', async (_name, request) => {
      const [path, headers] = request();
      const response = await fetch(`${t.base}${path}`, { headers });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });
});

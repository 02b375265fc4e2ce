import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChecksumMismatchError, createFalconetClient, FalconetApiError, unwrap, type FalconetClient } from '../src/client/index.js';
import { DATABASE_KINDS } from './support/databases.js';
import { TEST_PASSWORD, TEST_USERNAME } from './support/test-app.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const credentials = { user: TEST_USERNAME, password: TEST_PASSWORD };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// The typed client (src/client, exported as `falconet/client`) against a listening server, over HTTP.
describe.each(DATABASE_KINDS)('the typed client on %s', (kind) => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    dir = mkdtempSync(join(tmpdir(), 'falconet-client-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('authenticates with Basic: creates and reads a target', async () => {
    const client = createFalconetClient({ baseUrl: `${t.base}/`, auth: { basic: credentials } });
    const [created] = await unwrap(client.POST('/rest/v1/targets', { body: [{ controllerId: 'client-basic', name: 'Basic' }] }));
    expect(created?.controllerId).toBe('client-basic');
    const target = await unwrap(client.GET('/rest/v1/targets/{targetId}', { params: { path: { targetId: 'client-basic' } } }));
    expect(target.name).toBe('Basic');
  });

  it('authenticates with a session: one login, the cookie on every request, a new login after logout', async () => {
    const logins: string[] = [];
    const client = createFalconetClient({
      baseUrl: t.base,
      auth: { session: credentials },
      fetch: (request) => {
        if (request.url.endsWith('/rest/v1/login')) logins.push(request.method);
        expect(request.headers.get('authorization')).toBeNull();
        return fetch(request);
      },
    });
    expect((await client.GET('/rest/v1/session')).response.status).toBe(204);
    expect((await unwrap(client.GET('/rest/v1/userinfo'))).username).toBe(TEST_USERNAME);
    expect(logins).toEqual(['POST']);
    await client.logout();
    expect((await unwrap(client.GET('/rest/v1/userinfo'))).username).toBe(TEST_USERNAME);
    expect(logins).toEqual(['POST', 'POST']);
  });

  it('refuses a wrong password with FalconetApiError, for both kinds of authentication', async () => {
    const wrong = { user: TEST_USERNAME, password: 'not-the-password' };
    const basic = createFalconetClient({ baseUrl: t.base, auth: { basic: wrong } });
    await expect(unwrap(basic.GET('/rest/v1/userinfo'))).rejects.toMatchObject({ status: 401 });
    const session = createFalconetClient({ baseUrl: t.base, auth: { session: wrong } });
    await expect(session.login()).rejects.toBeInstanceOf(FalconetApiError);
  });

  describe('with a client', () => {
    let client: FalconetClient;
    beforeAll(() => {
      client = createFalconetClient({ baseUrl: t.base, auth: { basic: credentials } });
    });

    it('walks every page of a list, in order, with the filter kept', async () => {
      const ids = Array.from({ length: 7 }, (_, i) => `client-page-${i}`);
      await unwrap(client.POST('/rest/v1/targets', { body: ids.map((controllerId) => ({ controllerId })) }));
      const seen: string[] = [];
      for await (const target of client.pages('/rest/v1/targets', { query: { q: 'controllerId==client-page-*', sort: 'controllerId:ASC', limit: 3 } })) {
        seen.push(target.controllerId);
      }
      expect(seen).toEqual(ids);
      const all = await client.all('/rest/v1/targets', { query: { q: 'controllerId==client-page-*', limit: 2 } });
      expect(all).toHaveLength(7);
    });

    it('turns an error answer into FalconetApiError with hawkBit error body', async () => {
      const error = await unwrap(client.GET('/rest/v1/targets/{targetId}', { params: { path: { targetId: 'no-such-target' } } })).catch(
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(FalconetApiError);
      expect(error).toMatchObject({
        status: 404,
        errorCode: 'hawkbit.server.error.repo.entityNotFound',
        method: 'GET',
        url: '/rest/v1/targets/no-such-target',
      });
      expect((error as FalconetApiError).body?.message).toMatch(/no-such-target/);
      await expect(client.all('/rest/v1/targets', { query: { q: 'nofield==1' } })).rejects.toMatchObject({
        status: 400,
        errorCode: 'hawkbit.server.error.rest.param.rsqlInvalidField',
      });
    });

    it('uploads a file by path, a Blob and bytes, each checked against its SHA-256', async () => {
      const [module] = await unwrap(client.POST('/rest/v1/softwaremodules', { body: [{ name: 'client-os', version: '1', type: 'os' }] }));
      const moduleId = module?.id as number;
      const bytes = new TextEncoder().encode('firmware image');
      const path = join(dir, 'image.swu');
      writeFileSync(path, bytes);
      const byPath = await client.uploadArtifact(moduleId, path, { sha256: sha256(bytes).toUpperCase() });
      expect(byPath).toMatchObject({ providedFilename: 'image.swu', size: bytes.length, hashes: { sha256: sha256(bytes) } });
      const byBlob = await client.uploadArtifact(moduleId, new Blob([bytes]), { filename: 'blob.swu' });
      expect(byBlob.providedFilename).toBe('blob.swu');
      expect((await client.uploadArtifact(moduleId, bytes)).providedFilename).toBe('artifact.bin');
      const duplicate = await client.uploadArtifact(moduleId, bytes).catch((thrown: unknown) => thrown);
      expect(duplicate).toMatchObject({ status: 409, errorCode: 'hawkbit.server.error.repo.entityAlreadyExists' });
    });

    it('detects a checksum mismatch: the expected SHA-256 before the upload, the server\u2019s after it', async () => {
      const [module] = await unwrap(client.POST('/rest/v1/softwaremodules', { body: [{ name: 'client-mismatch', version: '1', type: 'os' }] }));
      const moduleId = module?.id as number;
      const bytes = new TextEncoder().encode('the real bytes');
      const expected = await client.uploadArtifact(moduleId, bytes, { sha256: sha256(new TextEncoder().encode('other')) }).catch((thrown: unknown) => thrown);
      expect(expected).toBeInstanceOf(ChecksumMismatchError);
      expect(expected).toMatchObject({ stage: 'expected', actual: sha256(bytes) });
      const stored = client.GET('/rest/v1/softwaremodules/{softwareModuleId}/artifacts', { params: { path: { softwareModuleId: moduleId } } });
      expect(await unwrap(stored)).toEqual([]);

      // a server that stores other bytes than it was sent, as a proxy rewriting its answer stands for it
      const lying = createFalconetClient({
        baseUrl: t.base,
        auth: { basic: credentials },
        fetch: async (request) => {
          const response = await fetch(request);
          if (request.method !== 'POST') return response;
          const body = (await response.json()) as { hashes: { sha256: string } };
          body.hashes.sha256 = sha256(new TextEncoder().encode('something else'));
          return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
        },
      });
      const server = await lying.uploadArtifact(moduleId, bytes).catch((thrown: unknown) => thrown);
      expect(server).toBeInstanceOf(ChecksumMismatchError);
      expect(server).toMatchObject({ stage: 'server', expected: sha256(bytes) });
    });
  });
});

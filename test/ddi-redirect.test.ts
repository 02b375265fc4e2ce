import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { byteRangeParts, expectedParts } from './support/byteranges.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { createModule, uploadArtifact, type ArtifactJson } from './support/software-module-api.js';
import { createTargets, getJson, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const FILE = 'fw 2.0.swu';
const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');

// decision 121: with the bucket backend and download_redirect, a device's GET answers 307 to a presigned
// URL of s3rver, which the test then fetches as a device's libcurl would (without the device's token).
describe.each(DATABASE_KINDS)('DDI downloads redirected to the bucket on %s', (kind) => {
  let serial = 0;
  const bytes = randomBytes(300_000);
  let moduleId: number;
  let setId: number;
  let artifact: ArtifactJson;

  const token = (cid: string) => ({ authorization: `TargetToken token-of-${cid}` });
  const path = (cid: string, file = encodeURIComponent(FILE)) => `/DEFAULT/controller/v1/${cid}/softwaremodules/${moduleId}/artifacts/${file}`;
  const download = (cid: string, headers: Record<string, string> = {}, method = 'GET', file?: string) =>
    t.request(path(cid, file), { method, headers: { ...token(cid), ...headers }, redirect: 'manual' });
  const body = async (response: Response) => Buffer.from(await response.arrayBuffer());
  const device = async () => {
    const cid = `redirected-${++serial}`;
    await createTargets(t, [{ controllerId: cid, securityToken: `token-of-${cid}` }]);
    return { cid, actionId: await assignOk(t, cid, { id: setId }) };
  };
  /** The redirect's target, checked to be a presigned URL of the test's bucket. */
  const locationOf = (response: Response) => {
    expect(response.status).toBe(307);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location') as string);
    expect(location.origin).toBe(t.config.storage.endpoint);
    expect(location.pathname).toBe(`/${t.bucket?.name}/blobs/${artifact.hashes.sha256}`);
    expect(location.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    return location.href;
  };

  const t = useTestApp(kind, { 'storage.download_redirect': true, 'storage.presign_expiry_secs': 60 }, { storage: 's3' });
  beforeAll(async () => {
    moduleId = (await createModule(t, { type: 'os' })).id;
    artifact = await uploadArtifact(t, moduleId, bytes, { partName: FILE });
    setId = await createSet(t, { name: 'redirected', version: '1', modules: [moduleId] });
  });

  it('answers a GET with 307 to a presigned URL that serves the bytes with the artifact’s name', async () => {
    const { cid } = await device();
    const fetched = await fetch(locationOf(await download(cid)));
    expect(fetched.status).toBe(200);
    expect(hex('sha256', await body(fetched))).toBe(artifact.hashes.sha256);
    expect(fetched.headers.get('content-disposition')).toBe(`attachment;filename="${FILE}"`);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('redirects a range as well, and the presigned URL answers it: a resumed download adds up', async () => {
    const { cid } = await device();
    const head = await fetch(locationOf(await download(cid, { range: 'bytes=0-99999' })), { headers: { range: 'bytes=0-99999' } });
    const rest = await fetch(locationOf(await download(cid, { range: 'bytes=100000-' })), { headers: { range: 'bytes=100000-' } });
    expect([head.status, rest.status]).toEqual([206, 206]);
    expect(rest.headers.get('content-range')).toBe(`bytes 100000-299999/${bytes.length}`);
    expect(Buffer.compare(Buffer.concat([await body(head), await body(rest)]), bytes)).toBe(0);
  });

  it('answers several ranges itself with multipart/byteranges: the bucket serves one range per GET', async () => {
    const { cid } = await device();
    const response = await download(cid, { range: 'bytes=100000-100099,0-9' });
    expect(response.status).toBe(206);
    expect(byteRangeParts(response.headers.get('content-type'), await body(response))).toEqual(
      expectedParts(bytes, [
        [100000, 100099],
        [0, 9],
      ]),
    );
    await expectError(await download(cid, { range: 'bytes=0-9,5-15' }), 416, 'hawkbit.server.error.rest.rangeNotSatisfiable');
  });

  it('answers HEAD, 304, 412 and 416 itself, as without the redirect', async () => {
    const { cid } = await device();
    const head = await download(cid, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('etag')).toBe(`"${artifact.hashes.sha1}"`);
    expect((await download(cid, { 'if-none-match': `"${artifact.hashes.sha1}"` })).status).toBe(304);
    expect((await download(cid, { 'if-match': '"another"' })).status).toBe(412);
    const past = await download(cid, { range: `bytes=${bytes.length}-` });
    await expectError(past, 416, 'hawkbit.server.error.rest.rangeNotSatisfiable');
  });

  it('serves the MD5SUM itself, and refuses a device without a credential before any redirect', async () => {
    const { cid } = await device();
    const md5 = await download(cid, {}, 'GET', `${encodeURIComponent(FILE)}.MD5SUM`);
    expect(await md5.text()).toBe(`${artifact.hashes.md5}  ${FILE}`);
    const anonymous = await t.request(path(cid), { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('location')).toBeNull();
  });

  it('records the download status entry for a redirected whole GET, not for a redirected range', async () => {
    const { cid, actionId } = await device();
    const downloads = async () =>
      (await getJson<JsonPage>(t, `/rest/v1/targets/${cid}/actions/${actionId}/status?limit=500`)).content.filter((entry) => entry['type'] === 'download');
    locationOf(await download(cid, { range: 'bytes=0-9' }));
    expect(await downloads()).toEqual([]);
    locationOf(await download(cid));
    expect(await downloads()).toEqual([expect.objectContaining({ messages: [`Update Server: Target downloads ${path(cid)}`] })]);
  });
});

describe('a presigned download URL', () => {
  const t = useTestApp('sqlite', { 'storage.download_redirect': true, 'storage.presign_expiry_secs': 1 }, { storage: 's3' });

  it('expires after presign_expiry_secs; the device then asks Falconet again', { timeout: 15_000 }, async () => {
    const module = await createModule(t, { type: 'os' });
    const uploaded = await uploadArtifact(t, module.id, 'short-lived', { partName: 'a.bin' });
    const setId = await createSet(t, { name: 'expiring', version: '1', modules: [module.id] });
    await createTargets(t, [{ controllerId: 'expiring', securityToken: 'expiring-token' }]);
    await assignOk(t, 'expiring', { id: setId });
    const redirect = () =>
      t.request(`/DEFAULT/controller/v1/expiring/softwaremodules/${module.id}/artifacts/a.bin`, {
        headers: { authorization: 'TargetToken expiring-token' },
        redirect: 'manual',
      });
    const url = (await redirect()).headers.get('location') as string;
    expect(await (await fetch(url)).text()).toBe('short-lived');
    await vi.waitFor(async () => expect((await fetch(url)).status).toBe(403), { timeout: 10_000, interval: 250 });
    const fresh = await fetch((await redirect()).headers.get('location') as string);
    expect(await fresh.text()).toBe('short-lived');
    expect(uploaded.size).toBe(11);
  });
});

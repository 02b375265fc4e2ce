import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { blobTransaction } from '../src/software-modules/artifact-blobs.js';
import { allowInserts, generatedUpload, multipart, refuseInsertsOf } from './support/artifact-fixtures.js';
import { byteRangeParts, expectedParts } from './support/byteranges.js';
import { DATABASE_KINDS } from './support/databases.js';
import {
  auth,
  blobExists,
  createModule,
  putInSet,
  storedBlobs,
  upload,
  uploadTempFiles,
  uploadArtifact,
  type ArtifactJson,
} from './support/software-module-api.js';
import { DATABASE_STORAGE_KINDS } from './support/storage-kinds.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const hex = (algorithm: string, bytes: Uint8Array | string) => createHash(algorithm).update(bytes).digest('hex');
const MAX_SIZE = 64 * 1024;
const MiB = 1024 * 1024;

describe.each(DATABASE_STORAGE_KINDS)('artifacts on %s with %s storage', (kind, storage) => {
  const t = useTestApp(kind, { 'quota.max_artifacts_per_software_module': 2, max_artifact_size: MAX_SIZE }, { storage });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.request(`/rest/v1/softwaremodules${path}`, { method, headers: { ...auth, ...headers } });
  const del = (path: string) => t.request(`/rest/v1/softwaremodules${path}`, { method: 'DELETE', headers: auth });
  const rows = async (moduleId: number) => t.db('artifacts').where('software_module_id', moduleId).select('id');
  /** A refused upload keeps nothing: no row, no blob, no temp file. */
  const keptNothing = async (moduleId: number, bytes: Uint8Array | string) => {
    expect(await rows(moduleId)).toEqual([]);
    expect(await blobExists(t, hex('sha256', bytes))).toBe(false);
    expect(await uploadTempFiles(t)).toEqual([]);
  };

  describe('upload', () => {
    it('stores a file part and answers 201 with the artifact and its hashes', async () => {
      const module = await createModule(t);
      const bytes = randomBytes(10_000);
      const response = await upload(t, module.id, bytes, { partName: 'rootfs.swu' });
      expect(response.status).toBe(201);
      const artifact = (await response.json()) as ArtifactJson;
      const self = `http://localhost/rest/v1/softwaremodules/${module.id}/artifacts/${artifact.id}`;
      expect(artifact).toEqual({
        id: expect.any(Number) as number,
        providedFilename: 'rootfs.swu',
        size: 10_000,
        hashes: { sha1: hex('sha1', bytes), md5: hex('md5', bytes), sha256: hex('sha256', bytes) },
        createdAt: t.clock(),
        createdBy: 'admin',
        lastModifiedAt: t.clock(),
        lastModifiedBy: 'admin',
        _links: { self: { href: self }, download: { href: `${self}/download` } },
      });
      expect(await blobExists(t, artifact.hashes.sha256)).toBe(true);
      expect(await uploadTempFiles(t)).toEqual([]);
    });

    it('takes the name from the filename field, and accepts matching checksums in any case', async () => {
      const module = await createModule(t);
      const bytes = 'checked bytes';
      const fields = { filename: 'renamed.bin', md5sum: hex('md5', bytes).toUpperCase(), sha1sum: hex('sha1', bytes), sha256sum: hex('sha256', bytes) };
      const artifact = await uploadArtifact(t, module.id, bytes, { fields });
      expect(artifact.providedFilename).toBe('renamed.bin');
      expect(artifact.size).toBe(bytes.length);
    });

    it.each([
      ['md5sum', 'hawkbit.server.error.artifact.uploadFailed.checksum.md5.match'],
      ['sha1sum', 'hawkbit.server.error.artifact.uploadFailed.checksum.sha1.match'],
      ['sha256sum', 'hawkbit.server.error.artifact.uploadFailed.checksum.sha256.match'],
    ])('refuses a wrong %s with 400 and keeps nothing', async (field, code) => {
      const module = await createModule(t);
      const bytes = `bytes with a wrong ${field}`;
      const response = await upload(t, module.id, bytes, { fields: { [field]: 'ab'.repeat(20) } });
      await expectError(response, 400, code);
      await keptNothing(module.id, bytes);
    });

    it('takes the name and the checksums as query parameters too, as hawkBit documents them', async () => {
      const module = await createModule(t);
      const bytes = 'checked through the query';
      const query = { filename: 'query.bin', md5sum: hex('md5', bytes), sha1sum: hex('sha1', bytes).toUpperCase(), sha256sum: hex('sha256', bytes) };
      const artifact = await uploadArtifact(t, module.id, bytes, { query });
      expect(artifact.providedFilename).toBe('query.bin');
    });

    it.each([
      ['md5sum', 'hawkbit.server.error.artifact.uploadFailed.checksum.md5.match'],
      ['sha1sum', 'hawkbit.server.error.artifact.uploadFailed.checksum.sha1.match'],
      ['sha256sum', 'hawkbit.server.error.artifact.uploadFailed.checksum.sha256.match'],
    ])('refuses a wrong %s query parameter with 400 and keeps nothing', async (field, code) => {
      const module = await createModule(t);
      const bytes = `bytes with a wrong ${field} in the query`;
      const response = await upload(t, module.id, bytes, { query: { [field]: 'ab'.repeat(20) } });
      await expectError(response, 400, code);
      await keptNothing(module.id, bytes);
    });

    it('refuses a field given in the query and the form with different values, and keeps nothing', async () => {
      const module = await createModule(t);
      const bytes = 'named twice';
      const response = await upload(t, module.id, bytes, { query: { filename: 'a.bin' }, fields: { filename: 'b.bin' } });
      await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
      await keptNothing(module.id, bytes);
      const same = await uploadArtifact(t, module.id, bytes, { query: { filename: 'a.bin' }, fields: { filename: 'a.bin' } });
      expect(same.providedFilename).toBe('a.bin');
    });

    it('refuses the same file name twice in one module with 409 and keeps the first', async () => {
      const module = await createModule(t);
      const first = await uploadArtifact(t, module.id, 'first', { partName: 'same.bin' });
      const response = await upload(t, module.id, 'second', { partName: 'same.bin' });
      expect((await expectError(response, 409, 'hawkbit.server.error.repo.entityAlreadyExists')).message).toBe(
        'File with that name already exists in the Software Module',
      );
      expect(await rows(module.id)).toEqual([{ id: first.id }]);
      expect(await blobExists(t, hex('sha256', 'second'))).toBe(false);
      expect(await uploadTempFiles(t)).toEqual([]);
      // The name is unique per module only.
      const other = await createModule(t);
      expect((await upload(t, other.id, 'second', { partName: 'same.bin' })).status).toBe(201);
    });

    it('refuses a third artifact with 429 (quota 2) before storing anything', async () => {
      const module = await createModule(t);
      await uploadArtifact(t, module.id, 'one', { partName: 'one' });
      await uploadArtifact(t, module.id, 'two', { partName: 'two' });
      const response = await upload(t, module.id, 'three', { partName: 'three' });
      await expectError(response, 429, 'hawkbit.server.error.quota.tooManyEntries');
      expect(await rows(module.id)).toHaveLength(2);
      expect(await blobExists(t, hex('sha256', 'three'))).toBe(false);
      expect(await uploadTempFiles(t)).toEqual([]);
    });

    it('refuses a file larger than max_artifact_size with 429 fileSizeExceeded and leaves no temp file', async () => {
      const module = await createModule(t);
      const bytes = randomBytes(MAX_SIZE + 1);
      const response = await upload(t, module.id, bytes);
      await expectError(response, 429, 'hawkbit.server.error.quota.fileSizeExceeded');
      await keptNothing(module.id, bytes);
      expect((await upload(t, module.id, bytes.subarray(0, MAX_SIZE))).status).toBe(201);
    });

    it('refuses a file name longer than 256 characters with 400 and keeps nothing', async () => {
      const module = await createModule(t);
      const bytes = 'long name';
      const response = await upload(t, module.id, bytes, { fields: { filename: 'é'.repeat(257) } });
      await expectError(response, 400, 'hawkbit.server.error.repo.constraintViolation');
      await keptNothing(module.id, bytes);
      expect((await upload(t, module.id, bytes, { fields: { filename: 'é'.repeat(256) } })).status).toBe(201);
    });

    it('removes a just-committed blob when the row insert fails, unless another row references it', async () => {
      const [module, other] = [await createModule(t), await createModule(t)];
      const shared = await uploadArtifact(t, other.id, 'shared bytes');
      await refuseInsertsOf(t, 'refused.bin');
      try {
        const fresh = await upload(t, module.id, 'fresh bytes', { partName: 'refused.bin' });
        expect(fresh.status).toBe(500);
        await keptNothing(module.id, 'fresh bytes');
        expect((await upload(t, module.id, 'shared bytes', { partName: 'refused.bin' })).status).toBe(500);
        expect(await rows(module.id)).toEqual([]);
        expect(await blobExists(t, shared.hashes.sha256)).toBe(true);
      } finally {
        await allowInserts(t);
      }
      expect(await (await get(`/${other.id}/artifacts/${shared.id}/download`)).text()).toBe('shared bytes');
    });

    it('answers an unknown module with 404 and stores nothing', async () => {
      const before = await storedBlobs(t);
      const bytes = 'for nobody';
      for (const id of ['999999', '99999999999']) {
        const response = await t.request(`/rest/v1/softwaremodules/${id}/artifacts`, { method: 'POST', headers: auth, body: multipart(bytes) });
        expect(response.status).toBe(404);
      }
      expect(await blobExists(t, hex('sha256', bytes))).toBe(false);
      expect(await storedBlobs(t)).toEqual(before);
      expect(await uploadTempFiles(t)).toEqual([]);
    });

    it('refuses changes to the artifacts of a locked module with 423', async () => {
      const module = await createModule(t);
      const artifact = await uploadArtifact(t, module.id, 'locked in');
      await putInSet(t, module.id, { rollout: true });
      const response = await upload(t, module.id, 'too late', { partName: 'late.bin' });
      await expectError(response, 423, 'hawkbit.server.error.locked');
      await expect(rows(module.id)).resolves.toEqual([{ id: artifact.id }]);
      expect((await del(`/${module.id}/artifacts/${artifact.id}`)).status).toBe(423);
      expect(await blobExists(t, artifact.hashes.sha256)).toBe(true);
    });

    it.each([
      [
        'a form without a file part',
        { 'content-type': 'multipart/form-data; boundary=b' },
        '--b\r\nContent-Disposition: form-data; name="filename"\r\n\r\nx\r\n--b--\r\n',
      ],
      ['a truncated form', { 'content-type': 'multipart/form-data; boundary=b' }, '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nxx'],
    ])('refuses %s with 400 and keeps nothing', async (_case, headers, body) => {
      const module = await createModule(t);
      const response = await t.request(`/rest/v1/softwaremodules/${module.id}/artifacts`, { method: 'POST', headers: { ...auth, ...headers }, body });
      await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
      expect(await rows(module.id)).toEqual([]);
      expect(await uploadTempFiles(t)).toEqual([]);
    });

    it('answers a non-numeric module id with 400 and without authentication with 401', async () => {
      expect((await t.request('/rest/v1/softwaremodules/abc/artifacts', { method: 'POST', headers: auth, body: multipart('x') })).status).toBe(400);
      const module = await createModule(t);
      expect((await t.request(`/rest/v1/softwaremodules/${module.id}/artifacts`, { method: 'POST', body: multipart('x') })).status).toBe(401);
      expect(await rows(module.id)).toEqual([]);
    });
  });

  describe('read', () => {
    it("lists a module's artifacts as a plain array by id and reads one", async () => {
      const module = await createModule(t);
      const first = await uploadArtifact(t, module.id, 'a', { partName: 'a.bin' });
      const second = await uploadArtifact(t, module.id, 'b', { partName: 'b.bin' });
      const list = await get(`/${module.id}/artifacts`);
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([first, second]);
      const one = await get(`/${module.id}/artifacts/${second.id}`);
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual(second);
      expect(await (await get(`/${(await createModule(t)).id}/artifacts`)).json()).toEqual([]);
    });

    it('answers unknown modules, unknown artifacts and artifacts of another module with 404', async () => {
      const [owner, other] = [await createModule(t), await createModule(t)];
      const artifact = await uploadArtifact(t, owner.id, 'owned');
      for (const path of [
        '/999999/artifacts',
        `/999999/artifacts/${artifact.id}`,
        `/${owner.id}/artifacts/999999`,
        `/${owner.id}/artifacts/99999999999`,
        `/${other.id}/artifacts/${artifact.id}`,
        `/${other.id}/artifacts/${artifact.id}/download`,
      ]) {
        const response = await get(path);
        await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound');
      }
      expect((await del(`/${other.id}/artifacts/${artifact.id}`)).status).toBe(404);
      expect(await rows(owner.id)).toEqual([{ id: artifact.id }]);
    });
  });

  describe('download', () => {
    const bytes = randomBytes(5000);
    let path: string;
    let artifact: ArtifactJson;
    beforeAll(async () => {
      const module = await createModule(t);
      artifact = await uploadArtifact(t, module.id, bytes, { partName: 'image v2.swu' });
      path = `/${module.id}/artifacts/${artifact.id}/download`;
    });
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

    it("answers the bytes, identical to the upload, with hawkBit's headers", async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(Buffer.compare(await body(response), bytes)).toBe(0);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-length': '5000',
        'content-disposition': 'attachment;filename="image v2.swu"',
        etag: `"${artifact.hashes.sha1}"`,
        'last-modified': new Date(artifact.createdAt).toUTCString(),
        'accept-ranges': 'bytes',
      });
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=4990-', 4990, 4999],
      ['bytes=-10', 4990, 4999],
      ['bytes=4000-9999', 4000, 4999],
    ])('answers Range %s with 206 and exactly those bytes', async (range, first, last) => {
      const response = await get(path, { range });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${first}-${last}/5000`);
      expect(Buffer.compare(await body(response), bytes.subarray(first, last + 1))).toBe(0);
    });

    it('answers several ranges with 206 multipart/byteranges, overlapping ones with 416', async () => {
      const response = await get(path, { range: 'bytes=0-99,200-299' });
      expect(response.status).toBe(206);
      expect(byteRangeParts(response.headers.get('content-type'), await body(response))).toEqual(
        expectedParts(bytes, [
          [0, 99],
          [200, 299],
        ]),
      );
      const overlapping = await get(path, { range: 'bytes=0-99,99-199' });
      await expectError(overlapping, 416, 'hawkbit.server.error.rest.rangeNotSatisfiable');
      expect(overlapping.headers.get('content-range')).toBe('bytes */5000');
    });

    it('answers a range past the end with 416', async () => {
      const response = await get(path, { range: 'bytes=5000-' });
      await expectError(response, 416, 'hawkbit.server.error.rest.rangeNotSatisfiable');
      expect(response.headers.get('content-range')).toBe('bytes */5000');
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await get(path, {}, 'HEAD');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe('5000');
      expect(response.headers.get('etag')).toBe(`"${artifact.hashes.sha1}"`);
      expect((await body(response)).length).toBe(0);
    });

    it('answers If-None-Match with the ETag with 304', async () => {
      const response = await get(path, { 'if-none-match': `"${artifact.hashes.sha1}"` });
      expect(response.status).toBe(304);
    });

    it('answers If-Match with another ETag with 412', async () => {
      expect((await get(path, { 'if-match': '"another"' })).status).toBe(412);
    });

    it('needs authentication', async () => {
      expect((await t.request(`/rest/v1/softwaremodules${path}`)).status).toBe(401);
    });
  });

  describe('identical bytes in two modules', () => {
    it('are stored once; each module keeps its row and name; the last deletion removes the blob', async () => {
      const [first, second] = [await createModule(t), await createModule(t)];
      const bytes = randomBytes(3000);
      const a = await uploadArtifact(t, first.id, bytes, { partName: 'first.bin' });
      const b = await uploadArtifact(t, second.id, bytes, { partName: 'second.bin' });
      expect(a.id).not.toBe(b.id);
      expect(a.hashes).toEqual(b.hashes);
      expect([a.providedFilename, b.providedFilename]).toEqual(['first.bin', 'second.bin']);
      const sha256 = a.hashes.sha256;
      expect((await storedBlobs(t)).filter((stored) => stored === sha256)).toHaveLength(1);

      expect((await del(`/${first.id}/artifacts/${a.id}`)).status).toBe(204);
      expect((await get(`/${first.id}/artifacts/${a.id}`)).status).toBe(404);
      expect(await blobExists(t, sha256)).toBe(true);
      const download = await get(`/${second.id}/artifacts/${b.id}/download`);
      expect(download.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), bytes)).toBe(0);

      expect((await del(`/${second.id}/artifacts/${b.id}`)).status).toBe(204);
      expect(await blobExists(t, sha256)).toBe(false);
      expect((await del(`/${second.id}/artifacts/${b.id}`)).status).toBe(404);
    });

    it('survive the deletion of one of two modules, and go with the second', async () => {
      const [first, second] = [await createModule(t), await createModule(t)];
      const bytes = randomBytes(4000);
      await uploadArtifact(t, first.id, bytes);
      const kept = await uploadArtifact(t, second.id, bytes);
      const { sha256 } = kept.hashes;

      expect((await del(`/${first.id}`)).status).toBe(204);
      expect(await blobExists(t, sha256)).toBe(true);
      const download = await get(`/${second.id}/artifacts/${kept.id}/download`);
      expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), bytes)).toBe(0);

      expect((await del(`/${second.id}`)).status).toBe(204);
      expect(await blobExists(t, sha256)).toBe(false);
    });

    it('are stored again after the last reference went', async () => {
      const module = await createModule(t);
      const first = await uploadArtifact(t, module.id, 'again');
      expect((await del(`/${module.id}/artifacts/${first.id}`)).status).toBe(204);
      const second = await uploadArtifact(t, module.id, 'again');
      expect(await blobExists(t, second.hashes.sha256)).toBe(true);
      expect(await (await get(`/${module.id}/artifacts/${second.id}/download`)).text()).toBe('again');
    });

    it('concurrent uploads of the same bytes to several modules all succeed and share one blob', async () => {
      const modules = await Promise.all([1, 2, 3, 4].map(() => createModule(t)));
      const bytes = randomBytes(20_000);
      const responses = await Promise.all(modules.map((module) => upload(t, module.id, bytes)));
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
      expect(await blobExists(t, hex('sha256', bytes))).toBe(true);
      expect(await uploadTempFiles(t)).toEqual([]);
      const artifacts = (await Promise.all(responses.map((response) => response.json()))) as ArtifactJson[];
      await Promise.all(artifacts.map((artifact, i) => del(`/${modules[i]?.id}/artifacts/${artifact.id}`)));
      expect(await blobExists(t, hex('sha256', bytes))).toBe(false);
    });
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('blob transactions on postgres', () => {
  const t = useTestApp('postgres');

  it('exclude each other across connections for one blob (as across processes), not for another', async () => {
    // random contents: other runs on the same PostgreSQL must not hold or wait for this test's locks
    const [blob, other] = [hex('sha256', randomBytes(16)), hex('sha256', randomBytes(16))];
    const waitingForBlob = async () => {
      const { rows } = await t.db.raw<{ rows: { n: number }[] }>('select count(*)::int as n from pg_locks where locktype = ? and objid = ? and not granted', [
        'advisory',
        Number.parseInt(blob.slice(0, 8), 16),
      ]);
      return rows[0]?.n ?? 0;
    };
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    let started!: () => void;
    const holding = new Promise<void>((resolveStarted) => (started = resolveStarted));
    const first = blobTransaction(t.db, blob, async () => {
      started();
      await held;
      events.push('first done');
    });
    await holding;
    const second = blobTransaction(t.db, blob, () => Promise.resolve(void events.push('second ran')));
    await blobTransaction(t.db, other, () => Promise.resolve(void events.push('other blob ran')));
    try {
      // the second transaction is seen queued behind the first one's lock, and has not run
      await vi.waitFor(async () => expect(await waitingForBlob()).toBe(1), { timeout: 10_000, interval: 10 });
      expect(events).toEqual(['other blob ran']);
    } finally {
      release();
    }
    await Promise.all([first, second]);
    expect(events).toEqual(['other blob ran', 'first done', 'second ran']);
  });
});

describe.each(DATABASE_STORAGE_KINDS)('a large artifact upload on %s with %s storage', (kind, storage) => {
  const t = useTestApp(kind, {}, { storage });

  // The bucket's multipart upload holds (queue size + 1) parts of 5 MiB, so its file is larger: the bound
  // stays a quarter of it, far below what buffering the file would take.
  const size = storage === 's3' ? 128 * MiB : 64 * MiB;
  it(`streams ${size / MiB} MiB to the store without the process memory growing with the file size`, { timeout: 60_000 }, async () => {
    const module = await createModule(t);
    const { body, contentType, sha256 } = generatedUpload(size);
    const baseline = process.memoryUsage();
    let peak = { rss: baseline.rss, arrayBuffers: baseline.arrayBuffers };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers) };
    }, 5);
    let response: Response;
    try {
      response = await t.request(`/rest/v1/softwaremodules/${module.id}/artifacts`, {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType },
        body,
        duplex: 'half',
      });
    } finally {
      clearInterval(sampler);
    }
    expect(response.status).toBe(201);
    const artifact = (await response.json()) as ArtifactJson;
    expect(artifact.size).toBe(size);
    expect(artifact.hashes.sha256).toBe(sha256());
    const growth = { rss: peak.rss - baseline.rss, arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers };
    const report = `rss +${(growth.rss / 2 ** 20).toFixed(1)} MiB, arrayBuffers +${(growth.arrayBuffers / 2 ** 20).toFixed(1)} MiB`;
    // Buffering the body in the handler instead measures about +120 MiB for both.
    expect(growth.rss, report).toBeLessThan(size / 4);
    expect(growth.arrayBuffers, report).toBeLessThan(size / 4);
    expect(await uploadTempFiles(t)).toEqual([]);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { createArtifactStore, type ArtifactStore, type BlobDigest } from './artifact-store.js';
import { checkExpectedHashes, parseArtifactUpload } from './multipart-upload.js';

const URL = 'http://falconet.test/rest/v1/softwaremodules/1/artifacts';
const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');
const BYTES = randomBytes(200_000);
const DIGEST: BlobDigest = { sha1: hex('sha1', BYTES), md5: hex('md5', BYTES), sha256: hex('sha256', BYTES), size: BYTES.length };

type Part = [name: string, value: string] | [name: string, value: Blob, filename: string];
const file = (filename = 'firmware.bin', bytes: Uint8Array = BYTES): Part => ['file', new Blob([bytes]), filename];

function form(...parts: Part[]): Request {
  const body = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value, filename);
  }
  return new Request(URL, { method: 'POST', body });
}

async function serialised(...parts: Part[]): Promise<{ bytes: Buffer; contentType: string }> {
  const request = form(...parts);
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

describe('parseArtifactUpload', () => {
  let dir: string;
  let store: ArtifactStore;
  const tempFiles = async () => (await readdir(join(dir, 'tmp'), { recursive: true }).catch(() => [])).filter((name) => name.endsWith('.part'));
  const refused = async (request: Request, code: string, maxSize = 1 << 20) => {
    await expect(parseArtifactUpload(request, store, maxSize)).rejects.toMatchObject({ code });
    expect(await tempFiles()).toEqual([]);
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'falconet-upload-'));
    store = createArtifactStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('streams the file part into the store with fields given before it', async () => {
    const request = form(
      ['filename', 'renamed.swu'],
      ['md5sum', DIGEST.md5],
      ['sha1sum', DIGEST.sha1.toUpperCase()],
      ['sha256sum', DIGEST.sha256],
      ['other', 'ignored'],
      file(),
    );
    const upload = await parseArtifactUpload(request, store, 1 << 20);

    expect({ ...upload.blob }).toMatchObject(DIGEST);
    expect(upload.filename).toBe('renamed.swu');
    expect(upload.expected).toEqual({ md5: DIGEST.md5, sha1: DIGEST.sha1.toUpperCase(), sha256: DIGEST.sha256 });
    expect(await tempFiles()).toHaveLength(1);
    await store.commit(upload.blob);
    expect(await store.exists(DIGEST.sha256)).toBe(true);
  });

  it('collects fields that arrive after the file part', async () => {
    const upload = await parseArtifactUpload(form(file(), ['filename', 'late.bin'], ['sha256sum', DIGEST.sha256]), store, 1 << 20);

    expect(upload.filename).toBe('late.bin');
    expect(upload.expected).toEqual({ sha256: DIGEST.sha256 });
  });

  it("takes the file part's own name, non-ASCII included, when no filename field is given", async () => {
    const upload = await parseArtifactUpload(form(file('prüfung-ü€.bin')), store, 1 << 20);

    expect(upload.filename).toBe('prüfung-ü€.bin');
    expect(upload.expected).toEqual({});
    await upload.blob.discard();
  });

  it('refuses a body that is not multipart/form-data', async () => {
    await refused(new Request(URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), ErrorCode.bodyNotReadable);
    await refused(new Request(URL, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }), ErrorCode.bodyNotReadable);
    await refused(new Request(URL, { method: 'POST', body: new URLSearchParams({ file: 'x' }) }), ErrorCode.bodyNotReadable);
  });

  it('refuses a form without a file part, or with it under another name', async () => {
    await refused(form(['filename', 'a.bin'], ['file', 'just text']), ErrorCode.bodyNotReadable);
    await refused(form(['upload', new Blob([BYTES]), 'a.bin']), ErrorCode.bodyNotReadable);
  });

  it('refuses a second file part and removes the first one received', async () => {
    await refused(form(file('a.bin'), file('b.bin')), ErrorCode.bodyNotReadable);
    await refused(form(file('a.bin'), ['extra', new Blob([BYTES]), 'b.bin']), ErrorCode.bodyNotReadable);
  });

  it('refuses a duplicated or overlong known field', async () => {
    await refused(form(['md5sum', DIGEST.md5], ['md5sum', DIGEST.md5], file()), ErrorCode.bodyNotReadable);
    await refused(form(['filename', 'x'.repeat(5000)], file()), ErrorCode.bodyNotReadable);
  });

  it('refuses a file over the size limit and keeps none of it', async () => {
    await refused(form(file()), ErrorCode.fileSizeExceeded, BYTES.length - 1);
  });

  it('refuses bytes that contradict a given checksum', async () => {
    await refused(form(['md5sum', 'f'.repeat(32)], file()), ErrorCode.artifactMd5Mismatch);
    await refused(form(file(), ['sha1sum', 'f'.repeat(40)]), ErrorCode.artifactSha1Mismatch);
    await refused(form(file(), ['sha256sum', 'f'.repeat(64)]), ErrorCode.artifactSha256Mismatch);
  });

  it('refuses a body that ends in the middle of the file', async () => {
    const { bytes, contentType } = await serialised(file());
    const request = new Request(URL, { method: 'POST', headers: { 'content-type': contentType }, body: bytes.subarray(0, bytes.length / 2) });
    await refused(request, ErrorCode.bodyNotReadable);
  });

  it('removes the temp file when the client aborts mid-upload', async () => {
    const { bytes, contentType } = await serialised(file('big.bin', randomBytes(2 << 20)));
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (pulls++ === 0) return controller.enqueue(bytes.subarray(0, bytes.length / 2));
        // Abort only once the file is being written, so the test covers a temp file in progress.
        while ((await tempFiles()).length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
        controller.error(new Error('client went away'));
      },
    });
    await refused(new Request(URL, { method: 'POST', headers: { 'content-type': contentType }, body, duplex: 'half' }), ErrorCode.bodyNotReadable);
  });

  it('reports a store that cannot write as an upload failure', async () => {
    const blocked = join(dir, 'not-a-directory');
    await writeFile(blocked, '');
    await expect(parseArtifactUpload(form(file()), createArtifactStore(blocked), 1 << 20)).rejects.toMatchObject({
      code: ErrorCode.artifactUploadFailed,
    });
  });
});

describe('checkExpectedHashes', () => {
  it('accepts matching checksums in any letter case, and no checksums at all', () => {
    expect(() => checkExpectedHashes(DIGEST, {})).not.toThrow();
    expect(() => checkExpectedHashes(DIGEST, { md5: DIGEST.md5.toUpperCase(), sha1: DIGEST.sha1, sha256: DIGEST.sha256.toUpperCase() })).not.toThrow();
  });

  it('names the checksum that does not match', () => {
    expect(() => checkExpectedHashes(DIGEST, { md5: DIGEST.sha1 })).toThrow(expect.objectContaining({ code: ErrorCode.artifactMd5Mismatch }));
    expect(() => checkExpectedHashes(DIGEST, { md5: DIGEST.md5, sha1: '' })).toThrow(expect.objectContaining({ code: ErrorCode.artifactSha1Mismatch }));
    expect(() => checkExpectedHashes(DIGEST, { sha256: DIGEST.sha1 })).toThrow(expect.objectContaining({ code: ErrorCode.artifactSha256Mismatch }));
  });
});

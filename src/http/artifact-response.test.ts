import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../errors.js';
import { artifactResponse, contentDisposition, type ArtifactFile } from './artifact-response.js';

const URL = 'http://falconet.test/rest/v1/softwaremodules/1/artifacts/1/download';
const BYTES = randomBytes(10_000);
const LAST_MODIFIED = Date.UTC(2024, 4, 17, 8, 30, 15, 250);
const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');

describe('artifactResponse', () => {
  let dir: string;
  let file: ArtifactFile;
  const get = (headers: Record<string, string> = {}, method = 'GET') => artifactResponse(new Request(URL, { method, headers }), file);
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'falconet-download-'));
    const path = join(dir, 'blob');
    await writeFile(path, BYTES);
    file = { blob: path, size: BYTES.length, sha1: hex('sha1', BYTES), md5: hex('md5', BYTES), filename: 'firmware-1.2.swu', lastModified: LAST_MODIFIED };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers the whole file with its headers', async () => {
    const response = await get();

    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      'accept-ranges': 'bytes',
      'content-disposition': 'attachment;filename=firmware-1.2.swu',
      'content-length': String(BYTES.length),
      'content-type': 'application/octet-stream',
      etag: `"${file.sha1}"`,
      'last-modified': 'Fri, 17 May 2024 08:30:15 GMT',
      'x-content-type-options': 'nosniff',
    });
    expect(await bytesOf(response)).toEqual(BYTES);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=9990-20000', 9990, 9999],
    ['bytes=9000-', 9000, 9999],
    ['bytes=-100', 9900, 9999],
    ['bytes=-50000', 0, 9999],
    ['BYTES=5-5', 5, 5],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get({ range });

    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${BYTES.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(await bytesOf(response)).toEqual(BYTES.subarray(start, end + 1));
  });

  it.each(['bytes=10000-', 'bytes=20000-30000', 'bytes=-0'])('answers the unsatisfiable %s with 416', async (range) => {
    const response = await get({ range });

    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${BYTES.length}`);
    expect(await response.json()).toMatchObject({ errorCode: ErrorCode.rangeNotSatisfiable });
  });

  it('answers several ranges with 206 multipart/byteranges framed as hawkBit frames it', async () => {
    const response = await get({ range: 'bytes=5-6,0-1' });

    const part = (start: number, end: number) => [
      `Content-Type: application/octet-stream\r\nContent-Range: bytes ${start}-${end}/${BYTES.length}\r\n\r\n`,
      BYTES.subarray(start, end + 1),
    ];
    const expected = ['--THIS_STRING_SEPARATES_MULTIPART\r\n', ...part(5, 6), '\r\n--THIS_STRING_SEPARATES_MULTIPART\r\n', ...part(0, 1)];
    const body = Buffer.concat(
      [...expected, '\r\n--THIS_STRING_SEPARATES_MULTIPART--'].map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
    );
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('multipart/byteranges; boundary=THIS_STRING_SEPARATES_MULTIPART');
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(await bytesOf(response)).toEqual(body);
  });

  it.each(['bytes=5-1', 'items=0-1', 'bytes=abc', 'bytes=0-1,5-1', 'bytes=0-1,x', 'bytes=0-1,-'])('answers %s with the whole file', async (range) => {
    const response = await get({ range });

    expect(response.status).toBe(200);
    expect(await bytesOf(response)).toEqual(BYTES);
  });

  it('applies the range when If-Range matches the ETag or the date, and ignores it otherwise', async () => {
    const statusFor = async (ifRange: string) => {
      const response = await get({ range: 'bytes=0-9', 'if-range': ifRange });
      await response.body?.cancel();
      return response.status;
    };
    for (const ifRange of [`"${file.sha1}"`, 'Fri, 17 May 2024 08:30:15 GMT']) expect(await statusFor(ifRange)).toBe(206);
    for (const ifRange of [`"${'0'.repeat(40)}"`, `W/"${file.sha1}"`, 'Fri, 17 May 2024 08:30:14 GMT', 'not a date']) {
      expect(await statusFor(ifRange)).toBe(200);
    }
  });

  it('answers 304 without a body when If-None-Match names the ETag', async () => {
    for (const ifNoneMatch of [`"${file.sha1}"`, `"other", W/"${file.sha1}"`, '*']) {
      const response = await get({ 'if-none-match': ifNoneMatch });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(`"${file.sha1}"`);
      expect(response.body).toBeNull();
    }
    const other = await get({ 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    await other.body?.cancel();
  });

  it('answers 412 without a body when If-Match names another ETag, and the file when it names this one', async () => {
    for (const ifMatch of ['"other"', `W/"${file.sha1}"`, '"other", "another"']) {
      const response = await get({ 'if-match': ifMatch });
      expect(response.status, ifMatch).toBe(412);
      expect(response.body).toBeNull();
    }
    for (const ifMatch of [`"${file.sha1}"`, file.sha1, `"other", "${file.sha1}"`, '*']) {
      const response = await get({ 'if-match': ifMatch, range: 'bytes=0-9' });
      expect(response.status, ifMatch).toBe(206);
      expect(await bytesOf(response)).toEqual(BYTES.subarray(0, 10));
    }
  });

  it('answers HEAD with the headers of the whole file and no body', async () => {
    const response = await get({ range: 'bytes=0-9' }, 'HEAD');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(BYTES.length));
    expect(response.body).toBeNull();
  });

  it('fails with artifactLoadFailed when the bytes are missing or of another size', async () => {
    await expect(artifactResponse(new Request(URL), { ...file, blob: join(dir, 'gone') })).rejects.toMatchObject({ code: ErrorCode.artifactLoadFailed });
    await expect(artifactResponse(new Request(URL), { ...file, size: BYTES.length + 1 })).rejects.toMatchObject({ code: ErrorCode.artifactLoadFailed });
  });

  it('serves an empty file, and refuses any range of it', async () => {
    const empty = { ...file, blob: join(dir, 'empty'), size: 0 };
    await writeFile(empty.blob, '');
    const whole = await artifactResponse(new Request(URL), empty);
    expect([whole.status, whole.headers.get('content-length'), (await bytesOf(whole)).length]).toEqual([200, '0', 0]);
    expect((await artifactResponse(new Request(URL, { headers: { range: 'bytes=0-' } }), empty)).status).toBe(416);
  });

  // A client that goes away cancels the body; the file must not stay open until garbage collection.
  it.runIf(existsSync('/proc/self/fd'))('closes the file when the body is cancelled or not needed', async () => {
    const openFiles = async () => (await readdir('/proc/self/fd')).length;
    const large = { ...file, blob: join(dir, 'large'), size: 4 << 20 };
    await writeFile(large.blob, Buffer.alloc(large.size));
    const before = await openFiles();
    const streamed = await artifactResponse(new Request(URL), large);
    const reader = (streamed.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await get({}, 'HEAD');
    await get({ 'if-none-match': '*' });
    await get({ range: 'bytes=99999-' });

    // the stream closes its file in the background: wait for it, up to a deadline that a loaded machine keeps
    await vi.waitFor(async () => expect(await openFiles()).toBe(before), { timeout: 10_000, interval: 10 });
  });

  it('streams a 20 MiB file in chunks of at most 1 MiB', async () => {
    const big = randomBytes(20 << 20);
    const bigFile = { ...file, blob: join(dir, 'big'), size: big.length };
    await writeFile(bigFile.blob, big);
    const response = await artifactResponse(new Request(URL), bigFile);
    const hash = createHash('sha256');
    let chunks = 0;
    let largest = 0;
    for await (const chunk of response.body as ReadableStream<Uint8Array>) {
      hash.update(chunk);
      chunks += 1;
      largest = Math.max(largest, chunk.length);
    }

    expect(hash.digest('hex')).toBe(hex('sha256', big));
    expect(chunks).toBeGreaterThanOrEqual(20);
    expect(largest).toBeLessThanOrEqual(1 << 20);
  });
});

describe('contentDisposition', () => {
  it('keeps a token name bare, as hawkBit does, and quotes other ASCII names', () => {
    expect(contentDisposition('app_v2.tar.gz')).toBe('attachment;filename=app_v2.tar.gz');
    expect(contentDisposition('my "new" fw;1.bin')).toBe('attachment;filename="my \\"new\\" fw;1.bin"');
  });

  it('encodes a non-ASCII name by RFC 5987 with an ASCII fallback', () => {
    expect(contentDisposition('prüfung €.bin')).toBe(`attachment;filename="pr_fung _.bin";filename*=UTF-8''pr%C3%BCfung%20%E2%82%AC.bin`);
    expect(contentDisposition("it's (1).bin\n")).toBe(`attachment;filename="it's (1).bin_";filename*=UTF-8''it%27s%20%281%29.bin%0A`);
  });

  it('yields header values that a Response accepts', () => {
    expect(() => new Headers({ 'content-disposition': contentDisposition('日本語\r\n.bin') })).not.toThrow();
  });
});

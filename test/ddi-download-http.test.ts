import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { byteRangeParts, expectedParts } from './support/byteranges.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { sample } from './support/metrics-text.js';
import { auth, createModule, uploadArtifact, type ArtifactJson } from './support/software-module-api.js';
import { createTargets } from './support/target-fixtures.js';
import { capturingLogger, startTestServer, type TestServer } from './support/test-server.js';

const MiB = 1024 * 1024;
const FILE = 'fw-2.0.swu';
const CID = 'http-device';
const BIG_BYTES = 48 * MiB;
const TOKEN = { authorization: 'TargetToken token-of-http-device' };
const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');

interface RawOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** default: a connection of the request's own */
  readonly agent?: Agent;
}

/** One request; resolves to the answer with its whole body, and whether it reused a kept-alive connection. */
function fetchRaw(url: string, { method = 'GET', headers = {}, agent }: RawOptions = {}) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer; reused: boolean }>((resolve, reject) => {
    const request = httpRequest(url, { method, headers, agent: agent ?? false });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), reused: request.reusedSocket }),
      );
      response.on('error', reject);
    });
    request.end();
  });
}

/** The process's open descriptors of `path` (the server runs in this process). */
const openDescriptorsOf = (path: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed meanwhile
    }
  }).length;

// Over a real socket: `listen` writes these bodies to Node's response itself (decisions 141, 186).
describe.each(DATABASE_KINDS)('artifact downloads over HTTP on %s', (kind) => {
  // several chunks of 1 MiB and a short last one
  const bytes = randomBytes(3 * MiB + 4321);
  let t: TestServer;
  let artifact: ArtifactJson;
  let bigArtifact: ArtifactJson;
  let url: string;
  let blobPath: string;
  let moduleId: number;
  const capture = capturingLogger();
  const scrape = async () => (await fetchRaw(`${t.base}/metrics`)).body.toString();

  beforeAll(async () => {
    t = await startTestServer(kind, {}, capture.logger);
    moduleId = (await createModule(t, { type: 'os' })).id;
    artifact = await uploadArtifact(t, moduleId, bytes, { partName: FILE });
    // more than the socket buffers hold; its bytes do not matter
    bigArtifact = await uploadArtifact(t, moduleId, Buffer.alloc(BIG_BYTES), { partName: 'big.swu' });
    const setId = await createSet(t, { name: 'fw', version: '2.0', modules: [moduleId] });
    await createTargets(t, [{ controllerId: CID, securityToken: 'token-of-http-device' }]);
    await assignOk(t, CID, { id: setId });
    url = `${t.base}/DEFAULT/controller/v1/${CID}/softwaremodules/${moduleId}/artifacts/${FILE}`;
    blobPath = t.services.artifactStore.source(artifact.hashes.sha256) as string;
  });
  afterAll(() => t.close());

  it('sends the whole file with hawkBit’s headers and the request id, logs and counts it', async () => {
    const metricsBefore = await scrape();
    const response = await fetchRaw(url, { headers: { ...TOKEN, 'x-request-id': 'download-1' } });

    expect(response.status).toBe(200);
    expect(hex('sha256', response.body)).toBe(artifact.hashes.sha256);
    expect(response.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      'content-disposition': `attachment;filename=${FILE}`,
      etag: `"${artifact.hashes.sha1}"`,
      'last-modified': new Date(artifact.createdAt).toUTCString(),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'x-request-id': 'download-1',
    });
    const logged = capture.lines().find((line) => line.msg === 'request' && line['reqId'] === 'download-1');
    expect(logged).toMatchObject({ method: 'GET', status: 200 });
    // the bytes are counted as the socket takes them, after the response was made
    await vi.waitFor(async () => {
      const metrics = await scrape();
      const grew = (name: string, labels: Record<string, string> = {}) => sample(metrics, name, labels) - sample(metricsBefore, name, labels);
      expect(grew('falconet_ddi_download_bytes_total')).toBe(bytes.length);
      expect(grew('falconet_ddi_downloads_total', { delivery: 'streamed' })).toBe(1);
      expect(grew('falconet_http_requests_total', { operation: 'downloadArtifact', status: '200' })).toBe(1);
    });
    await vi.waitFor(() => expect(openDescriptorsOf(blobPath)).toBe(0));
  });

  it('keeps the connection for the next request once a download is sent', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await fetchRaw(url, { headers: { ...TOKEN, range: 'bytes=0-1' }, agent });
      const second = await fetchRaw(url, { headers: TOKEN, agent });
      const third = await fetchRaw(url, { method: 'HEAD', headers: TOKEN, agent });
      expect([first, second, third].map(({ status, reused }) => [status, reused])).toEqual([
        [206, false],
        [200, true],
        [200, true],
      ]);
      expect(Buffer.compare(second.body, bytes)).toBe(0);
    } finally {
      agent.destroy();
    }
  });

  it('closes the file when the client goes away mid-download, counting what was sent and logging no error', async () => {
    const bigPath = t.services.artifactStore.source(bigArtifact.hashes.sha256) as string;
    const bytesBefore = sample(await scrape(), 'falconet_ddi_download_bytes_total');
    // a client that reads the headers and then nothing: the socket's buffers fill, the server waits
    const request = httpRequest(url.replace(FILE, 'big.swu'), { headers: TOKEN, agent: false });
    request.on('error', () => undefined);
    request.end();
    const response = await new Promise<IncomingMessage>((resolve) => request.on('response', resolve));
    response.pause();
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(openDescriptorsOf(bigPath)).toBe(1));

    request.destroy();
    await vi.waitFor(() => expect(openDescriptorsOf(bigPath)).toBe(0), { timeout: 5_000, interval: 10 });
    const counted = sample(await scrape(), 'falconet_ddi_download_bytes_total') - bytesBefore;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(BIG_BYTES);
    expect(capture.lines().filter((line) => line.level >= 40)).toEqual([]);
  });

  it('answers a range across chunk boundaries with 206 and exactly those bytes', async () => {
    const [first, last] = [MiB - 10, 2 * MiB + 10];
    const response = await fetchRaw(url, { headers: { ...TOKEN, range: `bytes=${first}-${last}` } });

    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${first}-${last}/${bytes.length}`);
    expect(response.headers['content-length']).toBe(String(last - first + 1));
    expect(Buffer.compare(response.body, bytes.subarray(first, last + 1))).toBe(0);
  });

  it('answers several ranges across chunk boundaries with 206 multipart/byteranges and closes the file', async () => {
    const ranges = [
      [2 * MiB - 5, 3 * MiB + 5],
      [10, MiB + 10],
    ] as const;
    const response = await fetchRaw(url, { headers: { ...TOKEN, range: `bytes=${ranges.map(([first, last]) => `${first}-${last}`).join(',')}` } });

    expect(response.status).toBe(206);
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(byteRangeParts(response.headers['content-type'], response.body)).toEqual(expectedParts(bytes, ranges));
    await vi.waitFor(() => expect(openDescriptorsOf(blobPath)).toBe(0), { timeout: 10_000 });
  });

  it('sends the whole file with 200 when If-Range names another ETag, the range when it names this one', async () => {
    const changed = await fetchRaw(url, { headers: { ...TOKEN, range: 'bytes=0-9', 'if-range': '"another"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-range']).toBeUndefined();
    expect(Buffer.compare(changed.body, bytes)).toBe(0);

    const same = await fetchRaw(url, { headers: { ...TOKEN, range: 'bytes=-10', 'if-range': `"${artifact.hashes.sha1}"` } });
    expect(same.status).toBe(206);
    expect(Buffer.compare(same.body, bytes.subarray(-10))).toBe(0);
  });

  it('answers a range past the end with 416 and Content-Range bytes */size', async () => {
    const response = await fetchRaw(url, { headers: { ...TOKEN, range: `bytes=${bytes.length}-` } });

    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(JSON.parse(response.body.toString())).toMatchObject({ errorCode: 'hawkbit.server.error.rest.rangeNotSatisfiable' });
  });

  it('answers HEAD with the whole file’s headers and no body', async () => {
    const response = await fetchRaw(url, { method: 'HEAD', headers: TOKEN });

    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['etag']).toBe(`"${artifact.hashes.sha1}"`);
    expect(response.body.length).toBe(0);
  });

  it('serves the management API’s download the same way', async () => {
    const response = await fetchRaw(`${t.base}/rest/v1/softwaremodules/${moduleId}/artifacts/${artifact.id}/download`, {
      headers: auth,
    });
    expect(response.status).toBe(200);
    expect(hex('sha256', response.body)).toBe(artifact.hashes.sha256);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ErrorCode } from '../src/errors.js';
import { createArtifactStore, type ArtifactStore } from '../src/storage/artifact-store.js';
import { createS3ArtifactStore } from '../src/storage/s3-artifact-store.js';
import { ABANDONED_AFTER_MS } from '../src/storage/temp-area.js';
import { createTestBucket, S3RVER_KEY, type TestBucket } from './support/s3-server.js';
import { STORAGE_KINDS, type StorageKind } from './support/storage-kinds.js';
import { testClock, type TestClock } from './support/test-app.js';

const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');
const SHA_A = 'a'.repeat(64);
const PREFIX = 'store-test/';

/** One backend under test: its store and a look at what it keeps. */
interface Backend {
  readonly store: ArtifactStore;
  readonly clock: TestClock;
  /** temp files or temp objects of uploads */
  temps(): Promise<string[]>;
  close(): Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), 'falconet-stores-'));
  const clock = testClock(Date.now());
  return {
    store: createArtifactStore(dir, clock),
    clock,
    temps: async () => (await readdir(join(dir, 'tmp'), { recursive: true }).catch(() => [])).filter((name) => name.endsWith('.part')),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

function s3Backend(bucket: TestBucket, client: S3Client): Backend {
  const clock = testClock(Date.now());
  return {
    store: createS3ArtifactStore({ client, bucket: bucket.name, prefix: PREFIX, clock }),
    clock,
    temps: () => bucket.keys(`${PREFIX}tmp/`),
    close: async () => {
      for (const key of await bucket.keys(PREFIX)) await bucket.remove(key);
    },
  };
}

/** The bytes of a blob, read through its download source. */
async function bytesOf(store: ArtifactStore, sha256: string, size: number): Promise<Buffer> {
  const source = store.source(sha256);
  if (typeof source === 'string') return (await import('node:fs/promises')).readFile(source);
  const read = await source.read(0, size - 1);
  const chunks: Buffer[] = [];
  for await (const chunk of read?.body ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// The contract of src/storage/artifact-store.ts, on the local directory and on an s3rver bucket alike.
describe.each(STORAGE_KINDS)('the artifact store on %s', (kind: StorageKind) => {
  let bucket: TestBucket;
  let client: S3Client;
  let backend: Backend;
  let store: ArtifactStore;

  beforeAll(async () => {
    bucket = await createTestBucket(inject('s3Endpoint'));
    client = new S3Client({
      region: 'us-east-1',
      endpoint: inject('s3Endpoint'),
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
  afterAll(async () => {
    await bucket.drop();
    client.destroy();
  });
  beforeEach(async () => {
    backend = kind === 'local' ? await localBackend() : s3Backend(bucket, client);
    store = backend.store;
  });
  afterEach(() => backend.close());

  it('hashes the received bytes with SHA-1, MD5 and SHA-256 in one pass, and commits them to their content address', async () => {
    const bytes = randomBytes(300_000);
    const blob = await store.receive(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), bytes.length);
    expect({ ...blob }).toMatchObject({ sha1: hex('sha1', bytes), md5: hex('md5', bytes), sha256: hex('sha256', bytes), size: bytes.length });
    expect(await backend.temps()).toHaveLength(1);
    expect(await store.exists(blob.sha256)).toBe(false);

    await store.commit(blob);
    expect(await store.exists(blob.sha256)).toBe(true);
    expect(await bytesOf(store, blob.sha256, bytes.length)).toEqual(bytes);
    expect(await backend.temps()).toEqual([]);
  });

  it('stores identical bytes once, and commits and discards idempotently', async () => {
    const first = await store.receive(Readable.from([Buffer.from('same')]), 100);
    await store.commit(first);
    const second = await store.receive(Readable.from([Buffer.from('same')]), 100);
    await store.commit(second);
    await store.commit(second);
    await second.discard();
    expect(await store.exists(first.sha256)).toBe(true);
    expect(await backend.temps()).toEqual([]);
  });

  it('streams a multi-part upload (more than one 5 MiB part) and reads any range of it back', async () => {
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    const blob = await store.receive(Readable.from(chunks), bytes.length);
    await store.commit(blob);
    expect(blob.sha256).toBe(hex('sha256', bytes));
    expect(hex('sha256', await bytesOf(store, blob.sha256, bytes.length))).toBe(blob.sha256);
    const source = store.source(blob.sha256);
    if (typeof source !== 'string') {
      expect(await source.size()).toBe(bytes.length);
      for (const [start, end] of [
        [0, 0],
        [5 * 1024 * 1024 - 1, 5 * 1024 * 1024],
        [bytes.length - 1, bytes.length - 1],
      ] as const) {
        const read = await source.read(start, end);
        const got: Buffer[] = [];
        for await (const chunk of read?.body ?? []) got.push(chunk as Buffer);
        expect(Buffer.concat(got)).toEqual(bytes.subarray(start, end + 1));
      }
    }
  });

  it('accepts exactly maxSize bytes and refuses one more, keeping no temp file', async () => {
    const exact = await store.receive(Readable.from([Buffer.alloc(10)]), 10);
    expect(exact.size).toBe(10);
    await exact.discard();
    await expect(store.receive(Readable.from([Buffer.alloc(6), Buffer.alloc(5)]), 10)).rejects.toMatchObject({ code: ErrorCode.fileSizeExceeded });
    expect(await backend.temps()).toEqual([]);
  });

  it('keeps nothing and rethrows when the source fails mid-stream, also past the first part', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 100) this.push(Buffer.alloc(64 * 1024, sent));
        else this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.receive(failing, 1 << 30)).rejects.toThrow('connection reset');
    expect(await backend.temps()).toEqual([]);
  });

  it('refuses to commit a discarded blob, and removes a blob and a missing one without complaint', async () => {
    const discarded = await store.receive(Readable.from([Buffer.from('y')]), 10);
    await discarded.discard();
    await discarded.discard();
    await expect(store.commit(discarded)).rejects.toThrow(/discarded/);
    expect(await store.exists(discarded.sha256)).toBe(false);

    const kept = await store.receive(Readable.from([Buffer.from('z')]), 10);
    await store.commit(kept);
    await store.remove(kept.sha256);
    await store.remove(kept.sha256);
    expect(await store.exists(kept.sha256)).toBe(false);
  });

  it('keeps uploads in progress when sweeping', async () => {
    const fresh = await store.receive(Readable.from([Buffer.from('fresh')]), 10);
    expect(await store.sweepTemp()).toBe(0);
    await store.commit(fresh);
    expect(await store.exists(fresh.sha256)).toBe(true);
  });

  it('refuses anything but a lowercase hex SHA-256 as a blob name', async () => {
    for (const bad of ['../../etc/passwd', SHA_A.toUpperCase(), SHA_A.slice(1), `${SHA_A.slice(2)}/.`, '']) {
      expect(() => store.source(bad)).toThrow(TypeError);
      await expect(store.exists(bad)).rejects.toThrow(TypeError);
      await expect(store.remove(bad)).rejects.toThrow(TypeError);
    }
  });

  it.runIf(kind === 's3')('sweeps temp objects an hour old (a crash between upload and commit), and nothing else', async () => {
    await client.send(new PutObjectCommand({ Bucket: bucket.name, Key: `${PREFIX}tmp/left-by-a-crash`, Body: 'orphan' }));
    const committed = await store.receive(Readable.from([Buffer.from('committed')]), 100);
    await store.commit(committed);
    expect(await store.sweepTemp()).toBe(0);
    backend.clock.advance(ABANDONED_AFTER_MS + 60_000);
    expect(await store.sweepTemp()).toBe(1);
    expect(await backend.temps()).toEqual([]);
    expect(await store.exists(committed.sha256)).toBe(true);
  });

  it.runIf(kind === 's3')('presigns a GET of the blob that answers with the artifact’s file name', async () => {
    const bytes = Buffer.from('presigned bytes');
    const blob = await store.receive(Readable.from([bytes]), 100);
    await store.commit(blob);
    const url = await (store.presignedUrl as NonNullable<ArtifactStore['presignedUrl']>)(blob.sha256, { filename: 'fw 1.swu', expiresInSecs: 60 });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    const response = await fetch(url);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-disposition')).toBe('attachment;filename="fw 1.swu"');
  });
});

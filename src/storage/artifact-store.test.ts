import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { createArtifactStore, withBlobLock, type ArtifactStore } from './artifact-store.js';

const hex = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');
const SHA_A = 'a'.repeat(64);

describe('createArtifactStore', () => {
  let dir: string;
  let store: ArtifactStore;
  /** the temp files of uploads, wherever under tmp/ they are (the owner marker is not one) */
  const tempFiles = async () =>
    (await readdir(join(dir, 'tmp'), { recursive: true }).catch(() => [])).filter((name) => name.endsWith('.part'));

  const filePath = (sha256: string) => store.source(sha256) as string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'falconet-store-'));
    store = createArtifactStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('hashes the received bytes with SHA-1, MD5 and SHA-256 in one pass', async () => {
    const bytes = randomBytes(300_000);
    const blob = await store.receive(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), bytes.length);

    expect({ ...blob }).toMatchObject({ sha1: hex('sha1', bytes), md5: hex('md5', bytes), sha256: hex('sha256', bytes), size: bytes.length });
    expect(await tempFiles()).toHaveLength(1);
    expect(await store.exists(blob.sha256)).toBe(false);
  });

  it('commits a blob to its content address and leaves no temp file', async () => {
    const bytes = Buffer.from('firmware v1');
    const blob = await store.receive(Readable.from([bytes]), 100);
    await store.commit(blob);

    expect(filePath(blob.sha256)).toBe(join(dir, 'blobs', blob.sha256.slice(0, 2), blob.sha256));
    expect(await readFile(filePath(blob.sha256))).toEqual(bytes);
    expect(await store.exists(blob.sha256)).toBe(true);
    expect(await tempFiles()).toEqual([]);
  });

  it('stores identical bytes once and keeps the first copy in place', async () => {
    const first = await store.receive(Readable.from([Buffer.from('same')]), 100);
    await store.commit(first);
    const inode = (await stat(filePath(first.sha256))).ino;
    const second = await store.receive(Readable.from([Buffer.from('same')]), 100);
    await store.commit(second);
    await store.commit(second);
    await second.discard();

    expect(await readdir(join(dir, 'blobs', first.sha256.slice(0, 2)))).toEqual([first.sha256]);
    expect((await stat(filePath(first.sha256))).ino).toBe(inode);
    expect(await tempFiles()).toEqual([]);
  });

  it('accepts exactly maxSize bytes and refuses one more, removing the temp file', async () => {
    const exact = await store.receive(Readable.from([Buffer.alloc(10)]), 10);
    expect(exact.size).toBe(10);
    await exact.discard();

    await expect(store.receive(Readable.from([Buffer.alloc(6), Buffer.alloc(5)]), 10)).rejects.toMatchObject({ code: ErrorCode.fileSizeExceeded });
    expect(await tempFiles()).toEqual([]);
  });

  it('removes the temp file and rethrows when the source fails mid-stream', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.alloc(64 * 1024));
        else this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.receive(failing, 1 << 20)).rejects.toThrow('connection reset');
    expect(await tempFiles()).toEqual([]);
  });

  it('treats commit twice as once and discard after commit as nothing', async () => {
    const blob = await store.receive(Readable.from([Buffer.from('x')]), 10);
    await store.commit(blob);
    await store.commit(blob);
    await blob.discard();

    expect(await store.exists(blob.sha256)).toBe(true);
  });

  it('discards idempotently and refuses to commit a discarded blob', async () => {
    const blob = await store.receive(Readable.from([Buffer.from('y')]), 10);
    await blob.discard();
    await blob.discard();

    expect(await tempFiles()).toEqual([]);
    await expect(store.commit(blob)).rejects.toThrow(/discarded/);
    expect(await store.exists(blob.sha256)).toBe(false);
  });

  it('removes a blob, and a missing one without complaint', async () => {
    const blob = await store.receive(Readable.from([Buffer.from('z')]), 10);
    await store.commit(blob);
    await store.remove(blob.sha256);
    await store.remove(blob.sha256);

    expect(await store.exists(blob.sha256)).toBe(false);
  });

  it('keeps its own uploads in progress when sweeping', async () => {
    expect(await store.sweepTemp()).toBe(0); // no tmp directory yet
    const fresh = await store.receive(Readable.from([Buffer.from('fresh')]), 10);

    expect(await store.sweepTemp()).toBe(0);
    expect(await tempFiles()).toHaveLength(1);
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
});

describe('withBlobLock', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('runs work on one blob one at a time, in order, and returns each result', async () => {
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([withBlobLock(SHA_A, work('a')), withBlobLock(SHA_A, work('b')), withBlobLock(SHA_A, work('c'))]);

    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('lets work on different blobs overlap', async () => {
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([withBlobLock(SHA_A, work('a')), withBlobLock('b'.repeat(64), work('b'))]);

    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('releases the lock when the work fails', async () => {
    await expect(withBlobLock(SHA_A, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withBlobLock(SHA_A, () => Promise.resolve(42))).resolves.toBe(42);
  });
});

import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArtifactStore, withBlobLock, type ArtifactStore } from './artifact-store.js';

const SHA_A = 'a'.repeat(64);

// The contract both stores share is test/artifact-stores.test.ts; here what only the directory has.
describe('createArtifactStore', () => {
  let dir: string;
  let store: ArtifactStore;
  /** the temp files of uploads, wherever under tmp/ they are (the owner marker is not one) */
  const tempFiles = async () => (await readdir(join(dir, 'tmp'), { recursive: true }).catch(() => [])).filter((name) => name.endsWith('.part'));

  const filePath = (sha256: string) => store.source(sha256) as string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'falconet-store-'));
    store = createArtifactStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

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

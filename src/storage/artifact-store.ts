import { constants, createWriteStream, type Stats } from 'node:fs';
import { access, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { systemClock, type Clock } from '../clock.js';
import { createBlobDigester } from './blob-digester.js';
import type { BlobSource } from './blob-source.js';
import { createPendingBlobs } from './pending-blobs.js';
import { createTempArea, type TempAreaOptions } from './temp-area.js';

/** The checksums and length of a blob's bytes; hashes are lowercase hex. */
export interface BlobDigest {
  readonly sha1: string;
  readonly md5: string;
  readonly sha256: string;
  readonly size: number;
}

/** Bytes received into a temp file (or temp object) and not yet committed. */
export interface IncomingBlob extends BlobDigest {
  /** Removes the temp file; idempotent, and harmless after {@link ArtifactStore.commit}. */
  discard(): Promise<void>;
}

/** What a presigned download URL answers besides the bytes. */
export interface PresignedDownload {
  /** the artifact's file name, for Content-Disposition */
  readonly filename: string;
  readonly expiresInSecs: number;
}

/**
 * Content-addressed blob storage: a blob's place is derived from its SHA-256 alone. Two backends: a local
 * directory ({@link createArtifactStore}) and an S3 bucket (`s3-artifact-store.ts`, decision 120).
 */
export interface ArtifactStore {
  /**
   * Streams `source` into a temp file (temp object), hashing SHA-1, MD5 and SHA-256 in the same pass.
   * More than `maxSize` bytes reject with `DomainError(fileSizeExceeded)`; any failure removes the temp
   * file and rejects with the original error.
   */
  receive(source: NodeJS.ReadableStream | Readable, maxSize: number): Promise<IncomingBlob>;
  /**
   * Makes the blob appear complete at its content address at once (rename, or server-side copy); when
   * that blob exists already the temp file is discarded instead. Committing the same blob again does nothing.
   */
  commit(blob: IncomingBlob): Promise<void>;
  /** Deletes a blob's bytes; a missing blob is fine. The caller decides that nothing references it. */
  remove(sha256: string): Promise<void>;
  exists(sha256: string): Promise<boolean>;
  /** Resolves when the store can be read and written (for `/ready`, decision 198); rejects otherwise. */
  ready(): Promise<void>;
  /** Where a download reads a committed blob: the local store's absolute file path, or a remote object. */
  source(sha256: string): BlobSource;
  /**
   * A URL that lets its holder GET the blob straight from the store until it expires, answered with the
   * artifact's Content-Disposition (decision 121); only a remote store has one.
   */
  presignedUrl?(sha256: string, download: PresignedDownload): Promise<string>;
  /**
   * Renews this process's claim on its temp folder and removes the temp files of uploads that crashed
   * processes left (decision 50); returns how many folders or files went. Never removes a live upload.
   */
  sweepTemp(): Promise<number>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

// Blob names become file paths and object keys, so anything but a lowercase hex digest could escape.
export function assertSha256(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new TypeError(`not a lowercase hex SHA-256: ${JSON.stringify(sha256)}`);
}

/**
 * Creates the store for `<artifactDir>/blobs/<sha256[0..2]>/<sha256>`. Temp files live in this process's
 * folder under `<artifactDir>/tmp` so that the final rename never crosses a file system. Directories are
 * created on first use; `clock` and `temp` (tests) only concern the temp area's heartbeat and sweep.
 */
export function createArtifactStore(artifactDir: string, clock: Clock = systemClock, temp: Omit<TempAreaOptions, 'clock'> = {}): ArtifactStore {
  const root = resolve(artifactDir);
  const tempArea = createTempArea(join(root, 'tmp'), { ...temp, clock });
  const blobPath = (sha256: string) => {
    assertSha256(sha256);
    return join(root, 'blobs', sha256.slice(0, 2), sha256);
  };
  const pending = createPendingBlobs<string>((tempPath) => rm(tempPath, { force: true }));

  return {
    async receive(source, maxSize) {
      const tempPath = await tempArea.newFile();
      const digester = createBlobDigester(maxSize);
      const sink = createWriteStream(tempPath, { flags: 'wx' });
      try {
        await pipeline(source, digester.stream, sink);
      } catch (error) {
        // pipeline rejects before the file stream has closed; one destroyed while its open was still
        // pending creates the file when the open completes, so the removal must come after the close.
        // (Not events.once: the stream's own 'error' event, the same failure, would reject it.)
        if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
        await rm(tempPath, { force: true });
        throw error;
      }
      return pending.add(digester.digest(), tempPath);
    },

    async commit(blob) {
      const tempPath = pending.toCommit(blob);
      if (tempPath === undefined) return;
      const target = blobPath(blob.sha256);
      // A blob only ever appears complete (fsync, then rename), so an existing one holds these bytes.
      if (await fileExists(target)) {
        pending.committed(blob);
        await rm(tempPath, { force: true });
        return;
      }
      // Without the fsync a crash after the rename could leave a correctly named blob of zeros.
      const handle = await open(tempPath, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const shardDir = join(root, 'blobs', blob.sha256.slice(0, 2));
      await mkdir(shardDir, { recursive: true });
      await rename(tempPath, target);
      pending.committed(blob);
      await syncPath(shardDir);
    },

    async remove(sha256) {
      await rm(blobPath(sha256), { force: true });
    },

    async exists(sha256) {
      return fileExists(blobPath(sha256));
    },

    async ready() {
      // The directory is made on first use anyway; one that cannot be made or written to is not ready.
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },

    source: blobPath,

    sweepTemp: () => tempArea.sweep(),
  };
}

/**
 * Flushes a file, or a directory's entries, to disk: a rename is only durable once the directory entry is.
 * Windows cannot open directories for this, and is skipped.
 */
export async function syncPath(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function statIfExists(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function fileExists(path: string): Promise<boolean> {
  return (await statIfExists(path))?.isFile() ?? false;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

const blobLocks = new Map<string, Promise<void>>();

/**
 * Runs `fn` once every earlier `fn` for the same blob has settled, and returns its result. Serialises
 * an upload's commit against the deletion of the blob's last reference within this process only;
 * processes sharing a database must also lock the artifact rows.
 */
export async function withBlobLock<T>(sha256: string, fn: () => Promise<T>): Promise<T> {
  assertSha256(sha256);
  const previous = blobLocks.get(sha256) ?? Promise.resolve();
  let release!: () => void;
  const current = new Promise<void>((resolveCurrent) => (release = resolveCurrent));
  const tail = previous.then(() => current);
  blobLocks.set(sha256, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    // Only the last waiter clears the entry, so the map holds blobs with work queued and nothing else.
    if (blobLocks.get(sha256) === tail) blobLocks.delete(sha256);
  }
}

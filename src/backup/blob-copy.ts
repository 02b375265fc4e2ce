import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../errors.js';
import { assertSha256 } from '../storage/artifact-store.js';
import { createBlobDigester } from '../storage/blob-digester.js';
import type { BlobRef } from './backup-store.js';

/** Where a blob lives under an artifact directory, as the local store keeps it (`src/storage/artifact-store.ts`). */
export function blobFile(artifactDir: string, sha256: string): string {
  assertSha256(sha256);
  return join(artifactDir, 'blobs', sha256.slice(0, 2), sha256);
}

/** What {@link copyBlob} found: copied, already there, gone from the source, or bytes that are not the blob. */
export type CopyOutcome = 'copied' | 'present' | 'missing' | 'corrupt';

/**
 * Copies one blob from artifact directory `from` to `to`, hashing as it goes: it appears at its place in
 * `to` complete and checked (temp file, fsync, rename) or not at all. A blob `to` holds already is kept.
 */
export async function copyBlob(blob: BlobRef, from: string, to: string): Promise<CopyOutcome> {
  const source = blobFile(from, blob.sha256);
  const target = blobFile(to, blob.sha256);
  if (await isFile(target)) return 'present';
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.partial-${process.pid}`;
  // longer than the row says is corrupt too: the digester refuses the byte past blob.size
  const digester = createBlobDigester(blob.size);
  try {
    await pipeline(createReadStream(source), digester.stream, createWriteStream(temp, { flags: 'wx' }));
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof DomainError) return 'corrupt';
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(await isFile(source))) return 'missing';
    throw error;
  }
  const { sha256, size } = digester.digest();
  if (sha256 !== blob.sha256 || size !== blob.size) {
    await rm(temp, { force: true });
    return 'corrupt';
  }
  const handle = await open(temp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
  return 'copied';
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The SHA-256 of a file, lowercase hex. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import { StartupError } from '../startup-errors.js';
import { manifest, writeManifest, type BackupArtifacts } from './backup-manifest.js';
import type { BlobRef } from './backup-store.js';
import { blobFile, copyBlob, fileSha256 } from './blob-copy.js';
import { dialectOfUrl, snapshotDatabase, type DatabaseSnapshot } from './database-backup.js';

/** Snapshots taken before giving up when blobs the last one references were deleted while they were copied. */
const ATTEMPTS = 3;

/**
 * `falconet backup`: writes folder `out` (absent or empty) holding a snapshot of the database, every
 * artifact blob the snapshot references (local store only) and, last, `manifest.json` (decision 235).
 * On failure `out` is left as it was found. Resolves to a one-line summary.
 */
export async function backup(config: Config, out: string, version: string, env: NodeJS.ProcessEnv): Promise<string> {
  const folder = resolve(out);
  const created = await prepareFolder(folder);
  try {
    const { snapshot, artifacts } = await snapshotWithBlobs(config, folder, env);
    const { size } = await stat(snapshot.file);
    await writeManifest(
      folder,
      manifest({
        falconetVersion: version,
        createdAt: new Date(systemClock()).toISOString(),
        database: { dialect: dialectOfUrl(config.databaseUrl), file: basename(snapshot.file), size, sha256: await fileSha256(snapshot.file) },
        migrations: snapshot.migrations,
        artifacts,
      }),
    );
    const level = snapshot.migrations.at(-1) ?? 'no migrations';
    const what = artifacts.store === 'local' ? `${artifacts.blobs.length} artifact blobs` : `no artifacts (they stay in bucket ${artifacts.bucket})`;
    return `backup written to ${folder}: database (${dialectOfUrl(config.databaseUrl)}, schema ${level}) and ${what}`;
  } catch (error) {
    await (created ? rm(folder, { recursive: true, force: true }) : emptyFolder(folder));
    throw error;
  }
}

/** Creates `folder`, or accepts an empty one; true when it was created. */
async function prepareFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new StartupError(`backup folder '${folder}' cannot be read (${error.code ?? error.message}): name a new or empty folder`);
  });
  if (entries !== undefined && entries.length > 0) throw new StartupError(`backup folder '${folder}' is not empty: name a new or empty folder`);
  await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new StartupError(`backup folder '${folder}' cannot be created (${error.code ?? error.message}): name one in a writable directory`);
  });
  return entries === undefined;
}

async function emptyFolder(folder: string): Promise<void> {
  for (const entry of await readdir(folder)) await rm(join(folder, entry), { recursive: true, force: true });
}

/**
 * The snapshot and, with a local store, a copy of each blob it references. The server deletes a blob only
 * after the last row referencing it is gone, so a blob missing here was deleted after the snapshot: a new
 * snapshot no longer references it. Blobs are immutable, so those copied for an earlier snapshot stay.
 */
async function snapshotWithBlobs(config: Config, folder: string, env: NodeJS.ProcessEnv): Promise<{ snapshot: DatabaseSnapshot; artifacts: BackupArtifacts }> {
  const { artifactDir, storage } = config;
  if (artifactDir === undefined || storage.backend === 's3') {
    const snapshot = await snapshotDatabase(config.databaseUrl, folder, env);
    return { snapshot, artifacts: { store: 's3', bucket: storage.bucket as string, prefix: storage.prefix } };
  }
  const into = join(folder, 'artifacts');
  const copied = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const snapshot = await snapshotDatabase(config.databaseUrl, folder, env);
    const missing = await copyBlobs(snapshot.blobs, resolve(artifactDir), into, copied);
    if (missing === undefined) {
      await removeUnreferenced(into, copied, snapshot.blobs);
      return { snapshot, artifacts: { store: 'local', dir: 'artifacts', blobs: snapshot.blobs } };
    }
    if (attempt === ATTEMPTS) {
      throw new StartupError(
        `artifact ${missing} that the database references is missing from artifact_dir '${resolve(artifactDir)}' in ${ATTEMPTS} snapshots: ` +
          `the store has lost it; delete its artifact through the API, or put the file back`,
      );
    }
  }
}

/** Copies each blob not copied yet; the SHA-256 of the first one missing from the store, if any. */
async function copyBlobs(blobs: readonly BlobRef[], from: string, into: string, copied: Set<string>): Promise<string | undefined> {
  for (const blob of blobs) {
    if (copied.has(blob.sha256)) continue;
    const outcome = await copyBlob(blob, from, into);
    if (outcome === 'missing') return blob.sha256;
    if (outcome === 'corrupt') {
      throw new StartupError(`artifact file '${blobFile(from, blob.sha256)}' does not hold the bytes of its SHA-256 and size: the store is damaged`);
    }
    copied.add(blob.sha256);
  }
  return undefined;
}

/** Drops the blobs copied for an earlier snapshot that the last one no longer references. */
async function removeUnreferenced(into: string, copied: Set<string>, blobs: readonly BlobRef[]): Promise<void> {
  const referenced = new Set(blobs.map((blob) => blob.sha256));
  for (const sha256 of copied) if (!referenced.has(sha256)) await rm(blobFile(into, sha256), { force: true });
}

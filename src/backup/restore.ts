import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { migrationNames } from '../db/migrate.js';
import { StartupError } from '../startup-errors.js';
import { readManifest, type BackupManifest } from './backup-manifest.js';
import { copyBlob, fileSha256 } from './blob-copy.js';
import { assertNotInUse, dialectOfUrl, restoreDatabase, targetHoldsData } from './database-backup.js';

/**
 * `falconet restore`: checks backup folder `from` whole, copies its artifact blobs into `artifact_dir`,
 * then replaces the configured database in one step (decision 235). Refuses a database that holds data
 * unless `force`, and a backup whose schema this build does not know. Resolves to a one-line summary.
 */
export async function restore(config: Config, from: string, force: boolean, env: NodeJS.ProcessEnv): Promise<string> {
  const folder = resolve(from);
  const backup = await readManifest(folder);
  const dialect = dialectOfUrl(config.databaseUrl);
  if (backup.database.dialect !== dialect) {
    throw new StartupError(`the backup holds a ${backup.database.dialect} database and database_url names a ${dialect} one: restore into the same kind`);
  }
  const known = new Set(migrationNames());
  const unknown = backup.migrations.find((name) => !known.has(name));
  if (unknown !== undefined) {
    throw new StartupError(
      `the backup's schema is newer than this build (migration ${unknown}, written by Falconet ${backup.falconetVersion}): ` +
        'restore it with that version or a later one',
    );
  }
  checkArtifactStore(backup, config);
  const file = join(folder, backup.database.file);
  const sha256 = await fileSha256(file).catch((error: NodeJS.ErrnoException) => {
    throw new StartupError(`the backup's database file '${file}' cannot be read (${error.code ?? error.message})`);
  });
  if (sha256 !== backup.database.sha256) throw new StartupError(`the backup's database file '${file}' does not match the SHA-256 in its manifest`);
  if (!force && (await targetHoldsData(config.databaseUrl))) {
    throw new StartupError('database_url already holds data: restore into a new or empty database, or pass --force to replace it (stop every server first)');
  }
  await assertNotInUse(config.databaseUrl);

  const blobs = backup.artifacts.store === 'local' ? backup.artifacts.blobs : [];
  for (const blob of blobs) {
    const outcome = await copyBlob(blob, join(folder, 'artifacts'), resolve(config.artifactDir as string));
    if (outcome === 'missing' || outcome === 'corrupt') {
      throw new StartupError(
        `the backup is damaged: artifact ${blob.sha256} is ${outcome === 'missing' ? 'missing' : 'not the bytes of its SHA-256 and size'}`,
      );
    }
  }
  // last: the database never references a blob that is not in place yet
  await restoreDatabase(config.databaseUrl, file, force, env);
  const level = backup.migrations.at(-1) ?? 'no migrations';
  return `restored the backup of ${backup.createdAt} (schema ${level}) and ${blobs.length} artifact blobs; the next start runs this build's newer migrations`;
}

/** A backup's artifacts must go where this configuration keeps them. */
function checkArtifactStore(backup: BackupManifest, config: Config): void {
  const { artifacts } = backup;
  if (artifacts.store === 'local' && config.storage.backend === 's3') {
    throw new StartupError('the backup holds its artifacts as files and [storage] backend is s3: restore with artifact_dir and backend local');
  }
  if (artifacts.store === 's3' && config.storage.backend === 'local') {
    throw new StartupError(`the backup's artifacts stay in bucket ${artifacts.bucket}: restore with [storage] backend = "s3" and that bucket`);
  }
}

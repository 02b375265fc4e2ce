import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from '../startup-errors.js';
import type { BlobRef } from './backup-store.js';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'falconet-backup';
const FORMAT_VERSION = 1;

/** Where a backup's artifacts are: copied into its `artifacts/` folder, or left in the bucket. */
export type BackupArtifacts =
  | { readonly store: 'local'; readonly dir: 'artifacts'; readonly blobs: readonly BlobRef[] }
  | { readonly store: 's3'; readonly bucket: string; readonly prefix: string };

/** `manifest.json` of a backup folder (decision 235); written last, so a folder without one is no backup. */
export interface BackupManifest {
  readonly format: typeof FORMAT;
  readonly formatVersion: typeof FORMAT_VERSION;
  readonly falconetVersion: string;
  readonly createdAt: string;
  readonly database: { readonly dialect: 'sqlite' | 'postgres'; readonly file: string; readonly size: number; readonly sha256: string };
  /** the migrations the snapshot had run, oldest first: its schema level */
  readonly migrations: readonly string[];
  readonly artifacts: BackupArtifacts;
}

export function manifest(content: Omit<BackupManifest, 'format' | 'formatVersion'>): BackupManifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...content };
}

/** Writes the manifest under a temp name and renames it into place. */
export async function writeManifest(dir: string, content: BackupManifest): Promise<void> {
  const temp = join(dir, `${MANIFEST_FILE}.partial`);
  await writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { flag: 'wx' });
  await rename(temp, join(dir, MANIFEST_FILE));
}

/** The manifest of backup folder `dir`; anything else is a one-line StartupError. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const notBackup = (why: string) => new StartupError(`'${dir}' is not a Falconet backup: ${why}`);
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    throw notBackup(`cannot read ${MANIFEST_FILE} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notBackup(`${MANIFEST_FILE} is not JSON`);
  }
  const candidate = value as Partial<BackupManifest> | null;
  if (candidate?.format !== FORMAT) throw notBackup(`${MANIFEST_FILE} does not say format "${FORMAT}"`);
  if (candidate.formatVersion !== FORMAT_VERSION) {
    throw notBackup(`its format version ${String(candidate.formatVersion)} is not ${FORMAT_VERSION}, the one this build reads`);
  }
  const { database, migrations, artifacts } = candidate;
  const blobsValid =
    artifacts?.store === 's3' ||
    (artifacts?.store === 'local' &&
      Array.isArray(artifacts.blobs) &&
      (artifacts.blobs as unknown[]).every((blob) => {
        const { sha256, size } = (blob ?? {}) as Partial<BlobRef>;
        return typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256) && Number.isSafeInteger(size) && (size as number) >= 0;
      }));
  if (
    typeof database?.file !== 'string' ||
    /[/\\]/.test(database.file) ||
    (database.dialect !== 'sqlite' && database.dialect !== 'postgres') ||
    typeof database.sha256 !== 'string' ||
    !Array.isArray(migrations) ||
    !migrations.every((name) => typeof name === 'string') ||
    !blobsValid
  ) {
    throw notBackup(`${MANIFEST_FILE} lacks the database, migrations or artifacts`);
  }
  return candidate as BackupManifest;
}

import { constants } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import { openDatabase, sqliteFile } from '../db/database.js';
import { databaseStartupError, StartupError } from '../startup-errors.js';
import { syncPath } from '../storage/artifact-store.js';
import { backupStore, type BlobRef } from './backup-store.js';
import { libpqConnection, runPgTool } from './pg-tools.js';

/** A database snapshot in a backup folder, and what it holds. */
export interface DatabaseSnapshot {
  readonly file: string;
  readonly migrations: string[];
  readonly blobs: BlobRef[];
}

/** The file names of the snapshot in a backup folder. */
export const SNAPSHOT_FILES = { sqlite: 'falconet.db', postgres: 'falconet.pgdump' } as const;

// One step copies every page inside one read transaction: under WAL it never blocks the server's writes, and
// a write by another connection between steps would restart the backup from the first page.
const ALL_PAGES = 0x7fffffff;

/** SQLite: the configured file, or a one-line StartupError for one that is in memory. */
function sqliteTarget(url: string): string {
  const file = sqliteFile(url.slice('sqlite:'.length));
  if (file === ':memory:') throw new StartupError('database_url: an in-memory SQLite database has nothing to back up or restore into');
  return file;
}

/**
 * Copies the database of `url` into folder `out` as one consistent snapshot and reads the migrations and
 * blobs of that snapshot: SQLite through its online backup API, PostgreSQL through `pg_dump` reading the
 * snapshot of the transaction that reads them (decision 235).
 */
export async function snapshotDatabase(url: string, out: string, env: NodeJS.ProcessEnv): Promise<DatabaseSnapshot> {
  return url.startsWith('sqlite:') ? snapshotSqlite(url, out) : snapshotPostgres(url, out, env);
}

async function snapshotSqlite(url: string, out: string): Promise<DatabaseSnapshot> {
  const source = sqliteTarget(url);
  const file = join(out, SNAPSHOT_FILES.sqlite);
  await rm(file, { force: true });
  let db: Database.Database;
  try {
    db = new Database(source, { fileMustExist: true });
  } catch (error) {
    throw databaseStartupError(error, url) ?? error;
  }
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(file, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  // The copy keeps the source's WAL mode; rollback mode makes it one self-contained file.
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const snapshot = openSnapshot(file);
  try {
    return { file, migrations: await backupStore.migrations(snapshot), blobs: await backupStore.blobs(snapshot) };
  } finally {
    await snapshot.destroy();
  }
}

async function snapshotPostgres(url: string, out: string, env: NodeJS.ProcessEnv): Promise<DatabaseSnapshot> {
  const file = join(out, SNAPSHOT_FILES.postgres);
  await rm(file, { force: true });
  const db = openDatabase(url);
  try {
    const trx = await db.transaction({ isolationLevel: 'repeatable read', readOnly: true });
    try {
      const snapshotId = await backupStore.exportSnapshot(trx);
      const migrations = await backupStore.migrations(trx);
      const blobs = await backupStore.blobs(trx);
      const { dbname, env: toolEnv } = libpqConnection(url, env);
      // the exported snapshot lives as long as this transaction: pg_dump must finish before the commit
      await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshotId}`, `--file=${file}`, `--dbname=${dbname}`], toolEnv);
      return { file, migrations, blobs };
    } finally {
      await trx.commit();
    }
  } catch (error) {
    throw databaseStartupError(error, url) ?? error;
  } finally {
    await db.destroy();
  }
}

/** The snapshot file opened read-only, for the backup store's queries. */
export function openSnapshot(file: string): Knex {
  return knexFactory({ client: 'better-sqlite3', connection: { filename: file, options: { readonly: true } }, useNullAsDefault: true });
}

/** Whether the database of `url` holds anything: a non-empty SQLite file, or one Falconet has started on. */
export async function targetHoldsData(url: string): Promise<boolean> {
  if (url.startsWith('sqlite:')) {
    const file = sqliteTarget(url);
    const sizes = await Promise.all(
      [file, `${file}-wal`].map((path) =>
        stat(path).then(
          (stats) => stats.size,
          () => 0,
        ),
      ),
    );
    return sizes.some((size) => size > 0);
  }
  const db = openDatabase(url);
  try {
    return await backupStore.holdsData(db);
  } catch (error) {
    throw databaseStartupError(error, url) ?? error;
  } finally {
    await db.destroy();
  }
}

/**
 * Replaces the database of `url` by snapshot `file` in one step: SQLite by renaming a complete copy over
 * the file, PostgreSQL by `pg_restore` in one transaction. `replace` also drops what the dump holds first.
 */
export async function restoreDatabase(url: string, file: string, replace: boolean, env: NodeJS.ProcessEnv): Promise<void> {
  if (url.startsWith('sqlite:')) return restoreSqlite(sqliteTarget(url), file);
  const { dbname, env: toolEnv } = libpqConnection(url, env);
  const clean = replace ? ['--clean', '--if-exists'] : [];
  await runPgTool('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', ...clean, `--dbname=${dbname}`, file], toolEnv);
}

/** SQLite: refuses a database file that a running server has open. PostgreSQL offers no such sign. */
export async function assertNotInUse(url: string): Promise<void> {
  if (!url.startsWith('sqlite:')) return;
  const target = sqliteTarget(url);
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (exists && backupStore.sqliteInUse(target)) {
    throw new StartupError(`the SQLite database '${target}' is open in another process, a running server: stop it before restoring`);
  }
}

async function restoreSqlite(target: string, file: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.restoring-${process.pid}`;
  try {
    await copyFile(file, temp, constants.COPYFILE_EXCL);
    await syncPath(temp);
    const check = openSnapshot(temp);
    try {
      const integrity = await backupStore.integrity(check);
      if (integrity !== 'ok') throw new StartupError(`the backup's database fails SQLite's integrity check: ${integrity}`);
    } finally {
      await check.destroy();
    }
    // A WAL left by the old database would be replayed into the new one: it goes first.
    await Promise.all(['-wal', '-shm', '-journal'].map((suffix) => rm(`${target}${suffix}`, { force: true })));
    await rename(temp, target);
    await syncPath(dirname(target));
  } finally {
    await rm(temp, { force: true });
  }
}

/** The dialect of a database URL. */
export const dialectOfUrl = (url: string): 'sqlite' | 'postgres' => (url.startsWith('sqlite:') ? 'sqlite' : 'postgres');

/**
 * The databases the benchmark runs Falconet on: SQLite files in the run's temporary directory, and a
 * PostgreSQL server when FALCONET_BENCH_DATABASE_URL names one, where each fresh database is a schema of
 * its own (dropped at the end).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { dialectOf, openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { seedFleet, type Fleet, type FleetShape } from './poll-fleet.js';

export interface FreshDatabase {
  /** Falconet's `database_url` */
  readonly url: string;
  /** the arguments of `poll-reference.ts` for the same data */
  readonly referenceArgs: readonly string[];
}

export interface BenchDatabase {
  readonly kind: 'sqlite' | 'postgres';
  readonly label: string;
  /** a new, empty database (not migrated) */
  fresh(name: string): Promise<FreshDatabase>;
  /**
   * The data of `from` for one more server of a comparison whose servers take turns, the others frozen
   * (SIGSTOP): on SQLite a copy of the file, so that a server frozen while it writes (its poll times) holds
   * no lock the next one waits for; on PostgreSQL `from` itself, where a frozen server's locks hold only the
   * rows it was writing.
   */
  copyOf(from: FreshDatabase, name: string): Promise<FreshDatabase>;
  /** drops what {@link fresh} made that the temporary directory does not hold */
  close(): Promise<void>;
}

export function sqliteDatabases(dir: string): BenchDatabase {
  return {
    kind: 'sqlite',
    label: 'SQLite',
    fresh: (name) => {
      const file = join(dir, `${name}.db`);
      return Promise.resolve({ url: `sqlite:${file}`, referenceArgs: ['sqlite', file] });
    },
    copyOf: (from, name) => {
      const source = from.url.slice('sqlite:'.length);
      // the whole database in the main file, the WAL emptied: one file to copy
      const connection = new Database(source);
      connection.pragma('wal_checkpoint(TRUNCATE)');
      connection.close();
      const file = join(dir, `${name}.db`);
      copyFileSync(source, file);
      return Promise.resolve({ url: `sqlite:${file}`, referenceArgs: ['sqlite', file] });
    },
    close: () => Promise.resolve(),
  };
}

export function postgresDatabases(serverUrl: string): BenchDatabase {
  const admin = openDatabase(serverUrl);
  const schemas: string[] = [];
  return {
    kind: 'postgres',
    label: 'PostgreSQL',
    async fresh(name) {
      const schema = `falconet_bench_${process.pid}_${name.replace(/\W/g, '_')}`;
      await admin.raw('drop schema if exists ?? cascade', [schema]);
      await admin.raw('create schema ??', [schema]);
      schemas.push(schema);
      const url = new URL(serverUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return { url: url.href, referenceArgs: ['pg', url.href] };
    },
    copyOf: (from) => Promise.resolve(from),
    async close() {
      for (const schema of schemas) await admin.raw('drop schema if exists ?? cascade', [schema]);
      await admin.destroy();
    },
  };
}

/**
 * Migrates `url` and seeds the fleet into it. PostgreSQL then vacuums and analyses the new rows, as its
 * autovacuum would within a minute or so of such a load, so that it does not do so in the middle of a measurement.
 */
export async function seeded(url: string, shape: FleetShape): Promise<Fleet> {
  const db: Knex = openDatabase(url);
  try {
    await migrate(db);
    const fleet = await seedFleet(db, shape);
    if (dialectOf(db) === 'postgres') await db.raw('vacuum analyze');
    return fleet;
  } finally {
    await db.destroy();
  }
}

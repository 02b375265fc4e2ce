import Database from 'better-sqlite3';
import type { Knex } from 'knex';

/** One artifact blob a database references: its content address and length. */
export interface BlobRef {
  readonly sha256: string;
  readonly size: number;
}

/**
 * The SQL of `falconet backup` and `falconet restore` (decision 235), run against a database snapshot: the
 * copied SQLite file, or a PostgreSQL transaction that exported its snapshot to pg_dump.
 */
export const backupStore = {
  /** The names of the migrations that have run, oldest first; none before the first start. */
  async migrations(db: Knex | Knex.Transaction): Promise<string[]> {
    if (!(await db.schema.hasTable('knex_migrations'))) return [];
    return (await db('knex_migrations').orderBy('id').pluck('name')) as string[];
  },

  /** Every blob an artifact row references, each once. */
  async blobs(db: Knex | Knex.Transaction): Promise<BlobRef[]> {
    if (!(await db.schema.hasTable('artifacts'))) return [];
    const rows = (await db('artifacts').distinct('sha256', 'size').orderBy('sha256')) as { sha256: string; size: number | string }[];
    return rows.map((row) => ({ sha256: row.sha256, size: Number(row.size) }));
  },

  /** Whether a Falconet has ever started on this database (its migration table exists). */
  async holdsData(db: Knex): Promise<boolean> {
    return db.schema.hasTable('knex_migrations');
  },

  /** PostgreSQL: names this transaction's snapshot, so that pg_dump can read the same one (`--snapshot`). */
  async exportSnapshot(trx: Knex.Transaction): Promise<string> {
    const result = await trx.raw<{ rows: { id: string }[] }>('select pg_export_snapshot() as id');
    return (result.rows[0] as { id: string }).id;
  },

  /**
   * SQLite: whether another connection has the existing file open, as a running server always does: under
   * WAL an open connection holds a shared lock for its whole life, so an exclusive one cannot be had.
   */
  sqliteInUse(file: string): boolean {
    const probe = new Database(file, { fileMustExist: true, timeout: 0 });
    try {
      probe.pragma('locking_mode = EXCLUSIVE');
      probe.exec('begin exclusive; commit');
      return false;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
      throw error;
    } finally {
      probe.close();
    }
  },

  /** SQLite: `PRAGMA integrity_check`'s answer, `ok` for a sound file. */
  async integrity(db: Knex): Promise<string> {
    const rows = await db.raw<{ integrity_check: string }[]>('pragma integrity_check');
    return rows.map((row) => row.integrity_check).join('; ');
  },
};

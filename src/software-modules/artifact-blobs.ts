import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.js';
import { withBlobLock, type ArtifactStore } from '../storage/artifact-store.js';
import { softwareModuleStore as sql } from './software-module-store.js';

/**
 * Runs `work` in a transaction that, on PostgreSQL, holds a transaction-scoped advisory lock derived
 * from the blob's SHA-256: processes sharing one database (and one artifact directory) then take every
 * decision about a blob's bytes one at a time. Callers hold {@link withBlobLock} for the same blob, which
 * does the same within this process (and is all SQLite needs, one process owning its file). After a
 * deadlock `work` runs again (decision 40), so anything it does to the bytes must come last.
 */
export function blobTransaction<T>(db: Knex, sha256: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await sql.lockBlob(trx, sha256);
    return work(trx);
  });
}

/**
 * Deletes a blob's bytes unless an artifact row still references them, under the blob's database lock;
 * the caller holds its {@link withBlobLock}. Rows are only read here: deleting a row needs no lock, since
 * it only ever lowers the count, and an upload that reuses the bytes commits its row under the same
 * locks before they are released, so a reference is either committed and seen here or comes after.
 */
export function removeUnreferencedBlob(db: Knex, store: ArtifactStore, sha256: string): Promise<void> {
  return blobTransaction(db, sha256, async (trx) => {
    if (!(await sql.blobReferenced(trx, sha256))) await store.remove(sha256);
  });
}

/**
 * After artifact rows were deleted and committed: removes each blob that no row references any more.
 * A crash before this runs leaves unreferenced bytes behind (disk only, never a row without bytes).
 */
export async function releaseBlobs(db: Knex, store: ArtifactStore, sha256s: Iterable<string>): Promise<void> {
  for (const sha256 of new Set(sha256s)) {
    await withBlobLock(sha256, () => removeUnreferencedBlob(db, store, sha256));
  }
}

import type { Knex } from 'knex';
import { ping } from '../db/database.js';
import { migrationsDone } from '../db/migrate.js';
import { DomainError, ErrorCode } from '../errors.js';

/** A readiness check that has not answered by then counts as failed: probes time out after 1–10 s. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * `/ready` (decision 131): resolves when the database answers and every migration of this build has run,
 * rejects with `notReady` otherwise. Once the migrations are seen done they are not read again: they are
 * never undone while the process runs.
 */
export function createReadiness(db: Knex): () => Promise<void> {
  let migrated = false;
  const check = async () => {
    try {
      await ping(db);
    } catch (error) {
      throw new DomainError(ErrorCode.notReady, `The database does not answer: ${(error as Error).message}`);
    }
    migrated ||= await migrationsDone(db);
    if (!migrated) throw new DomainError(ErrorCode.notReady, 'The database migrations have not run yet');
  };
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new DomainError(ErrorCode.notReady, `The database did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([check(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}

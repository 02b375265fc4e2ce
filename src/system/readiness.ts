import type { Knex } from 'knex';
import { ping } from '../db/database.js';
import { migrationsDone } from '../db/migrate.js';
import type { ArtifactStore } from '../storage/artifact-store.js';

/** A readiness check that has not answered by then counts as failed: probes time out after 1–10 s. */
export const READY_TIMEOUT_MS = 2_000;

/** One dependency that is not ready: what anyone may read, and the error behind it for the operator only. */
export interface ReadinessFailure {
  /** names the dependency, without an address: "The database does not answer" */
  readonly reason: string;
  /** the driver's own message (`connect ECONNREFUSED 10.0.0.7:5432`), which names hosts and paths */
  readonly detail?: string;
}

/** Resolves to the dependencies that are not ready; none: ready. */
export type Readiness = () => Promise<readonly ReadinessFailure[]>;

/**
 * `/ready` (decisions 131 and 198): the database answers and every migration of this build has run, and the
 * artifact store answers, each within {@link READY_TIMEOUT_MS}. Once the migrations are seen done they are
 * not read again: they are never undone while the process runs.
 */
export function createReadiness(db: Knex, store: ArtifactStore): Readiness {
  let migrated = false;
  const database = async (): Promise<ReadinessFailure | undefined> => {
    try {
      await ping(db);
    } catch (error) {
      return { reason: 'The database does not answer', detail: (error as Error).message };
    }
    migrated ||= await migrationsDone(db);
    return migrated ? undefined : { reason: 'The database migrations have not run yet' };
  };
  const artifactStore = async (): Promise<ReadinessFailure | undefined> => {
    try {
      await store.ready();
      return undefined;
    } catch (error) {
      return { reason: 'The artifact store does not answer', detail: (error as Error).message };
    }
  };
  return async () => {
    const failures = await Promise.all([within(database(), 'The database'), within(artifactStore(), 'The artifact store')]);
    return failures.filter((failure) => failure !== undefined);
  };
}

async function within(check: Promise<ReadinessFailure | undefined>, dependency: string): Promise<ReadinessFailure | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadinessFailure>((answer) => {
    timer = setTimeout(() => answer({ reason: `${dependency} did not answer within ${READY_TIMEOUT_MS} ms` }), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

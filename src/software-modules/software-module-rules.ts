import type { Knex } from 'knex';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { softwareModuleStore as sql } from './software-module-store.js';

/**
 * The module exists; with `forUpdate` (inside a transaction) its row is locked on PostgreSQL, so that uploads
 * to one module count its artifacts one at a time and a deletion cannot slip in between.
 * @throws DomainError entityNotFound
 */
export async function assertModule(db: Knex, id: number, forUpdate = false): Promise<void> {
  if (!(await sql.exists(db, id, forUpdate))) throw notFound('SoftwareModule', id);
}

/**
 * Refuses changes to a module's artifacts once a set holding it was assigned or rolled out, as hawkBit
 * does: devices may be downloading exactly these files.
 * @throws DomainError locked
 */
export async function assertNotLocked(db: Knex, id: number): Promise<void> {
  if ((await sql.lockedIds(db, [id])).has(id)) {
    throw new DomainError(ErrorCode.locked, `SoftwareModule {${id}} is locked: a distribution set holding it is assigned, so its artifacts cannot change.`, {
      softwareModuleId: id,
    });
  }
}

/**
 * One more artifact may not take the module past `quota` (0: no cap).
 * @throws DomainError quotaExceeded
 */
export async function assertArtifactQuota(db: Knex, id: number, quota: number): Promise<void> {
  if (quota === 0) return;
  if ((await sql.artifactCount(db, id)) + 1 > quota) {
    throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: cannot add 1 more Artifact to SoftwareModule {${id}}; the maximum is ${quota}.`, { quota });
  }
}

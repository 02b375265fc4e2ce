import type { Knex } from 'knex';
import { dialectOf } from '../db/database.js';
import { DomainError, ErrorCode } from '../errors.js';
import { lockedModuleIds } from './software-module-queries.js';
import { SoftwareModuleModel } from './software-module-models.js';

/** hawkBit's entity names, as its messages use them. */
export const notFound = (entity: 'SoftwareModule' | 'SoftwareModuleType' | 'Artifact', id: number | string) =>
  new DomainError(ErrorCode.entityNotFound, `${entity} with given identifier {${id}} does not exist.`);

/**
 * The module's row. With `forUpdate` (inside a transaction) PostgreSQL also locks it, so that uploads
 * to one module count its artifacts one at a time and a deletion cannot slip in between.
 * @throws DomainError entityNotFound
 */
export async function findModule(db: Knex, id: number, forUpdate = false): Promise<SoftwareModuleModel> {
  const query = SoftwareModuleModel.query(db).findById(id);
  // SQLite has no row locks (its one writer serialises transactions) and knex warns about forUpdate.
  if (forUpdate && dialectOf(db) === 'postgres') query.forUpdate();
  const module = await query;
  if (!module) throw notFound('SoftwareModule', id);
  return module;
}

/**
 * Refuses changes to a module's artifacts once a set holding it was assigned or rolled out, as hawkBit
 * does: devices may be downloading exactly these files.
 * @throws DomainError locked
 */
export async function assertNotLocked(db: Knex, id: number): Promise<void> {
  if ((await lockedModuleIds(db, [id])).has(id)) {
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
  const counted = (await db('artifacts').where('software_module_id', id).count({ n: '*' }).first()) as { n: number | string };
  if (Number(counted.n) + 1 > quota) {
    throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: cannot add 1 more Artifact to SoftwareModule {${id}}; the maximum is ${quota}.`, { quota });
  }
}

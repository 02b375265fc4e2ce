import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { distributionSetStore as sql } from './distribution-set-store.js';
import { combineModules, type TypedModule } from './module-type-rules.js';

export interface SetModuleAssigner {
  /**
   * Adds software modules to a set under its type's rules; a module of a type allowing one per set
   * replaces the current one (see `combineModules`). Modules already in the set are kept.
   * @throws DomainError entityNotFound (set or module), locked (the set is referenced by actions or
   *   rollouts), distributionSetModuleUnsupported, constraintViolation, quotaExceeded
   *   (maxSoftwareModulesPerDistributionSet)
   */
  assignModules(id: number, moduleIds: readonly number[], actor: string): Promise<void>;
  /**
   * Removes a module from a set; the module stays in the catalogue, and a set losing a mandatory module
   * becomes incomplete.
   * @throws DomainError entityNotFound (set, or a module that is not in the set), locked (the set is
   *   referenced by actions or rollouts)
   */
  unassignModule(id: number, moduleId: number, actor: string): Promise<void>;
}

/** A new set with the type id and the modules it will have. */
export interface ModulePlan<T> {
  readonly set: T;
  readonly typeId: number;
  readonly moduleIds: readonly number[];
}

/**
 * Checks the types and modules of new sets with one query per table, before anything is written.
 * @throws DomainError entityNotFound (type key or module id), distributionSetModuleUnsupported,
 *   constraintViolation, quotaExceeded
 */
export async function planNewSets<T extends { readonly type: string; readonly moduleIds?: readonly number[] | undefined }>(
  trx: Knex,
  sets: readonly T[],
  quota: number,
): Promise<ModulePlan<T>[]> {
  const types = await sql.typeRules(trx, { keys: [...new Set(sets.map((set) => set.type))] });
  const modules = await typedModules(
    trx,
    sets.flatMap((set) => set.moduleIds ?? []),
  );
  return sets.map((set) => {
    const type = types.find((candidate) => candidate.key === set.type);
    if (!type) {
      throw notFound('DistributionSetType', set.type);
    }
    const wanted = (set.moduleIds ?? []).map((id) => modules.find((module) => module.id === id) as TypedModule);
    const held = combineModules(type, [], wanted, false);
    assertQuota(held.length, quota, 'the new DistributionSet');
    return { set, typeId: type.id, moduleIds: held.map((module) => module.id) };
  });
}

/**
 * The software modules with the given ids and their types, in one query.
 * @throws DomainError entityNotFound naming the first id that does not exist
 */
async function typedModules(db: Knex, ids: readonly number[]): Promise<TypedModule[]> {
  const wanted = [...new Set(ids)];
  const found = await sql.typedModules(db, wanted);
  const missing = wanted.find((id) => !found.some((module) => module.id === id));
  if (missing !== undefined) {
    throw notFound('SoftwareModule', missing);
  }
  return found;
}

export function createSetModuleAssigner(db: Knex, clock: Clock, quota: number): SetModuleAssigner {
  return {
    async assignModules(id, moduleIds, actor) {
      await inTransaction(db, async (trx) => {
        const set = await changeableSet(trx, id);
        const [type] = await sql.typeRules(trx, { ids: [set.typeId] });
        const added = await typedModules(trx, moduleIds);
        const current = await sql.heldModules(trx, id);
        const held = combineModules(type ?? { id: set.typeId, key: set.typeKey, slots: [] }, current, added, true);
        assertQuota(held.length, quota, `DistributionSet '${id}'`);
        const kept = new Set(held.map((module) => module.id));
        const removed = current.filter((module) => !kept.has(module.id)).map((module) => module.id);
        if (removed.length > 0) await sql.removeModules(trx, id, removed);
        await sql.addModules(
          trx,
          id,
          held.filter((module) => !current.some((other) => other.id === module.id)).map((module) => module.id),
        );
        await sql.touch(trx, id, modified(actor, clock()));
      });
    },
    async unassignModule(id, moduleId, actor) {
      await inTransaction(db, async (trx) => {
        await changeableSet(trx, id);
        if ((await sql.removeModules(trx, id, [moduleId])) === 0) {
          throw new DomainError(ErrorCode.entityNotFound, `SoftwareModule with given identifier {${moduleId}} is not in DistributionSet {${id}}.`);
        }
        await sql.touch(trx, id, modified(actor, clock()));
      });
    },
  };
}

/** A set whose modules may change. @throws DomainError entityNotFound, locked */
async function changeableSet(trx: Knex, id: number) {
  const set = await sql.row(trx, id);
  if (!set) throw notFound('DistributionSet', id);
  if (set.locked) {
    throw new DomainError(ErrorCode.locked, `DistributionSet ${id} is locked: it is referenced by actions or rollouts, so its software modules cannot change`);
  }
  return set;
}

function assertQuota(count: number, quota: number, owner: string): void {
  if (quota > 0 && count > quota) {
    throw new DomainError(
      ErrorCode.quotaExceeded,
      `Quota exceeded: cannot assign ${count} SoftwareModule entities to ${owner} because of the configured quota limit ${quota}`,
      { quota },
    );
  }
}

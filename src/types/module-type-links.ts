import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { SoftwareModuleType } from './type-models.js';
import { assertAllExist, assertQuota, orNotFound } from './type-rules.js';
import { distributionSetTypeStore as store, softwareModuleTypeStore } from './type-store.js';

/** Whether a module type is one a set must hold (mandatory) or may hold (optional). */
export type ModuleTypeKind = 'mandatory' | 'optional';

/** The module types of a distribution-set type, by kind. */
export interface ModuleTypeLinks {
  /**
   * The module types of that kind, by id (hawkBit does not page these).
   * @throws DomainError entityNotFound (distribution-set type)
   */
  moduleTypes(id: number, kind: ModuleTypeKind): Promise<SoftwareModuleType[]>;
  /** @throws DomainError entityNotFound (distribution-set type, or no module type of that kind with that id) */
  moduleType(id: number, moduleTypeId: number, kind: ModuleTypeKind): Promise<SoftwareModuleType>;
  /**
   * Makes a module type mandatory or optional; one linked the other way moves. Refused while
   * distribution sets of the type exist, because their completeness would change unseen.
   * @throws DomainError entityNotFound, entityInUse, quotaExceeded
   */
  addModuleType(actor: string, id: number, moduleTypeId: number, kind: ModuleTypeKind): Promise<void>;
  /**
   * Removes a module type of that kind; refused while distribution sets of the type exist.
   * @throws DomainError entityNotFound (also when the module type is not of that kind), entityInUse
   */
  removeModuleType(actor: string, id: number, moduleTypeId: number, kind: ModuleTypeKind): Promise<void>;
}

/** The mandatory/optional module-type links of distribution-set types; `maxModuleTypes` 0 disables the cap. */
export function createModuleTypeLinks(db: Knex, clock: Clock, maxModuleTypes: number): ModuleTypeLinks {
  const findType = async (trx: Knex, id: number) => orNotFound(await store.find(trx, id), 'DistributionSetType', id);
  const notOfKind = (id: number, moduleTypeId: number, kind: ModuleTypeKind) =>
    new DomainError(
      ErrorCode.entityNotFound,
      `SoftwareModuleType with given identifier {${moduleTypeId}} is not one of the ${kind} module types of DistributionSetType {${id}}.`,
    );
  const assertNoSets = async (trx: Knex, id: number) => {
    if (await store.hasDistributionSets(trx, id)) {
      throw new DomainError(ErrorCode.entityInUse, `DistributionSetType {${id}} is in use by distribution sets; its module types cannot change.`);
    }
  };
  const touch = (trx: Knex, actor: string, id: number) => store.touch(trx, id, modified(actor, clock()));

  return {
    async moduleTypes(id, kind) {
      await findType(db, id);
      return store.moduleTypes(db, id, kind === 'mandatory');
    },
    async moduleType(id, moduleTypeId, kind) {
      await findType(db, id);
      const type = await store.moduleType(db, id, moduleTypeId, kind === 'mandatory');
      if (!type) throw notOfKind(id, moduleTypeId, kind);
      return type;
    },
    addModuleType(actor, id, moduleTypeId, kind) {
      return inTransaction(db, async (trx) => {
        await findType(trx, id);
        await assertAllExist(trx, softwareModuleTypeStore, 'SoftwareModuleType', [moduleTypeId]);
        await assertNoSets(trx, id);
        const link = { moduleTypeId, mandatory: kind === 'mandatory' };
        if (!(await store.moveModuleType(trx, id, link))) {
          assertQuota((await store.countModuleTypes(trx, id)) + 1, maxModuleTypes, 'software-module types per distribution-set type');
          await store.addModuleType(trx, id, link);
        }
        await touch(trx, actor, id);
      });
    },
    removeModuleType(actor, id, moduleTypeId, kind) {
      return inTransaction(db, async (trx) => {
        await findType(trx, id);
        const link = { moduleTypeId, mandatory: kind === 'mandatory' };
        if (!(await store.hasModuleType(trx, id, link))) {
          await assertAllExist(trx, softwareModuleTypeStore, 'SoftwareModuleType', [moduleTypeId]);
          throw notOfKind(id, moduleTypeId, kind);
        }
        await assertNoSets(trx, id);
        await store.removeModuleType(trx, id, link);
        await touch(trx, actor, id);
      });
    },
  };
}

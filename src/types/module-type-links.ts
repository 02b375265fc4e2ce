import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { DistributionSetTypeModel, DS_TYPE_MODULE_TYPES, SoftwareModuleTypeModel, type SoftwareModuleType } from './type-models.js';
import { assertAllExist, assertQuota, orNotFound } from './type-rules.js';

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
  const findType = async (trx: Knex, id: number) => orNotFound(await DistributionSetTypeModel.query(trx).findById(id), 'DistributionSetType', id);
  const linksOf = (trx: Knex, id: number) => trx(DS_TYPE_MODULE_TYPES).where('distribution_set_type_id', id);
  const ofKind = (trx: Knex, id: number, kind: ModuleTypeKind) =>
    trx('software_module_types as t')
      .join(`${DS_TYPE_MODULE_TYPES} as l`, 'l.software_module_type_id', 't.id')
      .where('l.distribution_set_type_id', id)
      .where('l.mandatory', kind === 'mandatory')
      .orderBy('t.id')
      .select('t.*');
  const notOfKind = (id: number, moduleTypeId: number, kind: ModuleTypeKind) =>
    new DomainError(
      ErrorCode.entityNotFound,
      `SoftwareModuleType with given identifier {${moduleTypeId}} is not one of the ${kind} module types of DistributionSetType {${id}}.`,
    );
  const assertNoSets = async (trx: Knex, id: number) => {
    if (await trx('distribution_sets').where('type_id', id).first('id')) {
      throw new DomainError(ErrorCode.entityInUse, `DistributionSetType {${id}} is in use by distribution sets; its module types cannot change.`);
    }
  };
  const touch = (trx: Knex, actor: string, id: number) => DistributionSetTypeModel.query(trx).patch(modified(actor, clock())).where('id', id);

  return {
    async moduleTypes(id, kind) {
      await findType(db, id);
      return (await ofKind(db, id, kind)).map((row: object) => SoftwareModuleTypeModel.fromDatabaseJson(row));
    },
    async moduleType(id, moduleTypeId, kind) {
      await findType(db, id);
      const row = await ofKind(db, id, kind).where('t.id', moduleTypeId).first<object | undefined>();
      if (!row) throw notOfKind(id, moduleTypeId, kind);
      return SoftwareModuleTypeModel.fromDatabaseJson(row);
    },
    addModuleType(actor, id, moduleTypeId, kind) {
      return inTransaction(db, async (trx) => {
        await findType(trx, id);
        await assertAllExist(trx, 'software_module_types', 'SoftwareModuleType', [moduleTypeId]);
        await assertNoSets(trx, id);
        const mandatory = kind === 'mandatory';
        const moved = await linksOf(trx, id).where('software_module_type_id', moduleTypeId).update({ mandatory });
        if (moved === 0) {
          const counted = (await linksOf(trx, id).count({ n: '*' }).first()) as { n: number | string };
          assertQuota(Number(counted.n) + 1, maxModuleTypes, 'software-module types per distribution-set type');
          await trx(DS_TYPE_MODULE_TYPES).insert({ distribution_set_type_id: id, software_module_type_id: moduleTypeId, mandatory });
        }
        await touch(trx, actor, id);
      });
    },
    removeModuleType(actor, id, moduleTypeId, kind) {
      return inTransaction(db, async (trx) => {
        await findType(trx, id);
        const link = linksOf(trx, id)
          .where('software_module_type_id', moduleTypeId)
          .where('mandatory', kind === 'mandatory');
        if (!(await link.clone().first('software_module_type_id'))) {
          await assertAllExist(trx, 'software_module_types', 'SoftwareModuleType', [moduleTypeId]);
          throw notOfKind(id, moduleTypeId, kind);
        }
        await assertNoSets(trx, id);
        await link.delete();
        await touch(trx, actor, id);
      });
    },
  };
}

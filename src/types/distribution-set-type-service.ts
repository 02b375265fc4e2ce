import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { createModuleTypeLinks, type ModuleTypeLinks } from './module-type-links.js';
import type { DistributionSetType, TypeChange, TypeInput } from './type-models.js';
import { assertAllExist, assertQuota, assertUniqueTypes, distinct, typeOperations, type TypeReads } from './type-rules.js';
import { distributionSetTypeStore as store, softwareModuleTypeStore } from './type-store.js';

export interface DistributionSetTypeInput extends TypeInput {
  readonly mandatoryModuleTypeIds: readonly number[];
  readonly optionalModuleTypeIds: readonly number[];
}

export interface DistributionSetTypeService extends ModuleTypeLinks, TypeReads<DistributionSetType> {
  /**
   * Creates all types with their module types, or none. Keys and names are unique, also among the new
   * types; a module type is either mandatory or optional; `maxSoftwareModuleTypesPerDistributionSetType`
   * caps the module types of one type.
   * @throws DomainError constraintViolation (a module type both mandatory and optional),
   *   entityNotFound (unknown module type), quotaExceeded, entityAlreadyExists
   */
  create(actor: string, inputs: readonly DistributionSetTypeInput[]): Promise<DistributionSetType[]>;
  /**
   * Changes description and colour only.
   * @throws DomainError entityNotFound
   */
  update(actor: string, id: number, change: TypeChange): Promise<DistributionSetType>;
  /**
   * Deletes a type no distribution set and no target type uses; its module-type links go with it.
   * @throws DomainError entityNotFound, entityInUse
   */
  remove(id: number): Promise<void>;
}

export interface DistributionSetTypeQuota {
  readonly maxSoftwareModuleTypesPerDistributionSetType: number;
}

const ENTITY = 'DistributionSetType';

/** Distribution-set types: which module types the sets of a type must and may hold. */
export function createDistributionSetTypeService(db: Knex, clock: Clock, quota: DistributionSetTypeQuota): DistributionSetTypeService {
  const { operations } = typeOperations(db, clock, store, ENTITY, {
    'distribution sets': (trx, id) => store.usedByDistributionSets(trx, id),
    'target types': (trx, id) => store.usedByTargetTypes(trx, id),
  });
  const maxModuleTypes = quota.maxSoftwareModuleTypesPerDistributionSetType;

  async function checkModuleTypes(trx: Knex, { mandatoryModuleTypeIds: mandatory, optionalModuleTypeIds: optional }: DistributionSetTypeInput) {
    const both = mandatory.find((id) => optional.includes(id));
    if (both !== undefined) {
      throw new DomainError(ErrorCode.constraintViolation, `SoftwareModuleType {${both}} cannot be both mandatory and optional.`);
    }
    await assertAllExist(trx, softwareModuleTypeStore, 'SoftwareModuleType', [...mandatory, ...optional]);
    assertQuota(mandatory.length + optional.length, maxModuleTypes, 'software-module types per distribution-set type');
  }

  return {
    ...createModuleTypeLinks(db, clock, maxModuleTypes),
    ...operations,
    create(actor, requested) {
      const inputs = requested.map((input) => ({
        ...input,
        mandatoryModuleTypeIds: distinct(input.mandatoryModuleTypeIds),
        optionalModuleTypeIds: distinct(input.optionalModuleTypeIds),
      }));
      return inTransaction(db, async (trx) => {
        for (const input of inputs) await checkModuleTypes(trx, input);
        await assertUniqueTypes(trx, store, ENTITY, inputs);
        const stamp = created(actor, clock());
        const types: DistributionSetType[] = [];
        for (const { key, name, description, colour, mandatoryModuleTypeIds, optionalModuleTypeIds } of inputs) {
          const values = { key, name, description: description ?? null, colour: colour ?? null, ...stamp };
          const type = await store.insert(trx, values);
          await store.addModuleTypes(trx, type.id, [
            ...mandatoryModuleTypeIds.map((moduleTypeId) => ({ moduleTypeId, mandatory: true })),
            ...optionalModuleTypeIds.map((moduleTypeId) => ({ moduleTypeId, mandatory: false })),
          ]);
          types.push(type);
        }
        return types;
      });
    },
  };
}

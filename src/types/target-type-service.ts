import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { DistributionSetType, TargetType, TypeChange, TypeInput } from './type-models.js';
import { assertAllExist, assertQuota, assertUniqueTypes, distinct, typeOperations, type TypeReads } from './type-rules.js';
import { distributionSetTypeStore, targetTypeStore as store } from './type-store.js';

export interface TargetTypeInput extends TypeInput {
  readonly compatibleDistributionSetTypeIds: readonly number[];
}

export interface TargetTypeChange extends TypeChange {
  readonly name?: string;
}

export interface TargetTypeService extends TypeReads<TargetType> {
  /**
   * Creates all types with their compatible distribution-set types, or none. Keys and names are
   * unique, also among the new types; `maxDistributionSetTypesPerTargetType` caps the compatible types.
   * @throws DomainError entityNotFound (unknown distribution-set type), quotaExceeded, entityAlreadyExists
   */
  create(actor: string, inputs: readonly TargetTypeInput[]): Promise<TargetType[]>;
  /**
   * Changes name, description and colour; the key stays.
   * @throws DomainError entityNotFound, entityAlreadyExists (the name of another type)
   */
  update(actor: string, id: number, change: TargetTypeChange): Promise<TargetType>;
  /**
   * Deletes a type no target has; its compatibility links go with it.
   * @throws DomainError entityNotFound, targetTypeInUse
   */
  remove(id: number): Promise<void>;
  /** @throws DomainError entityNotFound */
  compatibleTypes(id: number): Promise<DistributionSetType[]>;
  /**
   * Makes distribution-set types compatible; those compatible already stay so.
   * @throws DomainError entityNotFound, quotaExceeded
   */
  addCompatibleTypes(actor: string, id: number, distributionSetTypeIds: readonly number[]): Promise<void>;
  /** @throws DomainError entityNotFound (also when the distribution-set type is not compatible) */
  removeCompatibleType(actor: string, id: number, distributionSetTypeId: number): Promise<void>;
}

export interface TargetTypeQuota {
  readonly maxDistributionSetTypesPerTargetType: number;
}

const ENTITY = 'TargetType';
const QUOTA_SUBJECT = 'compatible distribution-set types per target type';

/**
 * Target types: the kinds of device and the distribution-set types each can install.
 * @param renamed recomputes the polling overrides of the targets of a renamed type (decision 110)
 */
export function createTargetTypeService(
  db: Knex,
  clock: Clock,
  quota: TargetTypeQuota,
  renamed: (trx: Knex, targets: Knex.QueryBuilder) => Promise<void>,
): TargetTypeService {
  const {
    find,
    operations: { list, get },
  } = typeOperations(db, clock, store, ENTITY);
  const max = quota.maxDistributionSetTypesPerTargetType;

  return {
    list,
    get,
    create(actor, requested) {
      const inputs = requested.map((input) => ({ ...input, compatibleDistributionSetTypeIds: distinct(input.compatibleDistributionSetTypeIds) }));
      return inTransaction(db, async (trx) => {
        for (const { compatibleDistributionSetTypeIds: ids } of inputs) {
          await assertAllExist(trx, distributionSetTypeStore, 'DistributionSetType', ids);
          assertQuota(ids.length, max, QUOTA_SUBJECT);
        }
        await assertUniqueTypes(trx, store, ENTITY, inputs);
        const stamp = created(actor, clock());
        const types: TargetType[] = [];
        for (const { key, name, description, colour, compatibleDistributionSetTypeIds } of inputs) {
          const values = { key, name, description: description ?? null, colour: colour ?? null, ...stamp };
          const type = await store.insert(trx, values);
          await store.addCompatibleTypes(trx, type.id, compatibleDistributionSetTypeIds);
          types.push(type);
        }
        return types;
      });
    },
    update(actor, id, change) {
      return inTransaction(db, async (trx) => {
        const before = await find(trx, id);
        const { name, description, colour } = change;
        if (name !== undefined) await assertUniqueTypes(trx, store, ENTITY, [{ name }], id);
        const updated = await store.update(trx, id, { name, description, colour, ...modified(actor, clock()) });
        if (name !== undefined && name !== before.name) await renamed(trx, store.targetIdQuery(trx, id));
        return updated;
      });
    },
    remove(id) {
      return inTransaction(db, async (trx) => {
        const type = await find(trx, id);
        if (await store.hasTargets(trx, id)) {
          throw new DomainError(ErrorCode.targetTypeInUse, `Target type ${type.name} is in use by targets and cannot be deleted.`);
        }
        await store.delete(trx, id);
      });
    },
    async compatibleTypes(id) {
      await find(db, id);
      return store.compatibleTypes(db, id);
    },
    addCompatibleTypes(actor, id, requested) {
      const distributionSetTypeIds = distinct(requested);
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        await assertAllExist(trx, distributionSetTypeStore, 'DistributionSetType', distributionSetTypeIds);
        const linked = new Set(await store.compatibleTypeIds(trx, id));
        const added = distributionSetTypeIds.filter((dsTypeId) => !linked.has(dsTypeId));
        assertQuota(linked.size + added.length, max, QUOTA_SUBJECT);
        await store.addCompatibleTypes(trx, id, added);
        await store.touch(trx, id, modified(actor, clock()));
      });
    },
    removeCompatibleType(actor, id, distributionSetTypeId) {
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        if (!(await store.removeCompatibleType(trx, id, distributionSetTypeId))) {
          await assertAllExist(trx, distributionSetTypeStore, 'DistributionSetType', [distributionSetTypeId]);
          throw new DomainError(
            ErrorCode.entityNotFound,
            `DistributionSetType with given identifier {${distributionSetTypeId}} is not compatible with TargetType {${id}}.`,
          );
        }
        await store.touch(trx, id, modified(actor, clock()));
      });
    },
  };
}

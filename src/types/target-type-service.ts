import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified } from '../db/audit.js';
import type { Page, PageRequest } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import {
  DistributionSetTypeModel,
  TARGET_TYPE_DS_TYPES,
  TargetTypeModel,
  type DistributionSetType,
  type TargetType,
  type TypeChange,
  type TypeInput,
} from './type-models.js';
import { TARGET_TYPE_FIELDS } from './type-fields.js';
import { assertAllExist, assertQuota, assertUniqueTypes, distinct, listTypes, orNotFound } from './type-rules.js';

export interface TargetTypeInput extends TypeInput {
  readonly compatibleDistributionSetTypeIds: readonly number[];
}

export interface TargetTypeChange extends TypeChange {
  readonly name?: string;
}

export interface TargetTypeService {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<TargetType>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<TargetType>;
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
  const find = async (trx: Knex, id: number) => orNotFound(await TargetTypeModel.query(trx).findById(id), ENTITY, id);
  const linksOf = (trx: Knex, id: number) => trx(TARGET_TYPE_DS_TYPES).where('target_type_id', id);
  const link = (id: number, distributionSetTypeIds: readonly number[]) =>
    distributionSetTypeIds.map((dsTypeId) => ({ target_type_id: id, distribution_set_type_id: dsTypeId }));
  const max = quota.maxDistributionSetTypesPerTargetType;

  return {
    list: (page, q) => listTypes(db, TargetTypeModel.tableName, { page, q, fields: TARGET_TYPE_FIELDS }, (row) => TargetTypeModel.fromDatabaseJson(row)),
    get: (id) => find(db, id),
    create(actor, requested) {
      const inputs = requested.map((input) => ({ ...input, compatibleDistributionSetTypeIds: distinct(input.compatibleDistributionSetTypeIds) }));
      return inTransaction(db, async (trx) => {
        for (const { compatibleDistributionSetTypeIds: ids } of inputs) {
          await assertAllExist(trx, DistributionSetTypeModel.tableName, 'DistributionSetType', ids);
          assertQuota(ids.length, max, QUOTA_SUBJECT);
        }
        await assertUniqueTypes(trx, TargetTypeModel.tableName, ENTITY, inputs);
        const stamp = created(actor, clock());
        const types: TargetType[] = [];
        for (const { key, name, description, colour, compatibleDistributionSetTypeIds } of inputs) {
          const values = { key, name, description: description ?? null, colour: colour ?? null, ...stamp };
          const type = await TargetTypeModel.query(trx).insert(values);
          if (compatibleDistributionSetTypeIds.length > 0) {
            await trx(TARGET_TYPE_DS_TYPES).insert(link(type.id, compatibleDistributionSetTypeIds));
          }
          types.push(type);
        }
        return types;
      });
    },
    update(actor, id, change) {
      return inTransaction(db, async (trx) => {
        const type = await find(trx, id);
        const { name, description, colour } = change;
        if (name !== undefined) await assertUniqueTypes(trx, TargetTypeModel.tableName, ENTITY, [{ name }], id);
        const updated = await type.$query(trx).patchAndFetch({ name, description, colour, ...modified(actor, clock()) });
        if (name !== undefined && name !== type.name) await renamed(trx, trx('targets').select('id').where('target_type_id', id));
        return updated;
      });
    },
    remove(id) {
      return inTransaction(db, async (trx) => {
        const type = await find(trx, id);
        if (await trx('targets').where('target_type_id', id).first('id')) {
          throw new DomainError(ErrorCode.targetTypeInUse, `Target type ${type.name} is in use by targets and cannot be deleted.`);
        }
        await TargetTypeModel.query(trx).deleteById(id);
      });
    },
    async compatibleTypes(id) {
      await find(db, id);
      const rows: object[] = await db(`${DistributionSetTypeModel.tableName} as d`)
        .join(`${TARGET_TYPE_DS_TYPES} as l`, 'l.distribution_set_type_id', 'd.id')
        .where('l.target_type_id', id)
        .orderBy('d.id')
        .select('d.*');
      return rows.map((row) => DistributionSetTypeModel.fromDatabaseJson(row));
    },
    addCompatibleTypes(actor, id, requested) {
      const distributionSetTypeIds = distinct(requested);
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        await assertAllExist(trx, DistributionSetTypeModel.tableName, 'DistributionSetType', distributionSetTypeIds);
        const linked = new Set(
          (await linksOf(trx, id).select('distribution_set_type_id')).map((row: { distribution_set_type_id: number }) => row.distribution_set_type_id),
        );
        const added = distributionSetTypeIds.filter((dsTypeId) => !linked.has(dsTypeId));
        assertQuota(linked.size + added.length, max, QUOTA_SUBJECT);
        if (added.length > 0) await trx(TARGET_TYPE_DS_TYPES).insert(link(id, added));
        await TargetTypeModel.query(trx).patch(modified(actor, clock())).where('id', id);
      });
    },
    removeCompatibleType(actor, id, distributionSetTypeId) {
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        if ((await linksOf(trx, id).where('distribution_set_type_id', distributionSetTypeId).delete()) === 0) {
          await assertAllExist(trx, DistributionSetTypeModel.tableName, 'DistributionSetType', [distributionSetTypeId]);
          throw new DomainError(
            ErrorCode.entityNotFound,
            `DistributionSetType with given identifier {${distributionSetTypeId}} is not compatible with TargetType {${id}}.`,
          );
        }
        await TargetTypeModel.query(trx).patch(modified(actor, clock())).where('id', id);
      });
    },
  };
}

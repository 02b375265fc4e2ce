import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified } from '../db/audit.js';
import type { Page, PageRequest } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { DS_TYPE_MODULE_TYPES, SoftwareModuleTypeModel, type SoftwareModuleType, type TypeChange, type TypeInput } from './type-models.js';
import { SOFTWARE_MODULE_TYPE_FIELDS } from './type-fields.js';
import { assertUniqueTypes, assertUnused, listTypes, orNotFound } from './type-rules.js';

export interface SoftwareModuleTypeInput extends TypeInput {
  /** at least 1; default 1 */
  readonly maxAssignments?: number;
}

export interface SoftwareModuleTypeService {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<SoftwareModuleType>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<SoftwareModuleType>;
  /**
   * Creates all types or none. Keys and names are unique, also among the new types.
   * @throws DomainError entityAlreadyExists
   */
  create(actor: string, inputs: readonly SoftwareModuleTypeInput[]): Promise<SoftwareModuleType[]>;
  /**
   * Changes description and colour only: key, name and maxAssignments are fixed once modules use them.
   * @throws DomainError entityNotFound
   */
  update(actor: string, id: number, change: TypeChange): Promise<SoftwareModuleType>;
  /**
   * Deletes a type no software module and no distribution-set type uses (decision 5 refuses what
   * hawkBit would soft-delete).
   * @throws DomainError entityNotFound, entityInUse
   */
  remove(id: number): Promise<void>;
}

const ENTITY = 'SoftwareModuleType';

/** Software-module types: the kinds of module a distribution set is made of. */
export function createSoftwareModuleTypeService(db: Knex, clock: Clock): SoftwareModuleTypeService {
  const find = async (trx: Knex, id: number) => orNotFound(await SoftwareModuleTypeModel.query(trx).findById(id), ENTITY, id);
  return {
    list: (page, q) =>
      listTypes(db, SoftwareModuleTypeModel.tableName, { page, q, fields: SOFTWARE_MODULE_TYPE_FIELDS }, (row) =>
        SoftwareModuleTypeModel.fromDatabaseJson(row),
      ),
    get: (id) => find(db, id),
    create(actor, inputs) {
      return inTransaction(db, async (trx) => {
        await assertUniqueTypes(trx, SoftwareModuleTypeModel.tableName, ENTITY, inputs);
        const stamp = created(actor, clock());
        const types: SoftwareModuleType[] = [];
        for (const input of inputs) {
          const values = {
            key: input.key,
            name: input.name,
            description: input.description ?? null,
            colour: input.colour ?? null,
            maxAssignments: input.maxAssignments ?? 1,
            ...stamp,
          };
          types.push(await SoftwareModuleTypeModel.query(trx).insert(values));
        }
        return types;
      });
    },
    update(actor, id, change) {
      return inTransaction(db, async (trx) => {
        const type = await find(trx, id);
        const { description, colour } = change;
        return type.$query(trx).patchAndFetch({ description, colour, ...modified(actor, clock()) });
      });
    },
    remove(id) {
      return inTransaction(db, async (trx) => {
        await find(trx, id);
        const used = `${ENTITY} {${id}} is in use`;
        await assertUnused(trx, 'software_modules', 'type_id', id, `${used} by software modules and cannot be deleted.`);
        await assertUnused(trx, DS_TYPE_MODULE_TYPES, 'software_module_type_id', id, `${used} by distribution-set types and cannot be deleted.`);
        await SoftwareModuleTypeModel.query(trx).deleteById(id);
      });
    },
  };
}

import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import type { SoftwareModuleType, TypeChange, TypeInput } from './type-models.js';
import { assertUniqueTypes, typeOperations, type TypeReads } from './type-rules.js';
import { softwareModuleTypeStore as store } from './type-store.js';

export interface SoftwareModuleTypeInput extends TypeInput {
  /** at least 1; default 1 */
  readonly maxAssignments?: number;
  /** at least 0; default 0 */
  readonly minArtifacts?: number;
}

export interface SoftwareModuleTypeService extends TypeReads<SoftwareModuleType> {
  /**
   * Creates all types or none. Keys and names are unique, also among the new types.
   * @throws DomainError entityAlreadyExists
   */
  create(actor: string, inputs: readonly SoftwareModuleTypeInput[]): Promise<SoftwareModuleType[]>;
  /**
   * Changes description and colour only: key, name, maxAssignments and minArtifacts are fixed once modules use them.
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
  const { operations } = typeOperations(db, clock, store, ENTITY, {
    'software modules': (trx, id) => store.usedBySoftwareModules(trx, id),
    'distribution-set types': (trx, id) => store.usedByDistributionSetTypes(trx, id),
  });
  return {
    ...operations,
    create(actor, inputs) {
      return inTransaction(db, async (trx) => {
        await assertUniqueTypes(trx, store, ENTITY, inputs);
        const stamp = created(actor, clock());
        const types: SoftwareModuleType[] = [];
        for (const input of inputs) {
          const values = {
            key: input.key,
            name: input.name,
            description: input.description ?? null,
            colour: input.colour ?? null,
            maxAssignments: input.maxAssignments ?? 1,
            minArtifacts: input.minArtifacts ?? 0,
            ...stamp,
          };
          types.push(await store.insert(trx, values));
        }
        return types;
      });
    },
  };
}

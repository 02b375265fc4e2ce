import type { Knex } from 'knex';
import type { DistributionSetType } from './type-models.js';
import { distributionSetTypeStore } from './type-store.js';

/** A distribution-set type together with the module types its sets must and may hold. */
export interface DistributionSetTypeDefinition extends DistributionSetType {
  /** module types a set of this type must hold a module of to be complete, ascending */
  readonly mandatoryModuleTypeIds: readonly number[];
  /** module types a set of this type may hold besides the mandatory ones, ascending */
  readonly optionalModuleTypeIds: readonly number[];
}

/**
 * Reads a distribution-set type with its mandatory and optional module-type ids, for the rules of
 * distribution sets: a set is complete when it holds a module of every mandatory type, and may hold
 * modules only of the mandatory and optional types. Answers undefined when no type has this id, so
 * the caller names the failure. Pass a transaction as `db` to read inside it.
 */
export async function findDistributionSetType(db: Knex, id: number): Promise<DistributionSetTypeDefinition | undefined> {
  const type = await distributionSetTypeStore.find(db, id);
  if (!type) return undefined;
  const { mandatoryModuleTypeIds, optionalModuleTypeIds } = await distributionSetTypeStore.moduleTypeIds(db, id);
  const { key, name, description, colour, createdAt, createdBy, lastModifiedAt, lastModifiedBy } = type;
  return {
    id,
    key,
    name,
    description,
    colour,
    createdAt,
    createdBy,
    lastModifiedAt,
    lastModifiedBy,
    mandatoryModuleTypeIds,
    optionalModuleTypeIds,
  };
}

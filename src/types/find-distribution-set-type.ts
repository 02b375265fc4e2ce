import type { Knex } from 'knex';
import { DistributionSetTypeModel, DS_TYPE_MODULE_TYPES, type DistributionSetType } from './type-models.js';

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
  const type = await DistributionSetTypeModel.query(db).findById(id);
  if (!type) return undefined;
  const links: { software_module_type_id: number; mandatory: boolean | number }[] = await db(DS_TYPE_MODULE_TYPES)
    .where('distribution_set_type_id', id)
    .orderBy('software_module_type_id')
    .select('software_module_type_id', 'mandatory');
  const idsOf = (mandatory: boolean) => links.filter((link) => Boolean(link.mandatory) === mandatory).map((link) => link.software_module_type_id);
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
    mandatoryModuleTypeIds: idsOf(true),
    optionalModuleTypeIds: idsOf(false),
  };
}

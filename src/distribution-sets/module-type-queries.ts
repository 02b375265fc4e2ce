import type { Knex } from 'knex';
import { DomainError, ErrorCode } from '../errors.js';
import type { DistributionSetTypeRules, ModuleTypeSlot, TypedModule } from './module-type-rules.js';

/**
 * The rules of the distribution-set types named by key (or by id), read straight from the type tables:
 * two queries however many types.
 */
export async function loadTypeRules(
  db: Knex,
  by: { readonly keys: readonly string[] } | { readonly ids: readonly number[] },
): Promise<DistributionSetTypeRules[]> {
  const types = await db('distribution_set_types')
    .modify((query: Knex.QueryBuilder) => {
      if ('keys' in by) query.whereIn('key', by.keys);
      else query.whereIn('id', by.ids);
    })
    .select<{ id: number; key: string }[]>('id', 'key');
  const slots = await db('distribution_set_type_module_types as l')
    .join('software_module_types as smt', 'smt.id', 'l.software_module_type_id')
    .whereIn(
      'l.distribution_set_type_id',
      types.map((type) => type.id),
    )
    .select<(Omit<ModuleTypeSlot, 'mandatory'> & { dsTypeId: number; mandatory: unknown })[]>({
      dsTypeId: 'l.distribution_set_type_id',
      typeId: 'smt.id',
      key: 'smt.key',
      mandatory: 'l.mandatory',
      maxAssignments: 'smt.max_assignments',
    });
  return types.map((type) => ({
    ...type,
    slots: slots
      .filter((slot) => slot.dsTypeId === type.id)
      .map(({ typeId, key, mandatory, maxAssignments }) => ({ typeId, key, mandatory: Boolean(mandatory), maxAssignments })),
  }));
}

/**
 * The software modules with the given ids and their types, in one query.
 * @throws DomainError entityNotFound naming the first id that does not exist
 */
export async function loadTypedModules(db: Knex, ids: readonly number[]): Promise<TypedModule[]> {
  const wanted = [...new Set(ids)];
  const found = await db('software_modules as sm')
    .join('software_module_types as smt', 'smt.id', 'sm.type_id')
    .whereIn('sm.id', wanted)
    .select<TypedModule[]>({ id: 'sm.id', typeId: 'sm.type_id', typeKey: 'smt.key' });
  const missing = wanted.find((id) => !found.some((module) => module.id === id));
  if (missing !== undefined) {
    throw new DomainError(ErrorCode.entityNotFound, `SoftwareModule with given identifier {${missing}} does not exist.`);
  }
  return found;
}

import { DomainError, ErrorCode } from '../errors.js';

/** A module type a distribution-set type admits, and how many modules of it one set may hold. */
export interface ModuleTypeSlot {
  readonly typeId: number;
  readonly key: string;
  readonly mandatory: boolean;
  readonly maxAssignments: number;
}

/** A distribution-set type with the module types it admits (mandatory and optional). */
export interface DistributionSetTypeRules {
  readonly id: number;
  readonly key: string;
  readonly slots: readonly ModuleTypeSlot[];
}

/** A software module as far as the type rules see it. */
export interface TypedModule {
  readonly id: number;
  readonly typeId: number;
  readonly typeKey: string;
}

/**
 * The modules a set of type `dsType` holds once `added` join `current`. Modules already held are kept
 * once. With `replaceSingles` (adding to an existing set, as hawkBit's `addModule` does), a module of a
 * type that allows one module per set replaces the set's current one of that type.
 * @throws DomainError distributionSetModuleUnsupported when a module's type is neither mandatory nor
 *   optional in `dsType`; constraintViolation when a type would exceed its maxAssignments.
 */
export function combineModules(
  dsType: DistributionSetTypeRules,
  current: readonly TypedModule[],
  added: readonly TypedModule[],
  replaceSingles: boolean,
): TypedModule[] {
  const held = new Set(current.map((module) => module.id));
  const fresh = added.filter((module, index) => !held.has(module.id) && added.findIndex((other) => other.id === module.id) === index);
  for (const module of fresh) {
    if (!dsType.slots.some((slot) => slot.typeId === module.typeId)) {
      throw new DomainError(
        ErrorCode.distributionSetModuleUnsupported,
        `Software module ${module.id} of type '${module.typeKey}' is not supported by distribution set type '${dsType.key}'`,
        { softwareModuleId: module.id, softwareModuleType: module.typeKey, distributionSetType: dsType.key },
      );
    }
  }
  const replaced = (module: TypedModule) =>
    replaceSingles &&
    fresh.some((other) => other.typeId === module.typeId) &&
    dsType.slots.some((slot) => slot.typeId === module.typeId && slot.maxAssignments === 1);
  const result = [...current.filter((module) => !replaced(module)), ...fresh];
  for (const slot of dsType.slots) {
    const count = result.filter((module) => module.typeId === slot.typeId).length;
    if (count > slot.maxAssignments) {
      throw new DomainError(
        ErrorCode.constraintViolation,
        `A distribution set holds at most ${slot.maxAssignments} software module(s) of type '${slot.key}', not ${count}`,
        { softwareModuleType: slot.key, maxAssignments: slot.maxAssignments },
      );
    }
  }
  return result;
}

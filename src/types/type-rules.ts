import type { Knex } from 'knex';
import { DomainError, ErrorCode } from '../errors.js';
import type { TypeEntity } from './type-models.js';
import type { TypeStore } from './type-store.js';

/** hawkBit's entity names, as its messages use them. */
export type TypeEntityName = 'SoftwareModuleType' | 'DistributionSetType' | 'TargetType';

/** Wire sort fields shared by every type list (hawkBit's type fields). */
export const TYPE_SORT_FIELDS = { id: 'id', key: 'key', name: 'name', description: 'description' } as const;

export const notFound = (entity: TypeEntityName, id: number | string) =>
  new DomainError(ErrorCode.entityNotFound, `${entity} with given identifier {${id}} does not exist.`);

/**
 * The type read, or a failure naming what was looked for.
 * @throws DomainError entityNotFound
 */
export function orNotFound<T>(type: T | undefined, entity: TypeEntityName, id: number): T {
  if (type === undefined) throw notFound(entity, id);
  return type;
}

/**
 * Keys and names of types are unique: refuses candidates that repeat each other or an existing type
 * (other than `exceptId`, the type being renamed).
 * @throws DomainError entityAlreadyExists
 */
export async function assertUniqueTypes(
  trx: Knex,
  store: Pick<TypeStore<TypeEntity>, 'taken'>,
  entity: TypeEntityName,
  candidates: readonly { readonly key?: string; readonly name?: string }[],
  exceptId?: number,
): Promise<void> {
  for (const field of ['key', 'name'] as const) {
    const values = candidates.flatMap((candidate) => (candidate[field] === undefined ? [] : [candidate[field]]));
    const repeated = values.find((value, index) => values.indexOf(value) !== index);
    const existing = await store.taken(trx, field, values, exceptId);
    const taken = repeated ?? existing;
    if (taken !== undefined) {
      throw new DomainError(ErrorCode.entityAlreadyExists, `${entity} with ${field} {${taken}} already exists.`);
    }
  }
}

/**
 * Refuses to go past a per-entity cap; 0 disables the cap.
 * @throws DomainError quotaExceeded
 */
export function assertQuota(count: number, quota: number, what: string): void {
  if (quota > 0 && count > quota) {
    throw new DomainError(ErrorCode.quotaExceeded, `Quota exceeded: at most ${quota} ${what} are allowed.`, { quota });
  }
}

/**
 * Refuses to delete or change a type something still uses.
 * @throws DomainError entityInUse
 */
export function assertUnused(inUse: boolean, message: string): void {
  if (inUse) throw new DomainError(ErrorCode.entityInUse, message);
}

/**
 * Every id names an existing type of `store`.
 * @throws DomainError entityNotFound naming the first unknown id
 */
export async function assertAllExist(
  trx: Knex,
  store: Pick<TypeStore<TypeEntity>, 'existingIds'>,
  entity: TypeEntityName,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(await store.existingIds(trx, ids));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(entity, missing);
}

/** Ids without repeats, in their first order: a request may name one type twice. */
export const distinct = (ids: readonly number[]): number[] => [...new Set(ids)];

import type { Knex } from 'knex';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import type { TypeChange, TypeEntity } from './type-models.js';
import type { TypePatch, TypeStore } from './type-store.js';

/** hawkBit's entity names, as its messages use them. */
export type TypeEntityName = 'SoftwareModuleType' | 'DistributionSetType' | 'TargetType';

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
      throw alreadyExists(entity, { [field]: taken });
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
 * Changes a type's description and colour; its key and name stay, as in hawkBit.
 * @throws DomainError entityNotFound
 */
export async function updateTypeLook<T extends TypeEntity>(
  trx: Knex,
  store: TypeStore<T>,
  entity: TypeEntityName,
  id: number,
  change: TypeChange,
  audit: TypePatch,
) {
  orNotFound(await store.find(trx, id), entity, id);
  return store.update(trx, id, { description: change.description, colour: change.colour, ...audit });
}

/**
 * Deletes a type unless something uses it; `uses` names what may hold the type, in the order they are asked.
 * @throws DomainError entityNotFound, entityInUse naming the first use found
 */
export async function removeUnusedType<T extends TypeEntity>(
  trx: Knex,
  store: TypeStore<T>,
  entity: TypeEntityName,
  id: number,
  uses: Readonly<Record<string, (db: Knex, id: number) => Promise<boolean>>>,
): Promise<void> {
  orNotFound(await store.find(trx, id), entity, id);
  for (const [what, used] of Object.entries(uses)) {
    if (await used(trx, id)) throw new DomainError(ErrorCode.entityInUse, `${entity} {${id}} is in use by ${what} and cannot be deleted.`);
  }
  await store.delete(trx, id);
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

import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import type { TypeChange, TypeEntity } from './type-models.js';
import type { TypeStore } from './type-store.js';

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

/** The reads every type service offers. */
export interface TypeReads<T> {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(query: ListRequest): Promise<Page<T>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<T>;
}

/**
 * The operations the type services share: `find` in a transaction, and the `operations`: the reads, and for
 * the module and set types their `update` of description and colour (key and name stay, as in hawkBit) and their `remove` of
 * an unused type, `uses` naming what may hold the type, in the order they are asked.
 * @throws DomainError entityNotFound; `remove`: entityInUse naming the first use found
 */
export function typeOperations<T extends TypeEntity>(
  db: Knex,
  clock: Clock,
  store: TypeStore<T>,
  entity: TypeEntityName,
  uses: Readonly<Record<string, (db: Knex, id: number) => Promise<boolean>>> = {},
) {
  const find = async (trx: Knex, id: number) => orNotFound(await store.find(trx, id), entity, id);
  const operations = {
    list: ({ page, q }: ListRequest) => store.page(db, page, q),
    get: (id: number) => find(db, id),
    update: (actor: string, id: number, { description, colour }: TypeChange) =>
      inTransaction(db, async (trx) => {
        await find(trx, id);
        return store.update(trx, id, { description, colour, ...modified(actor, clock()) });
      }),
    remove: (id: number) =>
      inTransaction(db, async (trx) => {
        await find(trx, id);
        for (const [what, used] of Object.entries(uses)) {
          if (await used(trx, id)) throw new DomainError(ErrorCode.entityInUse, `${entity} {${id}} is in use by ${what} and cannot be deleted.`);
        }
        await store.delete(trx, id);
      }),
  };
  return { find, operations };
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

import type { Knex } from 'knex';
import type { Pojo } from 'objection';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';

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
 * One page of a type table, each row parsed by its model; `q` filters on `fields`.
 * @throws DomainError rsqlParamSyntax, rsqlInvalidField
 */
export async function listTypes<T>(
  db: Knex,
  table: string,
  list: { readonly page: PageRequest; readonly q?: string | undefined; readonly fields: FiqlFields },
  parse: (row: Pojo) => T,
): Promise<Page<T>> {
  const builder = db(table);
  if (list.q !== undefined) builder.where(compileFiql(list.q, list.fields));
  const { rows, total } = await fetchPage<Pojo>(builder, list.page, 'id');
  return { rows: rows.map(parse), total };
}

/**
 * Keys and names of types are unique: refuses candidates that repeat each other or an existing type
 * (other than `exceptId`, the type being renamed).
 * @throws DomainError entityAlreadyExists
 */
export async function assertUniqueTypes(
  trx: Knex,
  table: string,
  entity: TypeEntityName,
  candidates: readonly { readonly key?: string; readonly name?: string }[],
  exceptId?: number,
): Promise<void> {
  for (const field of ['key', 'name'] as const) {
    const values = candidates.flatMap((candidate) => (candidate[field] === undefined ? [] : [candidate[field]]));
    const repeated = values.find((value, index) => values.indexOf(value) !== index);
    const existing = await trx(table)
      .whereIn(field, values)
      .whereNotIn('id', exceptId === undefined ? [] : [exceptId])
      .first<Record<string, string> | undefined>(field);
    const taken = repeated ?? existing?.[field];
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
export async function assertUnused(trx: Knex, table: string, column: string, id: number, message: string): Promise<void> {
  if (await trx(table).where(column, id).first(column)) throw new DomainError(ErrorCode.entityInUse, message);
}

/**
 * Every id names an existing row of `table`.
 * @throws DomainError entityNotFound naming the first unknown id
 */
export async function assertAllExist(trx: Knex, table: string, entity: TypeEntityName, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await trx(table).whereIn('id', ids).select('id')).map((row: { id: number }) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(entity, missing);
}

/** Ids without repeats, in their first order: a request may name one type twice. */
export const distinct = (ids: readonly number[]): number[] => [...new Set(ids)];

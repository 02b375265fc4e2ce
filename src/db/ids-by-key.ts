import type { Knex } from 'knex';
import { notFoundAll } from '../errors.js';
import { chunks } from './chunks.js';

/** An entity table addressed by a key column: targets by controllerId, sets by id. */
export interface KeyedTable {
  /** hawkBit's entity name, for messages: `Target` */
  readonly entity: string;
  readonly table: string;
  /** the column the API names rows by */
  readonly key: string;
}

export type EntityKey = string | number;

/** The row ids of the entities `keys` name, each once, and the keys that name none. */
export async function resolveKeys(
  trx: Knex,
  { table, key }: KeyedTable,
  keys: readonly EntityKey[],
): Promise<{ readonly ids: number[]; readonly missing: string[] }> {
  const found = new Map<string, number>();
  for (const chunk of chunks([...new Set(keys)])) {
    const rows = await trx(table).whereIn(key, chunk).select<{ id: number; key: EntityKey }[]>('id', `${key} as key`);
    for (const row of rows) found.set(String(row.key), row.id);
  }
  return { ids: [...found.values()], missing: [...new Set(keys.map(String))].filter((wanted) => !found.has(wanted)) };
}

/**
 * The row ids of the entities `keys` name, each once. Every key must name one; otherwise nothing is
 * returned and the 404 names every missing key.
 * @throws DomainError entityNotFound
 */
export async function idsByKey(trx: Knex, table: KeyedTable, keys: readonly EntityKey[]): Promise<number[]> {
  const { ids, missing } = await resolveKeys(trx, table, keys);
  if (missing.length > 0) throw notFoundAll(table.entity, missing);
  return ids;
}

import type { Knex } from 'knex';

/** Largest id an `increments` column holds. */
const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * Whether `id` can name a stored row at all. Other ids are simply not found: looking them up would make
 * PostgreSQL refuse the comparison with an integer column (a 500) where SQLite finds nothing.
 */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;

/** Inserts one row into `table` and returns its new id. */
export async function insertRow(db: Knex, table: string, row: Readonly<Record<string, unknown>>): Promise<number> {
  const [inserted] = await db(table).insert(row).returning<{ id: number }[]>('id');
  return (inserted as { id: number }).id;
}

/** Largest id an `increments` column holds. */
const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * Whether `id` can name a stored row at all. Other ids are simply not found: looking them up would make
 * PostgreSQL refuse the comparison with an integer column (a 500) where SQLite finds nothing.
 */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;

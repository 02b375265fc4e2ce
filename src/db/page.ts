import type { Knex } from 'knex';

export interface SortOrder {
  readonly column: string;
  readonly direction: 'asc' | 'desc';
}

/** One page of a list: where it starts, how long it is, and its order (never empty: paging needs a total order). */
export interface PageRequest {
  readonly offset: number;
  readonly limit: number;
  readonly sort: readonly SortOrder[];
}

export interface Page<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

/**
 * Runs a list query as one page and counts all its rows. The builder carries the FROM, joins and
 * filters; `idColumn` breaks ties so that pages never overlap.
 */
export async function fetchPage<T>(builder: Knex.QueryBuilder, page: PageRequest, idColumn: string): Promise<Page<T>> {
  const counted = (await builder.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string };
  const ordered = builder.clone().offset(page.offset).limit(page.limit);
  for (const { column, direction } of page.sort) ordered.orderBy(column, direction);
  if (!page.sort.some(({ column }) => column === idColumn)) ordered.orderBy(idColumn, 'asc');
  return { rows: (await ordered) as T[], total: Number(counted.total) };
}

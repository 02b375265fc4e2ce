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

/** What a list operation takes: one page, optionally filtered by a FIQL `q`. */
export interface ListRequest {
  readonly page: PageRequest;
  readonly q?: string | undefined;
}

export interface Page<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

export interface PageOptions {
  /** the number of rows the builder selects, when the caller knows it without counting them (decision 250) */
  readonly total?: number;
  /**
   * Reads the page's ids first, from this query: the builder's FROM and filters without its joins, which
   * an index can answer without the rows (PostgreSQL reads no index alone while a join, even one it
   * removes, names a column the index lacks), and then only those rows: a deep offset then skips index
   * entries, not rows (decisions 250, 251). The total is counted from it too, and the builder then
   * carries no filters, only what selects the rows. `idColumn` must be unique among its rows.
   */
  readonly ids?: Knex.QueryBuilder;
}

/**
 * Runs a list query as one page and counts all its rows. The builder carries the FROM, joins and
 * filters; `idColumn` breaks ties so that pages never overlap. A page past the middle is read from the
 * end, in the reverse order, and turned round: OFFSET walks every row it skips (decision 250).
 */
export async function fetchPage<T>(builder: Knex.QueryBuilder, page: PageRequest, idColumn: string, options: PageOptions = {}): Promise<Page<T>> {
  const counted = options.ids ?? builder;
  const total = options.total ?? Number(((await counted.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string }).total);
  if (page.offset >= total) return { rows: [], total };
  const order = page.sort.some(({ column }) => column === idColumn) ? page.sort : [...page.sort, { column: idColumn, direction: 'asc' as const }];
  const fromEnd = total - page.offset - page.limit;
  const reversed = page.offset > 0 && fromEnd < page.offset;
  const offset = reversed ? Math.max(0, fromEnd) : page.offset;
  const limit = reversed ? Math.min(page.limit, total - page.offset) : page.limit;
  const ordered = (query: Knex.QueryBuilder) => {
    for (const { column, direction } of order) query.orderBy(column, reversed === (direction === 'asc') ? 'desc' : 'asc');
    return query;
  };
  let query: Knex.QueryBuilder;
  if (options.ids) {
    const ids = ordered(options.ids.clone().clearSelect().select(idColumn)).offset(offset).limit(limit);
    // the builder without filters (the ids carry them): SQLite would otherwise read every row they keep
    query = ordered(builder.clone().whereIn(idColumn, ids));
  } else query = ordered(builder.clone()).offset(offset).limit(limit);
  const rows = (await query) as T[];
  return { rows: reversed ? rows.reverse() : rows, total };
}

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
   * Reads the page's ids first, by a query of the filter and the order alone that an index can answer
   * without the rows, and then only those rows: a deep offset then skips index entries, not rows
   * (decision 250). `idColumn` must be unique among the builder's rows, and its filters must be WHERE clauses.
   */
  readonly deferred?: boolean;
}

/**
 * Runs a list query as one page and counts all its rows. The builder carries the FROM, joins and
 * filters; `idColumn` breaks ties so that pages never overlap. A page past the middle is read from the
 * end, in the reverse order, and turned round: OFFSET walks every row it skips (decision 250).
 */
export async function fetchPage<T>(builder: Knex.QueryBuilder, page: PageRequest, idColumn: string, options: PageOptions = {}): Promise<Page<T>> {
  const total = options.total ?? Number(((await builder.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string }).total);
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
  if (options.deferred) {
    const ids = ordered(builder.clone().clearSelect().select(idColumn)).offset(offset).limit(limit);
    // without the filters, which the ids carry: SQLite would otherwise read every row the filter keeps
    query = ordered(builder.clone().clearWhere().whereIn(idColumn, ids));
  } else query = ordered(builder.clone()).offset(offset).limit(limit);
  const rows = (await query) as T[];
  return { rows: reversed ? rows.reverse() : rows, total };
}

import { DomainError, ErrorCode, unknownSortField } from '../errors.js';
import type { ListRequest, Page, PageRequest, SortOrder } from '../db/page.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

/** Sortable fields of a list: wire name (lower case) → column. */
export type SortFields = Readonly<Record<string, string>>;

/** The query parameters of a list operation, as every list declares them. */
export interface ListQuery {
  readonly offset?: number;
  readonly limit?: number;
  readonly sort?: string;
  readonly q?: string;
}

/**
 * hawkBit's paging parameters: `offset` below 0 counts as 0, `limit` below 1 as 50 and above 500 as 500;
 * `sort=field:ASC,other:DESC` with field names matched case-insensitively.
 * @throws DomainError sortParamSyntax, sortInvalidField, sortInvalidDirection
 */
export function pageRequest(
  query: { readonly offset?: unknown; readonly limit?: unknown; readonly sort?: unknown },
  fields: SortFields,
  defaultSort: readonly SortOrder[],
): PageRequest {
  const offset = typeof query.offset === 'number' && query.offset > 0 ? query.offset : 0;
  const limit = typeof query.limit === 'number' && query.limit >= 1 ? Math.min(query.limit, MAX_LIMIT) : DEFAULT_LIMIT;
  return { offset, limit, sort: typeof query.sort === 'string' ? parseSort(query.sort, fields) : defaultSort };
}

/** A list operation's request: its page as {@link pageRequest} reads it, and its `q`. */
export const listRequest = (query: ListQuery, fields: SortFields, defaultSort: readonly SortOrder[]): ListRequest => ({
  page: pageRequest(query, fields, defaultSort),
  q: query.q,
});

function parseSort(sort: string, fields: SortFields): SortOrder[] {
  return sort.split(',').map((term) => {
    const parts = term.trim().split(':');
    if (parts.length !== 2) {
      throw new DomainError(ErrorCode.sortParamSyntax, `The sort parameter '${term}' is not of the form field:ASC or field:DESC`);
    }
    const [field = '', direction = ''] = parts.map((part) => part.trim().toLowerCase());
    // An own key only: `constructor` or `__proto__` would find Object.prototype's members.
    const column = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (column === undefined) {
      throw unknownSortField(parts[0] as string, Object.keys(fields));
    }
    if (direction !== 'asc' && direction !== 'desc') {
      throw new DomainError(ErrorCode.sortInvalidDirection, `The sort direction '${parts[1]}' is neither ASC nor DESC`);
    }
    return { column, direction };
  });
}

/** hawkBit's paged list envelope. */
export interface PagedList<J> {
  readonly content: readonly J[];
  readonly total: number;
  readonly size: number;
}

/** hawkBit's paged list envelope of one page, each row as `json` writes it (or as it is). */
export function pagedList<T>(page: Page<T>): PagedList<T>;
export function pagedList<T, J>(page: Page<T>, json: (row: T) => J): PagedList<J>;
export function pagedList<T, J>({ rows, total }: Page<T>, json?: (row: T) => J): PagedList<T | J> {
  const content = json ? rows.map(json) : rows;
  return { content, total, size: content.length };
}

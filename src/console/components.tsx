import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Freshness } from './freshness';
import { followLink, href } from './router';
import { formatTime, relativeTime } from './time';

export function Link({ to, children, current = false, label }: { to: string; children: ComponentChildren; current?: boolean; label?: string }) {
  return (
    <a href={href(to)} aria-current={current ? 'page' : undefined} aria-label={label} onClick={(event) => followLink(event, to)}>
      {children}
    </a>
  );
}

export function ErrorNote({ message }: { message: string | undefined }) {
  return message === undefined ? null : (
    <p class="error" role="alert">
      {message}
    </p>
  );
}

export function Loading({ error }: { error: string | undefined }) {
  return error === undefined ? <p class="muted">Loading…</p> : <ErrorNote message={error} />;
}

export function Badge({ value }: { value: string }) {
  return <span class={`badge badge-${value.toLowerCase()}`}>{value}</span>;
}

export { formatTime } from './time';

/** A time relative to now ("5 minutes ago"), the absolute time on hover and for machines. */
export function Time({ at }: { at: number | undefined | null }) {
  if (at === undefined || at === null) return <>—</>;
  return (
    <time dateTime={new Date(at).toISOString()} title={formatTime(at)}>
      {relativeTime(at, Date.now())}
    </time>
  );
}

export interface Column<T> {
  title: string;
  cell: (row: T) => ComponentChildren;
  /** the API's sort field when the list sorts by this column */
  sort?: string;
}

/** The sort of a list: `field:ASC` or `field:DESC`, and how to change it. */
export interface Sorting {
  sort: string | undefined;
  onSort: (sort: string) => void;
}

const directionOf = (sorting: Sorting, field: string) => {
  const [current, direction] = (sorting.sort ?? '').split(':');
  return current === field ? direction : undefined;
};

function SortButton({ title, field, sorting }: { title: string; field: string; sorting: Sorting }) {
  const direction = directionOf(sorting, field);
  return (
    <button type="button" class="sort" onClick={() => sorting.onSort(`${field}:${direction === 'ASC' ? 'DESC' : 'ASC'}`)}>
      {title}
      <span aria-hidden="true">{direction === undefined ? '' : direction === 'ASC' ? ' ▲' : ' ▼'}</span>
    </button>
  );
}

function SortHeader({ title, field, sorting }: { title: string; field: string; sorting: Sorting }) {
  const direction = directionOf(sorting, field);
  return (
    <th scope="col" aria-sort={direction === undefined ? 'none' : direction === 'ASC' ? 'ascending' : 'descending'}>
      <SortButton title={title} field={field} sorting={sorting} />
    </th>
  );
}

/**
 * A table; on a phone every row becomes a card of labelled fields (the CSS reads `data-label`), so nothing
 * hides beyond the screen's right edge.
 */
export function Table<T>({
  rows,
  columns,
  rowKey,
  label,
  sorting,
  busy = false,
  empty,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  sorting?: Sorting;
  busy?: boolean;
  /** what would appear here and how to make it appear */
  empty: ComponentChildren;
}) {
  const sortable = sorting ? columns.filter((column) => column.sort) : [];
  return (
    <div class="table-scroll">
      {sorting && sortable.length > 0 && (
        // a phone shows rows as cards without the header row: the sort buttons get a labelled row of their own
        <div class="sort-row" role="group" aria-label="Sort by">
          <span aria-hidden="true">Sort by</span>
          {sortable.map((column) => (
            <SortButton key={column.title} title={column.title} field={column.sort as string} sorting={sorting} />
          ))}
        </div>
      )}
      <table aria-label={label} aria-busy={busy} class={busy ? 'busy' : undefined}>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sort && sorting ? (
                <SortHeader key={column.title} title={column.title} field={column.sort} sorting={sorting} />
              ) : (
                <th key={column.title} scope="col">
                  {column.title}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} class="muted" data-empty="">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.title} data-label={column.title}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Paging of the rows on screen: `offset` is that of the rows shown, so the range never runs ahead of them;
 * `loading` while the page asked for is on its way.
 */
export function Pager({
  offset,
  limit,
  total,
  loading,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  loading: boolean;
  onChange: (offset: number) => void;
}) {
  const last = Math.min(offset + limit, total);
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={loading || offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span aria-live="polite">
        {total === 0 ? '0 of 0' : `${offset + 1}–${last} of ${total}`}
        {loading ? ' (loading…)' : ''}
      </span>
      <button type="button" disabled={loading || last >= total} onClick={() => onChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}

export interface SearchTerms {
  text: string;
  q: string;
}

/**
 * A plain-text box (what `textLabel` says it searches) beside a FIQL box; both apply on submit, so a
 * refresh never touches what is being typed. `initial` comes from the URL.
 */
export function SearchForm({
  initial,
  onSearch,
  placeholder,
  textLabel,
}: {
  initial: SearchTerms;
  onSearch: (terms: SearchTerms) => void;
  placeholder: string;
  textLabel?: string | undefined;
}) {
  const [text, setText] = useState(initial.text);
  const [q, setQ] = useState(initial.q);
  return (
    <form
      class="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ text: text.trim(), q: q.trim() });
      }}
    >
      {textLabel !== undefined && (
        <label>
          <span class="visually-hidden">{textLabel}</span>
          <input type="search" name="text" value={text} placeholder={textLabel} onInput={(event) => setText(event.currentTarget.value)} />
        </label>
      )}
      <label>
        <span class="visually-hidden">FIQL filter</span>
        <input type="search" name="q" value={q} placeholder={placeholder} onInput={(event) => setQ(event.currentTarget.value)} />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}

/**
 * "Last updated 12:00:05", or, once a request has gone unanswered for two refresh periods or failed, since
 * when the server has not answered: the data on screen is from then (decision 221).
 */
export function FreshnessNote({ answeredAt, silentSince }: Freshness) {
  const time = (at: number) => new Date(at).toLocaleTimeString();
  if (silentSince !== undefined) {
    return (
      <p class="freshness stale" role="status" data-freshness="stale">
        No answer from the server since {time(silentSince)}
        {answeredAt === undefined ? '' : '; the data on screen is from then'}
      </p>
    );
  }
  return (
    <p class="freshness" role="status" data-freshness="fresh">
      {answeredAt === undefined ? 'Loading…' : `Last updated ${time(answeredAt)}`}
    </p>
  );
}

/** An empty list or section: what would appear here, and how to make it appear. */
export function Empty({ children }: { children: ComponentChildren }) {
  return (
    <p class="muted empty" data-empty="">
      {children}
    </p>
  );
}

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

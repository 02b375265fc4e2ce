import type { ComponentChildren } from 'preact';
import { bothQueries, containsQuery, type Page, type PageQuery } from './api';
import { type Column, ErrorNote, Pager, SearchForm, Table } from './components';
import { navigate, useRoute, withQuery } from './router';
import { usePoll } from './use-poll';

const PAGE_SIZE = 20;

export interface PagedListProps<T> {
  title: string;
  load: (query: PageQuery) => Promise<Page<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** a FIQL example when the list takes `q`; no search box without it */
  searchExample?: string;
  /** the fields the plain-text box searches ("contains"), and how the box is labelled */
  textSearch?: { fields: readonly string[]; label: string };
  /** what the list would show and how to make it appear (the API call or CLI command) */
  empty: ComponentChildren;
  /** prefix of this list's URL parameters, for a page with two lists */
  param?: string;
  children?: ComponentChildren;
}

/**
 * A list view: optional plain-text and FIQL search, sortable columns, a table refreshed by polling, paging.
 * Page, sort and search live in the URL (`?text=&q=&sort=&offset=`), so a list can be shared, reloaded,
 * and Back returns to the same page.
 */
export function PagedList<T>({ title, load, columns, rowKey, empty, searchExample, textSearch, param = '', children }: PagedListProps<T>) {
  const route = useRoute();
  const read = (name: string) => route.query.get(param + name) ?? '';
  const state = { text: read('text'), q: read('q'), sort: read('sort'), offset: Math.max(0, Math.floor(Number(read('offset')) || 0)) };
  const go = (next: Partial<typeof state>) => {
    const merged = { ...state, ...next };
    const others = Object.fromEntries([...route.query].filter(([key]) => !['text', 'q', 'sort', 'offset'].some((name) => key === param + name)));
    navigate(
      withQuery(route.path, {
        ...others,
        [`${param}text`]: merged.text,
        [`${param}q`]: merged.q,
        [`${param}sort`]: merged.sort,
        [`${param}offset`]: merged.offset,
      }),
    );
  };
  const q = bothQueries(state.q, textSearch && state.text ? containsQuery(textSearch.fields, state.text) : '');
  const page = usePoll(
    async () => ({ offset: state.offset, page: await load({ offset: state.offset, limit: PAGE_SIZE, q, sort: state.sort }) }),
    [state.offset, q, state.sort],
  );
  // rows of an earlier search stay only while the new one loads, never beside its error
  const shown = page.error && !page.current ? undefined : page.data;
  return (
    <>
      <h1>{title}</h1>
      {children}
      {searchExample !== undefined && (
        <SearchForm
          key={`${state.text}\n${state.q}`}
          initial={state}
          textLabel={textSearch?.label}
          placeholder={searchExample}
          onSearch={(terms) => go({ ...terms, offset: 0 })}
        />
      )}
      <ErrorNote message={page.error} />
      {shown && (
        <>
          <Table
            label={title}
            rows={shown.page.content}
            columns={columns}
            rowKey={rowKey}
            busy={!page.current}
            empty={q ? <>Nothing matches this search. {empty}</> : empty}
            sorting={{ sort: state.sort || undefined, onSort: (sort) => go({ sort, offset: 0 }) }}
          />
          <Pager offset={shown.offset} limit={PAGE_SIZE} total={shown.page.total} loading={!page.current} onChange={(offset) => go({ offset })} />
        </>
      )}
    </>
  );
}

import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Page, PageQuery } from './api';
import { type Column, ErrorNote, Pager, SearchForm, Table } from './components';
import { usePoll } from './use-poll';

const PAGE_SIZE = 20;

export interface PagedListProps<T> {
  title: string;
  load: (query: PageQuery) => Promise<Page<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** a FIQL example when the list takes `q`; no search box without it */
  searchExample?: string;
  children?: ComponentChildren;
}

/** A list view: optional FIQL search, a table refreshed by polling, paging. */
export function PagedList<T>({ title, load, columns, rowKey, searchExample, children }: PagedListProps<T>) {
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const page = usePoll(() => load({ offset, limit: PAGE_SIZE, q }), [offset, q]);
  return (
    <>
      <h1>{title}</h1>
      {children}
      {searchExample !== undefined && (
        <SearchForm
          placeholder={searchExample}
          onSearch={(query) => {
            setOffset(0);
            setQ(query);
          }}
        />
      )}
      <ErrorNote message={page.error} />
      {page.data && (
        <>
          <Table label={title} rows={page.data.content} columns={columns} rowKey={rowKey} />
          <Pager offset={offset} limit={PAGE_SIZE} total={page.data.total} onChange={setOffset} />
        </>
      )}
    </>
  );
}

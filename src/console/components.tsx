import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { followLink, href } from './router';

export function Link({ to, children, current = false }: { to: string; children: ComponentChildren; current?: boolean }) {
  return (
    <a href={href(to)} aria-current={current ? 'page' : undefined} onClick={(event) => followLink(event, to)}>
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

export const formatTime = (epochMs: number | undefined | null) =>
  epochMs === undefined || epochMs === null ? '—' : new Date(epochMs).toLocaleString();

export interface Column<T> {
  title: string;
  cell: (row: T) => ComponentChildren;
}

/** A table that scrolls sideways on a narrow screen instead of breaking the page. */
export function Table<T>({ rows, columns, rowKey, label }: { rows: readonly T[]; columns: readonly Column<T>[]; rowKey: (row: T) => string | number; label: string }) {
  return (
    <div class="table-scroll">
      <table aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.title} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} class="muted">
                Nothing here
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.title}>{column.cell(row)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ offset, limit, total, onChange }: { offset: number; limit: number; total: number; onChange: (offset: number) => void }) {
  const last = Math.min(offset + limit, total);
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span aria-live="polite">{total === 0 ? '0 of 0' : `${offset + 1}–${last} of ${total}`}</span>
      <button type="button" disabled={last >= total} onClick={() => onChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}

/** A FIQL filter box; the filter applies on submit, so a refresh never touches what is being typed. */
export function SearchForm({ onSearch, placeholder }: { onSearch: (q: string) => void; placeholder: string }) {
  const [text, setText] = useState('');
  return (
    <form
      class="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label>
        <span class="visually-hidden">FIQL filter</span>
        <input type="search" name="q" value={text} placeholder={placeholder} onInput={(event) => setText(event.currentTarget.value)} />
      </label>
      <button type="submit">Search</button>
    </form>
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

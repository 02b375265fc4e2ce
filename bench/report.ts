/** Figures and their presentation: statistics, progress lines on stderr, the Markdown table. */

export const median = (values: readonly number[]): number => percentile(values, 0.5);

/** The nearest-rank percentile (`fraction` 0.99: p99) of unsorted values; 0 when there are none. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

/** Progress goes to stderr, so that stdout holds the table alone. */
export const progress = (line: string): void => void process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

export interface Row {
  readonly measurement: string;
  readonly falconet: string;
  readonly reference: string;
  readonly ratio: string;
  readonly notes: string;
}

export const MiB = 1024 * 1024;
export const count = (value: number): string => Math.round(value).toLocaleString('en');
export const ms = (value: number): string => `${value < 10 ? value.toFixed(1) : count(value)} ms`;
export const mib = (bytes: number): string => `${(bytes / MiB).toFixed(0)} MiB`;
export const ratio = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : '—');

export function markdownTable(rows: readonly Row[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| measurement | Falconet | reference / nginx | ratio | notes |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${[row.measurement, row.falconet, row.reference, row.ratio, row.notes].map(cell).join(' | ')} |`),
  ].join('\n');
}

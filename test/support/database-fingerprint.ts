import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Knex } from 'knex';
import { dialectOf } from '../../src/db/database.js';

/** Every table's rows as one text each (rows sorted), and the files under the artifact directory. */
export type Fingerprint = ReadonlyMap<string, string>;

const FILES = 'files under artifact_dir';

/**
 * Reads every table of the database in one statement, each table's rows rendered as text and sorted, so
 * that two fingerprints are equal exactly when no row was added, removed or changed.
 */
export async function fingerprinter(db: Knex, artifactDir: string): Promise<() => Promise<Fingerprint>> {
  const sql = dialectOf(db) === 'sqlite' ? await sqliteStatement(db) : await postgresStatement(db);
  return async () => {
    const rows = (await db.raw(sql)) as { name: string; content: string | null }[] | { rows: { name: string; content: string | null }[] };
    const tables = Array.isArray(rows) ? rows : rows.rows;
    return new Map([...tables.map(({ name, content }) => [name, content ?? ''] as const), [FILES, filesUnder(artifactDir).join('\n')]]);
  };
}

async function sqliteStatement(db: Knex): Promise<string> {
  const tables = await db.raw<{ name: string }[]>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name");
  const parts = [];
  for (const { name } of tables) {
    const columns = await db.raw<{ name: string }[]>(`pragma table_info("${name}")`);
    const row = columns.map((column) => `quote("${column.name}")`).join(" || ',' || ");
    parts.push(`select '${name}' as name, (select group_concat(r, char(10)) from (select ${row} as r from "${name}" order by r)) as content`);
  }
  return parts.join(' union all ');
}

async function postgresStatement(db: Knex): Promise<string> {
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  return rows
    .map(({ name }) => `select '${name}' as name, (select string_agg(x::text, E'\\n' order by x::text) from "${name}" x) as content`)
    .join(' union all ');
}

function filesUnder(root: string, dir = root): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(root, path) : [`${relative(root, path)} ${statSync(path).size}`];
    })
    .sort();
}

/** Whether the fingerprints differ in the artifact files alone, which a refused upload removes after answering. */
export const onlyFilesDiffer = (before: Fingerprint, after: Fingerprint) =>
  before.get(FILES) !== after.get(FILES) && [...before].every(([name, content]) => name === FILES || after.get(name) === content);

/** Whether a row of `before` is no longer there as it was (deleted or changed); new rows do not count. */
export function rowsChanged(before: Fingerprint, after: Fingerprint): boolean {
  return [...before].some(([name, content]) => {
    if (name === FILES || content === '') return false;
    const now = new Set((after.get(name) ?? '').split('\n'));
    return content.split('\n').some((row) => !now.has(row));
  });
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** What changed between two fingerprints: per table its hashes and the rows added and removed (a few of each). */
export function fingerprintChanges(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].flatMap((name) => {
    const old = before.get(name) ?? '';
    const now = after.get(name) ?? '';
    if (old === now) return [];
    const oldRows = new Set(old.split('\n'));
    const newRows = new Set(now.split('\n'));
    const added = [...newRows].filter((row) => !oldRows.has(row)).slice(0, 3);
    const removed = [...oldRows].filter((row) => !newRows.has(row)).slice(0, 3);
    return [`${name} ${shortHash(old)} → ${shortHash(now)}`, ...added.map((row) => `  + ${row}`), ...removed.map((row) => `  - ${row}`)];
  });
}

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ACTION_FIQL_FIELDS, ACTION_STATUS_FIELDS } from '../src/actions/action-fields.js';
import { AUDIT_LOG_FIELDS } from '../src/audit-log/audit-log-fields.js';
import { DISTRIBUTION_SET_FIELDS } from '../src/distribution-sets/distribution-set-fields.js';
import { metadataFields } from '../src/metadata/metadata-fields.js';
import type { FiqlFields } from '../src/query/fiql.js';
import { GROUP_FIQL_FIELDS, ROLLOUT_FIQL_FIELDS } from '../src/rollouts/rollout-fields.js';
import { SOFTWARE_MODULE_FIELDS } from '../src/software-modules/software-module-fields.js';
import { DISTRIBUTION_SET_TAG_FIELDS, TARGET_TAG_FIELDS } from '../src/tags/tag-fields.js';
import { TARGET_FILTER_FIELDS } from '../src/target-filters/target-filter-fields.js';
import { TARGET_FIQL_FIELDS } from '../src/targets/target-fiql-fields.js';
import { DISTRIBUTION_SET_TYPE_FIELDS, SOFTWARE_MODULE_TYPE_FIELDS, TARGET_TYPE_FIELDS } from '../src/types/type-fields.js';

/** The README's field tables, by their bold label, and the field maps each one documents. */
const DOCUMENTED: Readonly<Record<string, readonly FiqlFields[]>> = {
  Targets: [TARGET_FIQL_FIELDS],
  Actions: [ACTION_FIQL_FIELDS],
  'Action status entries': [ACTION_STATUS_FIELDS],
  'Distribution sets': [DISTRIBUTION_SET_FIELDS],
  'Software modules': [SOFTWARE_MODULE_FIELDS],
  'Software-module types, distribution-set types, target types': [SOFTWARE_MODULE_TYPE_FIELDS, DISTRIBUTION_SET_TYPE_FIELDS, TARGET_TYPE_FIELDS],
  'Target tags, distribution-set tags': [TARGET_TAG_FIELDS, DISTRIBUTION_SET_TAG_FIELDS],
  'Metadata entries': [metadataFields({ table: 'metadata', ownerColumn: 'owner_id', targetVisible: true, quota: 0 })],
  'Target filters': [TARGET_FILTER_FIELDS],
  Rollouts: [ROLLOUT_FIQL_FIELDS],
  'Deploy groups': [GROUP_FIQL_FIELDS],
  'Audit log': [AUDIT_LOG_FIELDS],
};

/** Field names as a query writes them: keyed families as `<name>.<key>`. */
const namesOf = (maps: readonly FiqlFields[]) =>
  [...new Set(maps.flatMap((fields) => Object.entries(fields).map(([name, field]) => (field.keyed ? `${name}.<key>` : name))))].sort();

/** The README's tables of `### Query fields`: bold label → the backticked names of the first column. */
async function readmeTables(): Promise<Record<string, string[]>> {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('### Query fields (`q`)');
  const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
  const tables: Record<string, string[]> = {};
  let label = '';
  for (const line of section.split('\n')) {
    const heading = /^\*\*(.+?)\*\*:/.exec(line);
    if (heading) label = heading[1] as string;
    const row = /^\| ([^|]*`[^|]*) \|/.exec(line);
    if (row) tables[label] = [...(tables[label] ?? []), ...[...(row[1] as string).matchAll(/`([^`]+)`/g)].map((name) => name[1] as string)];
  }
  return Object.fromEntries(Object.entries(tables).map(([name, fields]) => [name, [...new Set(fields)].sort()]));
}

describe('the README documents the query fields', () => {
  it('has one table per field map, naming exactly its fields', async () => {
    const documented = Object.fromEntries(Object.entries(DOCUMENTED).map(([label, maps]) => [label, namesOf(maps)]));
    expect(await readmeTables()).toEqual(documented);
  });
});

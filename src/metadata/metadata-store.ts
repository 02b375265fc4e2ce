import type { Knex } from 'knex';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import { metadataFields } from './metadata-fields.js';
import type { MetadataEntry, MetadataTable } from './metadata-service.js';

/** The SQL of one owner kind's metadata (docs/CONVENTIONS.md rule 5): its entries, addressed by owner and key. */
export interface MetadataStore {
  /** One page of the owner's entries; `q` filters on key and value. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  page(db: Knex, ownerId: number, page: PageRequest, q: string | undefined): Promise<Page<MetadataEntry>>;
  /** The owner's entry with that key. */
  find(db: Knex, ownerId: number, key: string): Promise<MetadataEntry | undefined>;
  /** The key of one of the owner's entries whose key is among `keys`. */
  existingKey(db: Knex, ownerId: number, keys: readonly string[]): Promise<string | undefined>;
  /** How many entries the owner has. */
  count(db: Knex, ownerId: number): Promise<number>;
  /** Inserts the entries (targetVisible false when absent); returns them as stored. */
  insert(db: Knex, ownerId: number, entries: readonly MetadataEntry[]): Promise<MetadataEntry[]>;
  /** Writes the entry's value (and targetVisible, for kinds that have it) to the owner's entry with its key; returns it as stored. */
  update(db: Knex, ownerId: number, entry: MetadataEntry): Promise<MetadataEntry>;
  /** Deletes the owner's entry with that key; false when there was none. */
  delete(db: Knex, ownerId: number, key: string): Promise<boolean>;
}

interface Row {
  key: string;
  value: string | null;
  target_visible?: boolean | number;
}

export function createMetadataStore(spec: MetadataTable): MetadataStore {
  const fields = metadataFields(spec);
  const columns = spec.targetVisible ? ['key', 'value', 'target_visible'] : ['key', 'value'];
  const of = (db: Knex, ownerId: number) => db(spec.table).where(spec.ownerColumn, ownerId);
  const toEntry = (row: Row): MetadataEntry =>
    spec.targetVisible ? { key: row.key, value: row.value, targetVisible: Boolean(row.target_visible) } : { key: row.key, value: row.value };

  return {
    async page(db, ownerId, page, q) {
      const builder = of(db, ownerId).select(columns);
      if (q !== undefined) builder.where(compileFiql(q, fields));
      const result = await fetchPage<Row>(builder, page, 'key');
      return { rows: result.rows.map(toEntry), total: result.total };
    },
    async find(db, ownerId, key) {
      const row = await of(db, ownerId).where('key', key).first<Row | undefined>(columns);
      return row && toEntry(row);
    },
    async existingKey(db, ownerId, keys) {
      const existing = await of(db, ownerId).whereIn('key', keys).first<{ key: string } | undefined>('key');
      return existing?.key;
    },
    async count(db, ownerId) {
      const counted = (await of(db, ownerId).count({ n: '*' }).first()) as { n: number | string };
      return Number(counted.n);
    },
    async insert(db, ownerId, entries) {
      const rows = entries.map((entry) => ({
        [spec.ownerColumn]: ownerId,
        key: entry.key,
        value: entry.value,
        ...(spec.targetVisible ? { target_visible: entry.targetVisible ?? false } : {}),
      }));
      await db(spec.table).insert(rows);
      return rows.map((row) => toEntry(row as unknown as Row));
    },
    async update(db, ownerId, entry) {
      const row: Row = { key: entry.key, value: entry.value, ...(spec.targetVisible ? { target_visible: entry.targetVisible } : {}) };
      await of(db, ownerId)
        .where('key', entry.key)
        .update({ value: row.value, ...(spec.targetVisible ? { target_visible: row.target_visible } : {}) });
      return toEntry(row);
    },
    delete: async (db, ownerId, key) => (await of(db, ownerId).where('key', key).delete()) > 0,
  };
}

import type { Knex } from 'knex';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import { metadataFields } from './metadata-fields.js';

/** Where one owner kind keeps its metadata. */
export interface MetadataTable {
  readonly table: string;
  readonly ownerColumn: string;
  /** software modules only: entries can be made visible to devices */
  readonly targetVisible: boolean;
  /** entries per owner; 0 disables the cap */
  readonly quota: number;
}

export interface MetadataEntry {
  readonly key: string;
  readonly value: string | null;
  readonly targetVisible?: boolean;
}

export interface MetadataService {
  /** `q` filters on key and value. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(ownerId: number, page: PageRequest, q?: string): Promise<Page<MetadataEntry>>;
  /** @throws DomainError entityNotFound */
  get(ownerId: number, key: string): Promise<MetadataEntry>;
  /** @throws DomainError entityAlreadyExists (a key present already or twice in the request), quotaExceeded */
  create(ownerId: number, entries: readonly MetadataEntry[]): Promise<MetadataEntry[]>;
  /** @throws DomainError entityNotFound */
  update(ownerId: number, key: string, change: { value?: string; targetVisible?: boolean }): Promise<MetadataEntry>;
  /** @throws DomainError entityNotFound */
  remove(ownerId: number, key: string): Promise<void>;
}

interface Row {
  key: string;
  value: string | null;
  target_visible?: boolean | number;
}

/** Metadata of targets, distribution sets and software modules: key/value entries addressed by key. */
export function createMetadataService(db: Knex, spec: MetadataTable): MetadataService {
  const fields = metadataFields(spec);
  const columns = spec.targetVisible ? ['key', 'value', 'target_visible'] : ['key', 'value'];
  const of = (trx: Knex, ownerId: number) => trx(spec.table).where(spec.ownerColumn, ownerId);
  const toEntry = (row: Row): MetadataEntry =>
    spec.targetVisible ? { key: row.key, value: row.value, targetVisible: Boolean(row.target_visible) } : { key: row.key, value: row.value };
  const notFound = (key: string) => new DomainError(ErrorCode.entityNotFound, `Metadata with key '${key}' does not exist`);
  const find = async (trx: Knex, ownerId: number, key: string) => {
    const row = await of(trx, ownerId).where('key', key).first<Row | undefined>(columns);
    if (!row) throw notFound(key);
    return row;
  };

  return {
    async list(ownerId, page, q) {
      const builder = of(db, ownerId).select(columns);
      if (q !== undefined) builder.where(compileFiql(q, fields));
      const result = await fetchPage<Row>(builder, page, 'key');
      return { rows: result.rows.map(toEntry), total: result.total };
    },
    async get(ownerId, key) {
      return toEntry(await find(db, ownerId, key));
    },
    create(ownerId, entries) {
      return inTransaction(db, async (trx) => {
        const keys = entries.map((entry) => entry.key);
        const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
        const existing = await of(trx, ownerId).whereIn('key', keys).first<{ key: string } | undefined>('key');
        if (duplicate !== undefined || existing) {
          throw new DomainError(ErrorCode.entityAlreadyExists, `Metadata with key '${duplicate ?? existing?.key}' already exists`);
        }
        const counted = (await of(trx, ownerId).count({ n: '*' }).first()) as { n: number | string };
        if (spec.quota > 0 && Number(counted.n) + entries.length > spec.quota) {
          throw new DomainError(ErrorCode.quotaExceeded, `At most ${spec.quota} metadata entries are allowed per entity`, {
            quota: spec.quota,
          });
        }
        const rows = entries.map((entry) => ({
          [spec.ownerColumn]: ownerId,
          key: entry.key,
          value: entry.value,
          ...(spec.targetVisible ? { target_visible: entry.targetVisible ?? false } : {}),
        }));
        await trx(spec.table).insert(rows);
        return rows.map((row) => toEntry(row as unknown as Row));
      });
    },
    update(ownerId, key, change) {
      return inTransaction(db, async (trx) => {
        const row = await find(trx, ownerId, key);
        const updated: Row = {
          key,
          value: change.value ?? row.value,
          ...(spec.targetVisible ? { target_visible: change.targetVisible ?? Boolean(row.target_visible) } : {}),
        };
        await of(trx, ownerId)
          .where('key', key)
          .update({ value: updated.value, ...(spec.targetVisible ? { target_visible: updated.target_visible } : {}) });
        return toEntry(updated);
      });
    },
    async remove(ownerId, key) {
      if ((await of(db, ownerId).where('key', key).delete()) === 0) throw notFound(key);
    },
  };
}

import type { Knex } from 'knex';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { alreadyExists, DomainError, ErrorCode, notFoundBy } from '../errors.js';
import { createMetadataStore } from './metadata-store.js';

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
  list(ownerId: number, query: ListRequest): Promise<Page<MetadataEntry>>;
  /** @throws DomainError entityNotFound */
  get(ownerId: number, key: string): Promise<MetadataEntry>;
  /** @throws DomainError entityAlreadyExists (a key present already or twice in the request), quotaExceeded */
  create(ownerId: number, entries: readonly MetadataEntry[]): Promise<MetadataEntry[]>;
  /** @throws DomainError entityNotFound */
  update(ownerId: number, key: string, change: { value?: string; targetVisible?: boolean }): Promise<MetadataEntry>;
  /** @throws DomainError entityNotFound */
  remove(ownerId: number, key: string): Promise<void>;
}

/** Metadata of targets, distribution sets and software modules: key/value entries addressed by key. */
export function createMetadataService(db: Knex, spec: MetadataTable): MetadataService {
  const store = createMetadataStore(spec);
  const find = async (trx: Knex, ownerId: number, key: string) => {
    const entry = await store.find(trx, ownerId, key);
    if (!entry) throw notFoundBy('Metadata', { key });
    return entry;
  };

  return {
    list: (ownerId, { page, q }) => store.page(db, ownerId, page, q),
    get: (ownerId, key) => find(db, ownerId, key),
    create(ownerId, entries) {
      return inTransaction(db, async (trx) => {
        const keys = entries.map((entry) => entry.key);
        const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
        const existing = await store.existingKey(trx, ownerId, keys);
        if (duplicate !== undefined || existing !== undefined) {
          throw alreadyExists('Metadata', { key: (duplicate ?? existing) as string });
        }
        const count = await store.count(trx, ownerId);
        if (spec.quota > 0 && count + entries.length > spec.quota) {
          throw new DomainError(ErrorCode.quotaExceeded, `At most ${spec.quota} metadata entries are allowed per entity`, {
            quota: spec.quota,
          });
        }
        return store.insert(trx, ownerId, entries);
      });
    },
    update(ownerId, key, change) {
      return inTransaction(db, async (trx) => {
        const entry = await find(trx, ownerId, key);
        return store.update(trx, ownerId, { key, value: change.value ?? entry.value, targetVisible: change.targetVisible ?? entry.targetVisible });
      });
    },
    async remove(ownerId, key) {
      if (!(await store.delete(db, ownerId, key))) throw notFoundBy('Metadata', { key });
    },
  };
}

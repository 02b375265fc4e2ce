import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { chunks } from '../db/chunks.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import type { TagKind } from './tag-kind.js';
import type { Tag } from './tag-service.js';

/** A tag's own fields as stored. */
export interface TagValues {
  readonly name: string;
  readonly description: string | null;
  readonly colour: string | null;
}

/** The SQL of one kind of tag (docs/CONVENTIONS.md rule 5): its tags with their owner counts, and its assignments. */
export interface TagStore {
  find(db: Knex, id: number): Promise<Tag | undefined>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  page(db: Knex, page: PageRequest, q: string | undefined): Promise<Page<Tag>>;
  /** The first of `names` a tag of this kind has. */
  takenName(db: Knex, names: readonly string[]): Promise<string | undefined>;
  /** Inserts the tag; returns its id. */
  insert(db: Knex, values: TagValues, audit: Audit): Promise<number>;
  update(db: Knex, id: number, values: TagValues, audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>): Promise<void>;
  /** Deletes the tag, its assignments with it (ON DELETE CASCADE); false when there was none. */
  delete(db: Knex, id: number): Promise<boolean>;
  /** The ids of the owners carrying the tag. */
  ownerIds(db: Knex, id: number): Promise<number[]>;
  /** The same ids as a subquery, for a change that must not read them all. */
  ownerIdQuery(db: Knex, id: number): Knex.QueryBuilder;
  /** Tags the owners; owners already carrying it stay as they are. */
  addOwners(db: Knex, id: number, ownerIds: readonly number[]): Promise<void>;
  removeOwners(db: Knex, id: number, ownerIds: readonly number[]): Promise<void>;
  /** The owner's tags by id. */
  tagsOf(db: Knex, ownerId: number): Promise<Tag[]>;
}

interface TagRow {
  id: number;
  name: string;
  description: string | null;
  colour: string | null;
  created_at: number;
  created_by: string;
  last_modified_at: number;
  last_modified_by: string;
  assigned_count?: number | string;
}

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  description: row.description,
  colour: row.colour,
  assignedCount: Number(row.assigned_count ?? 0),
  createdAt: row.created_at,
  createdBy: row.created_by,
  lastModifiedAt: row.last_modified_at,
  lastModifiedBy: row.last_modified_by,
});

export function createTagStore(kind: TagKind): TagStore {
  const { table, assignmentTable, ownerColumn } = kind;
  const tags = (db: Knex) =>
    db(table).select(
      `${table}.*`,
      db(assignmentTable)
        .count('*')
        .where(`${assignmentTable}.tag_id`, db.ref(`${table}.id`))
        .as('assigned_count'),
    );
  return {
    async find(db, id) {
      const row = await tags(db).where(`${table}.id`, id).first<TagRow | undefined>();
      return row && toTag(row);
    },
    async page(db, page, q) {
      const builder = tags(db);
      if (q !== undefined) builder.where(compileFiql(q, kind.fields));
      const result = await fetchPage<TagRow>(builder, page, 'id');
      return { rows: result.rows.map(toTag), total: result.total };
    },
    async takenName(db, names) {
      for (const chunk of chunks(names)) {
        const existing = await db(table).whereIn('name', chunk).first<{ name: string } | undefined>('name');
        if (existing) return existing.name;
      }
      return undefined;
    },
    async insert(db, values, audit) {
      return insertRow(db, table, { ...values, ...auditColumns(audit) });
    },
    async update(db, id, values, audit) {
      await db(table)
        .where('id', id)
        .update({ ...values, ...auditColumns(audit) });
    },
    delete: async (db, id) => (await db(table).where('id', id).delete()) > 0,
    ownerIds: async (db, id) => (await db(assignmentTable).where('tag_id', id).pluck<number[]>(ownerColumn)).map(Number),
    ownerIdQuery: (db, id) => db(assignmentTable).select(ownerColumn).where('tag_id', id),
    async addOwners(db, id, ownerIds) {
      const rows = ownerIds.map((ownerId) => ({ [ownerColumn]: ownerId, tag_id: id }));
      for (const chunk of chunks(rows)) await db(assignmentTable).insert(chunk).onConflict([ownerColumn, 'tag_id']).ignore();
    },
    async removeOwners(db, id, ownerIds) {
      for (const chunk of chunks(ownerIds)) await db(assignmentTable).where('tag_id', id).whereIn(ownerColumn, chunk).delete();
    },
    async tagsOf(db, ownerId) {
      const rows = await tags(db).whereIn(`${table}.id`, db(assignmentTable).select('tag_id').where(ownerColumn, ownerId)).orderBy(`${table}.id`);
      return (rows as TagRow[]).map(toTag);
    },
  };
}

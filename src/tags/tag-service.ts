import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified, type Audit } from '../db/audit.js';
import { chunks } from '../db/chunks.js';
import { idsByKey, keysNotFound, resolveKeys } from '../db/ids-by-key.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import type { TagKind } from './tag-kind.js';

export interface Tag extends Audit {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly colour: string | null;
  /** number of owners (targets or sets) carrying the tag */
  readonly assignedCount: number;
}

export interface TagFields {
  readonly name: string;
  readonly description?: string | null;
  readonly colour?: string | null;
}

/** A change of a tag; absent or null fields keep their value, as in hawkBit. */
export interface TagChange {
  readonly name?: string | null;
  readonly description?: string | null;
  readonly colour?: string | null;
}

/** How the API addresses an owner: a controllerId (targets) or an id (distribution sets). */
export type OwnerKey = string | number;

/**
 * hawkBit's handling of unknown owners in a bulk (un)assignment: change nothing and fail (the default), or
 * change the known ones and then fail, or change the known ones and succeed.
 */
export type OnNotFoundPolicy = 'FAIL' | 'ON_WHAT_FOUND_AND_FAIL' | 'ON_WHAT_FOUND_AND_SUCCESS';

export interface TagService {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<Tag>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<Tag>;
  /**
   * Creates all tags or none; names are unique per kind.
   * @throws DomainError entityAlreadyExists (a name taken already, or twice in the request)
   */
  create(tags: readonly TagFields[], actor: string): Promise<Tag[]>;
  /** @throws DomainError entityNotFound, entityAlreadyExists (the new name belongs to another tag) */
  update(id: number, change: TagChange, actor: string): Promise<Tag>;
  /** Deletes the tag and its assignments; the owners stay. @throws DomainError entityNotFound */
  remove(id: number): Promise<void>;
  /**
   * Tags the owners; idempotent. Unknown owners are handled by `onNotFound` (default FAIL: nothing changes).
   * @throws DomainError entityNotFound (the tag, or the owners missing, named in the message)
   */
  assign(id: number, owners: readonly OwnerKey[], onNotFound?: OnNotFoundPolicy): Promise<void>;
  /** Untags the owners; idempotent, unknown owners as for {@link assign}. @throws DomainError entityNotFound */
  unassign(id: number, owners: readonly OwnerKey[], onNotFound?: OnNotFoundPolicy): Promise<void>;
  /** The owner's tags by id. @throws DomainError entityNotFound (the owner) */
  tagsOf(owner: OwnerKey): Promise<Tag[]>;
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

const auditColumns = (audit: Partial<Audit>) => ({
  ...(audit.createdAt !== undefined && { created_at: audit.createdAt, created_by: audit.createdBy }),
  last_modified_at: audit.lastModifiedAt,
  last_modified_by: audit.lastModifiedBy,
});

/**
 * Target tags or distribution-set tags, by `kind`: labels with a unique name, many per owner.
 * @param ownersRetagged called in the transaction that changed the tags of the owners `scope` selects (their
 *   ids, or a subquery of them): target tags recompute the targets' polling overrides (decision 110)
 */
export function createTagService(
  db: Knex,
  clock: Clock,
  kind: TagKind,
  ownersRetagged?: (trx: Knex, scope: readonly number[] | Knex.QueryBuilder) => Promise<void>,
): TagService {
  const { table, assignmentTable, ownerColumn, owner } = kind;
  const tags = (trx: Knex) =>
    trx(table).select(
      `${table}.*`,
      trx(assignmentTable)
        .count('*')
        .where(`${assignmentTable}.tag_id`, trx.ref(`${table}.id`))
        .as('assigned_count'),
    );
  const notFound = (entity: string, key: OwnerKey) =>
    new DomainError(ErrorCode.entityNotFound, `${entity} with given identifier {${key}} does not exist.`, { type: entity, entityId: key });
  const nameTaken = (name: string) =>
    new DomainError(ErrorCode.entityAlreadyExists, `${kind.entity} with name {${name}} already exists.`, { type: kind.entity, name });

  const find = async (trx: Knex, id: number): Promise<Tag> => {
    const row = await tags(trx).where(`${table}.id`, id).first<TagRow | undefined>();
    if (!row) throw notFound(kind.entity, id);
    return toTag(row);
  };

  /** Applies a change to the known owners under `policy`; ON_WHAT_FOUND_AND_FAIL fails after committing it. */
  const changeOwners = async (
    id: number,
    keys: readonly OwnerKey[],
    policy: OnNotFoundPolicy,
    change: (trx: Knex, ownerIds: readonly number[]) => Promise<void>,
  ) => {
    const missing = await inTransaction(db, async (trx) => {
      await find(trx, id);
      const resolved = await resolveKeys(trx, owner, keys);
      if (resolved.missing.length > 0 && policy === 'FAIL') throw keysNotFound(owner.entity, resolved.missing);
      await change(trx, resolved.ids);
      return resolved.missing;
    });
    if (missing.length > 0 && policy === 'ON_WHAT_FOUND_AND_FAIL') throw keysNotFound(owner.entity, missing);
  };

  return {
    async list(page, q) {
      const builder = tags(db);
      if (q !== undefined) builder.where(compileFiql(q, kind.fields));
      const result = await fetchPage<TagRow>(builder, page, 'id');
      return { rows: result.rows.map(toTag), total: result.total };
    },
    get: (id) => find(db, id),
    create(requested, actor) {
      return inTransaction(db, async (trx) => {
        const names = requested.map((tag) => tag.name);
        const twice = names.find((name, index) => names.indexOf(name) !== index);
        if (twice !== undefined) throw nameTaken(twice);
        for (const chunk of chunks(names)) {
          const existing = await trx(table).whereIn('name', chunk).first<{ name: string } | undefined>('name');
          if (existing) throw nameTaken(existing.name);
        }
        const audit = created(actor, clock());
        const result: Tag[] = [];
        for (const tag of requested) {
          const fields = { name: tag.name, description: tag.description ?? null, colour: tag.colour ?? null };
          const [inserted] = await trx(table)
            .insert({ ...fields, ...auditColumns(audit) })
            .returning<{ id: number }[]>('id');
          result.push({ id: (inserted as { id: number }).id, ...fields, ...audit, assignedCount: 0 });
        }
        return result;
      });
    },
    update(id, change, actor) {
      return inTransaction(db, async (trx) => {
        const tag = await find(trx, id);
        const name = change.name ?? tag.name;
        if (name !== tag.name && (await trx(table).where('name', name).first('id'))) throw nameTaken(name);
        await trx(table)
          .where('id', id)
          .update({
            name,
            description: change.description ?? tag.description,
            colour: change.colour ?? tag.colour,
            ...auditColumns(modified(actor, clock())),
          });
        if (name !== tag.name) await ownersRetagged?.(trx, trx(assignmentTable).select(ownerColumn).where('tag_id', id));
        return find(trx, id);
      });
    },
    remove: (id) =>
      inTransaction(db, async (trx) => {
        const owners = ownersRetagged ? await trx(assignmentTable).where('tag_id', id).pluck<number[]>(ownerColumn) : [];
        // the assignments go with the tag: ON DELETE CASCADE
        if ((await trx(table).where('id', id).delete()) === 0) throw notFound(kind.entity, id);
        await ownersRetagged?.(trx, owners.map(Number));
      }),
    assign: (id, owners, onNotFound = 'FAIL') =>
      changeOwners(id, owners, onNotFound, async (trx, ids) => {
        const rows = ids.map((ownerId) => ({ [ownerColumn]: ownerId, tag_id: id }));
        for (const chunk of chunks(rows)) await trx(assignmentTable).insert(chunk).onConflict([ownerColumn, 'tag_id']).ignore();
        await ownersRetagged?.(trx, ids);
      }),
    unassign: (id, owners, onNotFound = 'FAIL') =>
      changeOwners(id, owners, onNotFound, async (trx, ids) => {
        for (const chunk of chunks(ids)) await trx(assignmentTable).where('tag_id', id).whereIn(ownerColumn, chunk).delete();
        await ownersRetagged?.(trx, ids);
      }),
    async tagsOf(key) {
      const [ownerId] = await idsByKey(db, owner, [key]);
      const rows = await tags(db)
        .whereIn(
          `${table}.id`,
          db(assignmentTable)
            .select('tag_id')
            .where(ownerColumn, ownerId as number),
        )
        .orderBy(`${table}.id`);
      return (rows as TagRow[]).map(toTag);
    },
  };
}

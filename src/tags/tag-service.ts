import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified, type Audit } from '../db/audit.js';
import { idsByKey, resolveKeys } from '../db/ids-by-key.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { alreadyExists, notFound, notFoundAll } from '../errors.js';
import type { TagKind } from './tag-kind.js';
import { createTagStore } from './tag-store.js';

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
  list(query: ListRequest): Promise<Page<Tag>>;
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
  const store = createTagStore(kind);

  const find = async (trx: Knex, id: number): Promise<Tag> => {
    const tag = await store.find(trx, id);
    if (!tag) throw notFound(kind.entity, id);
    return tag;
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
      const resolved = await resolveKeys(trx, kind.owner, keys);
      if (resolved.missing.length > 0 && policy === 'FAIL') throw notFoundAll(kind.owner.entity, resolved.missing);
      await change(trx, resolved.ids);
      return resolved.missing;
    });
    if (missing.length > 0 && policy === 'ON_WHAT_FOUND_AND_FAIL') throw notFoundAll(kind.owner.entity, missing);
  };

  return {
    list: ({ page, q }) => store.page(db, page, q),
    get: (id) => find(db, id),
    create(requested, actor) {
      return inTransaction(db, async (trx) => {
        const names = requested.map((tag) => tag.name);
        const twice = names.find((name, index) => names.indexOf(name) !== index);
        if (twice !== undefined) throw alreadyExists(kind.entity, { name: twice });
        const taken = await store.takenName(trx, names);
        if (taken !== undefined) throw alreadyExists(kind.entity, { name: taken });
        const audit = created(actor, clock());
        const result: Tag[] = [];
        for (const tag of requested) {
          const values = { name: tag.name, description: tag.description ?? null, colour: tag.colour ?? null };
          result.push({ id: await store.insert(trx, values, audit), ...values, ...audit, assignedCount: 0 });
        }
        return result;
      });
    },
    update(id, change, actor) {
      return inTransaction(db, async (trx) => {
        const tag = await find(trx, id);
        const name = change.name ?? tag.name;
        if (name !== tag.name && (await store.takenName(trx, [name])) !== undefined) throw alreadyExists(kind.entity, { name });
        await store.update(
          trx,
          id,
          { name, description: change.description ?? tag.description, colour: change.colour ?? tag.colour },
          modified(actor, clock()),
        );
        if (name !== tag.name) await ownersRetagged?.(trx, store.ownerIdQuery(trx, id));
        return find(trx, id);
      });
    },
    remove: (id) =>
      inTransaction(db, async (trx) => {
        const owners = ownersRetagged ? await store.ownerIds(trx, id) : [];
        if (!(await store.delete(trx, id))) throw notFound(kind.entity, id);
        await ownersRetagged?.(trx, owners);
      }),
    assign: (id, owners, onNotFound = 'FAIL') =>
      changeOwners(id, owners, onNotFound, async (trx, ids) => {
        await store.addOwners(trx, id, ids);
        await ownersRetagged?.(trx, ids);
      }),
    unassign: (id, owners, onNotFound = 'FAIL') =>
      changeOwners(id, owners, onNotFound, async (trx, ids) => {
        await store.removeOwners(trx, id, ids);
        await ownersRetagged?.(trx, ids);
      }),
    async tagsOf(key) {
      const [ownerId] = await idsByKey(db, kind.owner, [key]);
      return store.tagsOf(db, ownerId as number);
    },
  };
}

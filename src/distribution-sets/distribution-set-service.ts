import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { created, modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import { createMetadataService, type MetadataService } from '../metadata/metadata-service.js';
import { DISTRIBUTION_SET_TAGS } from '../tags/tag-kind.js';
import { createTagStore } from '../tags/tag-store.js';
import {
  assertNotDeleted,
  assertSetExists,
  type DistributionSet,
  type DistributionSetChange,
  type DistributionSetModule,
  type NewDistributionSet,
} from './distribution-set.js';
import { DISTRIBUTION_SET_FIELDS } from './distribution-set-fields.js';
import { lockDistributionSet } from '../db/row-locks.js';
import { distributionSetStore as sql, type SoftDeletedMode } from './distribution-set-store.js';
import { createSetModuleAssigner, planNewSets, type SetModuleAssigner } from './set-module-assigner.js';

/** One page of a set list, optionally filtered by a FIQL `q`. */
export interface DistributionSetListQuery extends ListRequest {
  /** which soft-deleted sets to show; default none (decision 213) */
  readonly deleted?: SoftDeletedMode | undefined;
}

export interface DistributionSetService extends SetModuleAssigner {
  /**
   * Creates every set or none. The type is a distribution-set type key; modules follow the type's rules
   * (see `combineModules`).
   * @throws DomainError entityNotFound (unknown type key or module id), entityAlreadyExists (name + version
   *   taken, also twice in the request), distributionSetModuleUnsupported, constraintViolation (more modules of
   *   a type than its maxAssignments), quotaExceeded (maxSoftwareModulesPerDistributionSet)
   */
  create(sets: readonly NewDistributionSet[], actor: string): Promise<DistributionSet[]>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad `q` */
  list(query: DistributionSetListQuery): Promise<Page<DistributionSet>>;
  /** The sets carrying the tag. @throws DomainError entityNotFound (tag), rsqlParamSyntax, rsqlInvalidField */
  listTagged(tagId: number, query: DistributionSetListQuery): Promise<Page<DistributionSet>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<DistributionSet>;
  /** The set with its derived `complete`, `valid` and `locked`, or undefined: for assignment checks. */
  findDistributionSet(id: number): Promise<DistributionSet | undefined>;
  /**
   * Changes name, version, description, requiredMigrationStep; null or absent keeps a value.
   * @throws DomainError entityNotFound, deleted (a soft-deleted set), entityAlreadyExists (name + version
   *   taken), entityReadOnly (requiredMigrationStep of a set referenced by actions, as hawkBit)
   */
  update(id: number, change: DistributionSetChange, actor: string): Promise<DistributionSet>;
  /**
   * Deletes the set with its metadata and tag assignments when nothing references it; soft-deletes it when
   * only rollouts or targets do (marked deleted, filters auto-assigning it detached); again: no change.
   * @throws DomainError entityNotFound, entityInUse (referenced by actions: the spec keeps such a set,
   *   decisions 5 and 213; or the set of a rollout that can still create actions)
   */
  remove(id: number, actor: string): Promise<void>;
  /** The set's modules, `q` over the module fields. @throws DomainError entityNotFound, rsqlParamSyntax, rsqlInvalidField */
  listModules(id: number, query: DistributionSetListQuery): Promise<Page<DistributionSetModule>>;
  /** The id of an existing set. @throws DomainError entityNotFound */
  requireExists(id: number): Promise<number>;
  /** Metadata of sets (quota maxMetadataEntriesPerDistributionSet). */
  readonly metadata: MetadataService;
}

/** Finds one set with its modules and derived states on `db` (a transaction works too). */
export async function findDistributionSet(db: Knex, id: number): Promise<DistributionSet | undefined> {
  const row = await sql.row(db, id);
  return row ? (await sql.withModules(db, [row]))[0] : undefined;
}

const tags = createTagStore(DISTRIBUTION_SET_TAGS);

/** Distribution sets: their modules under their type's rules, their derived completeness and lock. */
export function createDistributionSetService(db: Knex, clock: Clock, config: Config): DistributionSetService {
  const quota = config.quota.maxSoftwareModulesPerDistributionSet;
  const assigner = createSetModuleAssigner(db, clock, quota);

  const get = async (id: number) => {
    const set = await findDistributionSet(db, id);
    if (!set) throw notFound('DistributionSet', id);
    return set;
  };
  const requireExists = async (id: number) => {
    await assertSetExists(db, id);
    return id;
  };

  return {
    assignModules: (id, moduleIds, actor) => assigner.assignModules(id, moduleIds, actor),
    unassignModule: (id, moduleId, actor) => assigner.unassignModule(id, moduleId, actor),
    async create(sets, actor) {
      const ids = await inTransaction(db, async (trx) => {
        await assertUnique(trx, sets);
        const planned = await planNewSets(trx, sets, quota);
        const now = clock();
        const inserted: number[] = [];
        for (const { set, typeId, moduleIds } of planned) {
          const values = {
            name: set.name,
            version: set.version,
            description: set.description ?? null,
            requiredMigrationStep: set.requiredMigrationStep ?? false,
          };
          const id = await sql.insert(trx, typeId, values, created(actor, now));
          await sql.addModules(trx, id, moduleIds);
          inserted.push(id);
        }
        return inserted;
      });
      return sql.sets(db, ids);
    },
    list: ({ page, q, deleted }) => sql.page(db, page, q, DISTRIBUTION_SET_FIELDS, { deleted }),
    async listTagged(tagId, { page, q }) {
      if (!(await tags.find(db, tagId))) {
        throw notFound('DistributionSetTag', tagId);
      }
      return sql.page(db, page, q, DISTRIBUTION_SET_FIELDS, { ownerIds: tags.ownerIdQuery(db, tagId) });
    },
    get,
    findDistributionSet: (id) => findDistributionSet(db, id),
    async update(id, change, actor) {
      await inTransaction(db, async (trx) => {
        const set = await sql.row(trx, id);
        if (!set) throw notFound('DistributionSet', id);
        assertNotDeleted(set);
        const name = change.name ?? set.name;
        const version = change.version ?? set.version;
        if (name !== set.name || version !== set.version) await assertUnique(trx, [{ name, version }]);
        const requiredMigrationStep = change.requiredMigrationStep ?? set.requiredMigrationStep;
        if (requiredMigrationStep !== set.requiredMigrationStep && (await sql.deployed(trx, id))) {
          throw new DomainError(ErrorCode.entityReadOnly, `DistributionSet ${id} is already assigned to targets; requiredMigrationStep cannot be changed`);
        }
        const description = change.description ?? set.description;
        await sql.update(trx, id, { name, version, description, requiredMigrationStep }, modified(actor, clock()));
      });
      return get(id);
    },
    async remove(id, actor) {
      await inTransaction(db, async (trx) => {
        await assertSetExists(trx, id);
        // an assignment holds the set's share lock while it writes actions: it is done, or waits and then finds the set deleted
        await lockDistributionSet(trx, id, 'update');
        const uses = await sql.uses(trx, id);
        if (uses.includes('actions')) {
          const message = `DistributionSet ${id} is referenced by ${uses.join(', ')} and cannot be deleted`;
          throw new DomainError(ErrorCode.entityInUse, message, { references: uses });
        }
        if (await sql.hasLiveRollout(trx, id)) {
          const message = `DistributionSet ${id} is the set of a rollout that has not ended and cannot be deleted`;
          throw new DomainError(ErrorCode.entityInUse, message, { references: ['rollouts (not ended)'] });
        }
        if (uses.length > 0) await sql.softDelete(trx, id, modified(actor, clock()));
        else await sql.delete(trx, id);
      });
    },
    async listModules(id, { page, q }) {
      await requireExists(id);
      return sql.modulePage(db, id, page, q);
    },
    requireExists,
    metadata: createMetadataService(db, {
      table: 'distribution_set_metadata',
      ownerColumn: 'distribution_set_id',
      targetVisible: false,
      quota: config.quota.maxMetadataEntriesPerDistributionSet,
    }),
  };
}

/** @throws DomainError entityAlreadyExists when a name + version pair repeats or is taken by a stored set */
async function assertUnique(trx: Knex, sets: readonly { name: string; version: string }[]): Promise<void> {
  const stored = await sql.takenNames(
    trx,
    sets.map((set) => set.name),
  );
  const clash = sets.find(
    (set, index) =>
      sets.findIndex((other) => other.name === set.name && other.version === set.version) !== index ||
      stored.some((row) => row.name === set.name && row.version === set.version),
  );
  if (clash) {
    throw alreadyExists('DistributionSet', { name: clash.name, version: clash.version });
  }
}

import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import type { ArtifactStore } from '../storage/artifact-store.js';
import { releaseBlobs } from './artifact-blobs.js';
import { assertModule } from './software-module-rules.js';
import { softwareModuleStore as sql, type SoftwareModuleRow } from './software-module-store.js';

/** A new software module: `type` is a module type key. */
export interface SoftwareModuleInput {
  readonly name: string;
  readonly version: string;
  readonly type: string;
  readonly vendor?: string;
  readonly description?: string;
}

/** The fields a module may change; absent ones keep their value. */
export interface SoftwareModuleChange {
  readonly vendor?: string;
  readonly description?: string;
}

/** A module as the API shows it: its row, its type, and whether an assigned set holds it. */
export interface SoftwareModule extends SoftwareModuleRow {
  readonly locked: boolean;
}

export interface SoftwareModuleService {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(query: ListRequest): Promise<Page<SoftwareModule>>;
  /** @throws DomainError entityNotFound */
  get(id: number): Promise<SoftwareModule>;
  /** The id of an existing module, for its sub-resources. @throws DomainError entityNotFound */
  require(id: number): Promise<number>;
  /**
   * Creates all modules or none. `type` names a module type by key; name + version + type is unique,
   * among stored modules and within the request.
   * @throws DomainError entityNotFound (unknown type key), entityAlreadyExists
   */
  create(actor: string, inputs: readonly SoftwareModuleInput[]): Promise<SoftwareModule[]>;
  /**
   * Changes vendor and description; name, version and type are immutable, as in hawkBit.
   * @throws DomainError entityNotFound
   */
  update(actor: string, id: number, change: SoftwareModuleChange): Promise<SoftwareModule>;
  /**
   * Deletes the module with its metadata and artifact rows, then the blobs no other artifact references.
   * A module in any distribution set is refused (409 where hawkBit soft-deletes, decision 5).
   * @throws DomainError entityNotFound, entityInUse
   */
  remove(id: number): Promise<void>;
}

/** Software modules: versioned pieces of software of a module type, holding artifacts. */
export function createSoftwareModuleService(db: Knex, clock: Clock, store: ArtifactStore): SoftwareModuleService {
  const read = async (trx: Knex, ids: readonly number[]): Promise<SoftwareModule[]> => {
    const rows = await sql.rows(trx, ids);
    const locked = await sql.lockedIds(trx, ids);
    const byId = new Map(rows.map((row) => [row.id, { ...row, locked: locked.has(row.id) }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const readOne = async (trx: Knex, id: number) => {
    const [module] = await read(trx, [id]);
    if (!module) throw notFound('SoftwareModule', id);
    return module;
  };

  return {
    async list({ page, q }) {
      const { rows, total } = await sql.page(db, page, q);
      const locked = await sql.lockedIds(
        db,
        rows.map((row) => row.id),
      );
      return { rows: rows.map((row) => ({ ...row, locked: locked.has(row.id) })), total };
    },
    get: (id) => readOne(db, id),
    async require(id) {
      await assertModule(db, id);
      return id;
    },
    create(actor, inputs) {
      return inTransaction(db, async (trx) => {
        const keys = [...new Set(inputs.map((input) => input.type))];
        const typeIds = await sql.typeIds(trx, keys);
        const unknown = keys.find((key) => !typeIds.has(key));
        if (unknown !== undefined) throw notFound('SoftwareModuleType', unknown);
        const seen = new Set<string>();
        for (const input of inputs) {
          const identity = JSON.stringify([input.name, input.version, input.type]);
          if (seen.has(identity) || (await sql.identityTaken(trx, input.name, input.version, typeIds.get(input.type) as number))) {
            throw alreadyExists('SoftwareModule', { name: input.name, version: input.version, type: input.type });
          }
          seen.add(identity);
        }
        const stamp = created(actor, clock());
        const ids: number[] = [];
        for (const input of inputs) {
          const values = {
            typeId: typeIds.get(input.type) as number,
            name: input.name,
            version: input.version,
            vendor: input.vendor ?? null,
            description: input.description ?? null,
          };
          ids.push(await sql.insert(trx, values, stamp));
        }
        return read(trx, ids);
      });
    },
    update(actor, id, change) {
      return inTransaction(db, async (trx) => {
        await assertModule(trx, id, true);
        await sql.update(trx, id, change, modified(actor, clock()));
        return readOne(trx, id);
      });
    },
    async remove(id) {
      const blobs = await inTransaction(db, async (trx) => {
        await assertModule(trx, id, true);
        if (await sql.inAnySet(trx, id)) {
          throw new DomainError(ErrorCode.entityInUse, `SoftwareModule {${id}} belongs to a distribution set and cannot be deleted.`, { softwareModuleId: id });
        }
        return sql.delete(trx, id);
      });
      await releaseBlobs(db, store, blobs);
    },
  };
}

import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created, modified } from '../db/audit.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql } from '../query/fiql.js';
import type { ArtifactStore } from '../storage/artifact-store.js';
import { releaseBlobs } from './artifact-blobs.js';
import { SOFTWARE_MODULE_FIELDS } from './software-module-fields.js';
import { SoftwareModuleModel, type SoftwareModuleChange, type SoftwareModuleInput } from './software-module-models.js';
import { lockedModuleIds, softwareModuleQuery, type SoftwareModuleRow } from './software-module-queries.js';
import { findModule, notFound } from './software-module-rules.js';

/** A module as the API shows it: its row, its type, and whether an assigned set holds it. */
export interface SoftwareModule extends SoftwareModuleRow {
  readonly locked: boolean;
}

export interface SoftwareModuleService {
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(page: PageRequest, q?: string): Promise<Page<SoftwareModule>>;
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
    const rows = (await softwareModuleQuery(trx).whereIn('sm.id', ids)) as SoftwareModuleRow[];
    const locked = await lockedModuleIds(trx, ids);
    const byId = new Map(rows.map((row) => [row.id, { ...row, locked: locked.has(row.id) }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const readOne = async (trx: Knex, id: number) => {
    const [module] = await read(trx, [id]);
    if (!module) throw notFound('SoftwareModule', id);
    return module;
  };

  return {
    async list(page, q) {
      const builder = softwareModuleQuery(db);
      if (q !== undefined) builder.where(compileFiql(q, SOFTWARE_MODULE_FIELDS));
      const { rows, total } = await fetchPage<SoftwareModuleRow>(builder, page, 'sm.id');
      const locked = await lockedModuleIds(
        db,
        rows.map((row) => row.id),
      );
      return { rows: rows.map((row) => ({ ...row, locked: locked.has(row.id) })), total };
    },
    get: (id) => readOne(db, id),
    async require(id) {
      return (await findModule(db, id)).id;
    },
    create(actor, inputs) {
      return inTransaction(db, async (trx) => {
        const keys = [...new Set(inputs.map((input) => input.type))];
        const types = await trx('software_module_types').whereIn('key', keys).select<{ id: number; key: string }[]>('id', 'key');
        const typeIds = new Map(types.map((type) => [type.key, type.id]));
        const unknown = keys.find((key) => !typeIds.has(key));
        if (unknown !== undefined) throw notFound('SoftwareModuleType', unknown);
        const seen = new Set<string>();
        for (const input of inputs) {
          const identity = JSON.stringify([input.name, input.version, input.type]);
          const stored = await trx('software_modules')
            .where({ name: input.name, version: input.version, type_id: typeIds.get(input.type) })
            .first<{ id: number } | undefined>('id');
          if (seen.has(identity) || stored) {
            throw new DomainError(
              ErrorCode.entityAlreadyExists,
              `SoftwareModule with name {${input.name}}, version {${input.version}} and type {${input.type}} already exists.`,
            );
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
            ...stamp,
          };
          ids.push((await SoftwareModuleModel.query(trx).insert(values)).id);
        }
        return read(trx, ids);
      });
    },
    update(actor, id, change) {
      return inTransaction(db, async (trx) => {
        const module = await findModule(trx, id, true);
        const { vendor, description } = change;
        await module.$query(trx).patch({ vendor, description, ...modified(actor, clock()) });
        return readOne(trx, id);
      });
    },
    async remove(id) {
      const blobs = await inTransaction(db, async (trx) => {
        await findModule(trx, id, true);
        if (await trx('distribution_set_modules').where('software_module_id', id).first('distribution_set_id')) {
          throw new DomainError(ErrorCode.entityInUse, `SoftwareModule {${id}} belongs to a distribution set and cannot be deleted.`, { softwareModuleId: id });
        }
        const artifacts = await trx('artifacts').where('software_module_id', id).select<{ sha256: string }[]>('sha256');
        await trx('software_module_metadata').where('software_module_id', id).delete();
        await trx('artifacts').where('software_module_id', id).delete();
        await SoftwareModuleModel.query(trx).deleteById(id);
        return artifacts.map((artifact) => artifact.sha256);
      });
      await releaseBlobs(db, store, blobs);
    },
  };
}

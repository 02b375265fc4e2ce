import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { auditColumns, type Audit } from '../db/audit.js';
import { dialectOf } from '../db/database.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import { SOFTWARE_MODULE_FIELDS } from './software-module-fields.js';

/** A software module as lists and embeddings show it: its own columns plus its type's key and name. */
export interface SoftwareModuleRow extends Audit {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly vendor: string | null;
  readonly description: string | null;
  readonly typeId: number;
  readonly typeKey: string;
  readonly typeName: string;
  /** it has at least its type's `minArtifacts` artifacts (hawkBit 1.0, decision 212) */
  readonly complete: boolean;
}

/** A file of a software module; its bytes live in the artifact store under `sha256`. */
export interface Artifact extends Audit {
  readonly id: number;
  readonly softwareModuleId: number;
  readonly providedFilename: string;
  /** bytes */
  readonly size: number;
  readonly sha1: string;
  readonly md5: string;
  readonly sha256: string;
}

/** A module's own columns as stored. */
export interface SoftwareModuleValues {
  readonly typeId: number;
  readonly name: string;
  readonly version: string;
  readonly vendor: string | null;
  readonly description: string | null;
}

/**
 * hawkBit's `JpaSoftwareModule.isComplete`: a type asking for no artifact, or as many artifacts as it asks
 * for. Counted only where the type asks for some, so that lists of modules of other types count nothing.
 */
const MODULE_COMPLETE = '(smt.min_artifacts = 0 or (select count(*) from artifacts ma where ma.software_module_id = sm.id) >= smt.min_artifacts)';

/** SQLite hands booleans back as 0/1, PostgreSQL as booleans. */
export const moduleRowOf = <T extends SoftwareModuleRow>(row: T): T => ({ ...row, complete: Boolean(row.complete) });

/**
 * `software_modules` joined with its type, selecting {@link SoftwareModuleRow} (`complete` as the database
 * hands it back: pass rows through {@link moduleRowOf}); callers add filters and order.
 */
export function softwareModuleQuery(db: Knex): Knex.QueryBuilder {
  return db('software_modules as sm')
    .join('software_module_types as smt', 'smt.id', 'sm.type_id')
    .select(db.raw(`${MODULE_COMPLETE} as ??`, ['complete']))
    .select({
      id: 'sm.id',
      name: 'sm.name',
      version: 'sm.version',
      vendor: 'sm.vendor',
      description: 'sm.description',
      typeId: 'sm.type_id',
      typeKey: 'smt.key',
      typeName: 'smt.name',
      createdAt: 'sm.created_at',
      createdBy: 'sm.created_by',
      lastModifiedAt: 'sm.last_modified_at',
      lastModifiedBy: 'sm.last_modified_by',
    });
}

/** `artifacts` selecting {@link Artifact}; callers add filters and order. */
function artifactQuery(db: Knex): Knex.QueryBuilder {
  return db('artifacts').select({
    id: 'id',
    softwareModuleId: 'software_module_id',
    providedFilename: 'provided_filename',
    size: 'size',
    sha1: 'sha1',
    md5: 'md5',
    sha256: 'sha256',
    createdAt: 'created_at',
    createdBy: 'created_by',
    lastModifiedAt: 'last_modified_at',
    lastModifiedBy: 'last_modified_by',
  });
}

// First key of the two-key advisory locks, so that they never meet another feature's advisory locks.
const BLOB_LOCK_SPACE = 0x46424c42;

/** The SQL of software modules and their artifacts (docs/CONVENTIONS.md rule 5). */
export const softwareModuleStore = {
  /** The modules among `ids`, in no particular order. */
  rows: async (db: Knex, ids: readonly number[]): Promise<SoftwareModuleRow[]> =>
    ((await softwareModuleQuery(db).whereIn('sm.id', ids)) as SoftwareModuleRow[]).map(moduleRowOf),

  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  async page(db: Knex, page: PageRequest, q: string | undefined): Promise<Page<SoftwareModuleRow>> {
    const builder = softwareModuleQuery(db);
    if (q !== undefined) builder.where(compileFiql(q, SOFTWARE_MODULE_FIELDS));
    const { rows, total } = await fetchPage<SoftwareModuleRow>(builder, page, 'sm.id');
    return { rows: rows.map(moduleRowOf), total };
  },

  /**
   * Whether the module exists. With `forUpdate` (inside a transaction) PostgreSQL also locks its row, so that
   * uploads to one module count its artifacts one at a time and a deletion cannot slip in between.
   */
  async exists(db: Knex, id: number, forUpdate = false): Promise<boolean> {
    const query = db('software_modules').where('id', id).first('id');
    // SQLite has no row locks (its one writer serialises transactions) and knex warns about forUpdate.
    if (forUpdate && dialectOf(db) === 'postgres') query.forUpdate();
    return (await query) !== undefined;
  },

  /**
   * The modules among `ids` that are locked: they belong to a set that an action or a rollout references
   * (hawkBit locks a set and its modules on first assignment; we derive the lock instead of storing it).
   * One query for any number of modules.
   */
  async lockedIds(db: Knex, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db('distribution_set_modules as l')
      .distinct<{ id: number }[]>({ id: 'l.software_module_id' })
      .whereIn('l.software_module_id', ids)
      .whereRaw(
        '(exists (select 1 from actions a where a.distribution_set_id = l.distribution_set_id)' +
          ' or exists (select 1 from rollouts r where r.distribution_set_id = l.distribution_set_id))',
      );
    return new Set(rows.map((row) => row.id));
  },

  /** Module type ids by key, for the keys that exist. */
  async typeIds(db: Knex, keys: readonly string[]): Promise<Map<string, number>> {
    const types = await db('software_module_types').whereIn('key', keys).select<{ id: number; key: string }[]>('id', 'key');
    return new Map(types.map((type) => [type.key, type.id]));
  },

  /** Whether a module of this name, version and type is stored. */
  async identityTaken(db: Knex, name: string, version: string, typeId: number): Promise<boolean> {
    return (await db('software_modules').where({ name, version, type_id: typeId }).first('id')) !== undefined;
  },

  /** Inserts the module; returns its id. */
  async insert(db: Knex, values: SoftwareModuleValues, audit: Audit): Promise<number> {
    const { typeId, name, version, vendor, description } = values;
    return insertRow(db, 'software_modules', { type_id: typeId, name, version, vendor, description, ...auditColumns(audit) });
  },

  /** Sets vendor and description; an undefined one keeps its value (knex leaves it out of the UPDATE). */
  async update(
    db: Knex,
    id: number,
    change: { readonly vendor?: string; readonly description?: string },
    audit: Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>,
  ) {
    const { vendor, description } = change;
    await db('software_modules')
      .where('id', id)
      .update({ vendor, description, ...auditColumns(audit) });
  },

  /** Whether a distribution set holds the module. */
  async inAnySet(db: Knex, id: number): Promise<boolean> {
    return (await db('distribution_set_modules').where('software_module_id', id).first('distribution_set_id')) !== undefined;
  },

  /** Deletes the module with its metadata and artifact rows; returns the artifacts' SHA-256 sums. */
  async delete(db: Knex, id: number): Promise<string[]> {
    const artifacts = await db('artifacts').where('software_module_id', id).select<{ sha256: string }[]>('sha256');
    await db('software_module_metadata').where('software_module_id', id).delete();
    await db('artifacts').where('software_module_id', id).delete();
    await db('software_modules').where('id', id).delete();
    return artifacts.map((artifact) => artifact.sha256);
  },

  /** The module's artifacts by id; with `onlyIf`, none unless that subquery finds a row. */
  artifacts(db: Knex, moduleId: number, onlyIf?: Knex.QueryBuilder): Promise<Artifact[]> {
    const query = artifactQuery(db).where('software_module_id', moduleId).orderBy('id');
    if (onlyIf) query.whereExists(onlyIf);
    return query;
  },

  /** The artifact, when it belongs to the module. */
  artifact: (db: Knex, moduleId: number, artifactId: number): Promise<Artifact | undefined> =>
    artifactQuery(db).where({ id: artifactId, software_module_id: moduleId }).first(),

  async artifactCount(db: Knex, moduleId: number): Promise<number> {
    const counted = (await db('artifacts').where('software_module_id', moduleId).count({ n: '*' }).first()) as { n: number | string };
    return Number(counted.n);
  },

  /** Whether the module has an artifact of this file name. */
  async filenameTaken(db: Knex, moduleId: number, filename: string): Promise<boolean> {
    return (await db('artifacts').where({ software_module_id: moduleId, provided_filename: filename }).first('id')) !== undefined;
  },

  /** Inserts the artifact row; returns it. */
  async insertArtifact(db: Knex, values: Omit<Artifact, 'id' | keyof Audit>, audit: Audit): Promise<Artifact> {
    const { softwareModuleId, providedFilename, size, sha1, md5, sha256 } = values;
    const id = await insertRow(db, 'artifacts', {
      software_module_id: softwareModuleId,
      provided_filename: providedFilename,
      size,
      sha1,
      md5,
      sha256,
      ...auditColumns(audit),
    });
    return { id, ...values, ...audit };
  },

  async deleteArtifact(db: Knex, artifactId: number): Promise<void> {
    await db('artifacts').where('id', artifactId).delete();
  },

  /** Whether an artifact row (of any module) references the bytes. */
  async blobReferenced(db: Knex, sha256: string): Promise<boolean> {
    return (await db('artifacts').where('sha256', sha256).first('id')) !== undefined;
  },

  /**
   * On PostgreSQL, takes the transaction-scoped advisory lock derived from the blob's SHA-256; SQLite needs
   * none (one process owns its file). Two different blobs may share these 32 bits; they then merely wait
   * for each other.
   */
  async lockBlob(trx: Knex.Transaction, sha256: string): Promise<void> {
    if (dialectOf(trx) !== 'postgres') return;
    const key = Number.parseInt(sha256.slice(0, 8), 16) | 0;
    await trx.raw('select pg_advisory_xact_lock(?::int, ?::int)', [BLOB_LOCK_SPACE, key]);
  },
};

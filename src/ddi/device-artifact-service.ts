import type { Knex } from 'knex';
import { recordActionEntry } from '../actions/action-store.js';
import type { Clock } from '../clock.js';
import { preparedRead } from '../db/prepared-statements.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { softwareModuleStore, type Artifact } from '../software-modules/software-module-store.js';
import type { ArtifactStore } from '../storage/artifact-store.js';
import type { BlobSource } from '../storage/blob-source.js';

/** An artifact a device may download, and where its bytes are. */
export interface DeviceArtifact {
  readonly artifact: Artifact;
  readonly blob: BlobSource;
}

/**
 * The device side of artifacts (hawkBit's DDI downloads). A target sees the modules of its assigned and
 * of its installed distribution set, nothing else: any other module answers as if it did not exist.
 */
export interface DeviceArtifactService {
  /**
   * The artifacts of a module the target may see, by id.
   * @throws DomainError entityNotFound: unknown target or module, or a module in neither of its sets
   */
  list(controllerId: string, moduleId: number): Promise<Artifact[]>;
  /**
   * One artifact of such a module by its file name, and where its bytes are.
   * @throws DomainError entityNotFound: as {@link list}, and an unknown file name
   */
  file(controllerId: string, moduleId: number, filename: string): Promise<DeviceArtifact>;
  /**
   * Records hawkBit's `download` status entry "Update Server: Target downloads <path>" on the target's
   * active action whose set holds the module, without moving the action. Nothing is recorded without
   * such an action, on a canceling one (hawkBit), or once the action has `maxStatusEntries` entries: a
   * device retrying a download must not be refused its bytes by the quota.
   */
  recordDownload(controllerId: string, moduleId: number, path: string): Promise<void>;
  /**
   * With `[storage] download_redirect`: a short-lived URL of the store that serves the artifact's bytes
   * to whoever holds it (decision 121); undefined otherwise, so that the streamed path costs nothing.
   */
  readonly presignedUrl: ((artifact: Artifact) => Promise<string>) | undefined;
}

export interface DeviceArtifactOptions {
  /** `[quota] max_status_entries_per_action`; 0 disables it */
  readonly maxStatusEntries: number;
  /** `[storage] presign_expiry_secs` when downloads redirect to the store; undefined: they stream */
  readonly redirectExpirySecs: number | undefined;
}

interface ArtifactRow {
  id: number;
  software_module_id: number;
  provided_filename: string;
  size: number | string;
  sha1: string;
  md5: string;
  sha256: string;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

// The download path's one read, prepared once as the poll's is (decision 180: building and preparing a
// query per request costs more than the rest of the request): the module's artifact by file name, if the
// target's assigned or installed set holds the module.
const FILE_SQL = `SELECT a.id, a.software_module_id, a.provided_filename, a.size, a.sha1, a.md5, a.sha256,
  a.created_at, a.created_by, a.last_modified_at, a.last_modified_by
FROM artifacts a
WHERE a.software_module_id = ? AND a.provided_filename = ?
  AND EXISTS (SELECT 1 FROM targets t JOIN distribution_set_modules m
    ON m.distribution_set_id = t.assigned_distribution_set_id OR m.distribution_set_id = t.installed_distribution_set_id
    WHERE t.controller_id = ? AND m.software_module_id = a.software_module_id)`;

const artifactOf = (row: ArtifactRow): Artifact => ({
  id: row.id,
  softwareModuleId: row.software_module_id,
  providedFilename: row.provided_filename,
  size: Number(row.size),
  sha1: row.sha1,
  md5: row.md5,
  sha256: row.sha256,
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
  lastModifiedAt: Number(row.last_modified_at),
  lastModifiedBy: row.last_modified_by,
});

const notFound = (kind: string, id: string | number) => new DomainError(ErrorCode.entityNotFound, `${kind} with given identifier {${id}} does not exist.`);

export function createDeviceArtifactService(db: Knex, clock: Clock, store: ArtifactStore, options: DeviceArtifactOptions): DeviceArtifactService {
  // The target's row joined to the module's set memberships: a row exists iff the target may see the module.
  const visible = (controllerId: string, moduleId: number) =>
    db('targets as t')
      .join('distribution_set_modules as m', (join) =>
        join.on('m.distribution_set_id', 't.assigned_distribution_set_id').orOn('m.distribution_set_id', 't.installed_distribution_set_id'),
      )
      .where({ 't.controller_id': controllerId, 'm.software_module_id': moduleId })
      .select(db.raw('1'));

  const readFile = preparedRead<ArtifactRow>(db, 'ddi-artifact-file', FILE_SQL);

  // Only on the way to a 404: names what is missing, as hawkBit does.
  const assertVisible = async (controllerId: string, moduleId: number) => {
    if (!(await db('targets').where('controller_id', controllerId).first('id'))) throw notFound('Target', controllerId);
    if (!(await db('software_modules').where('id', moduleId).first('id'))) throw notFound('SoftwareModule', moduleId);
    if (!(await visible(controllerId, moduleId).first())) {
      throw new DomainError(ErrorCode.entityNotFound, `SoftwareModule {${moduleId}} is not assigned to target {${controllerId}}.`);
    }
  };

  return {
    async list(controllerId, moduleId) {
      const artifacts = await softwareModuleStore.artifacts(db, moduleId, visible(controllerId, moduleId));
      if (artifacts.length === 0) await assertVisible(controllerId, moduleId);
      return artifacts;
    },
    async file(controllerId, moduleId, filename) {
      // The checks that name the missing piece run only on a miss.
      const row = await readFile(moduleId, filename, controllerId);
      if (row) {
        const artifact = artifactOf(row);
        return { artifact, blob: store.source(artifact.sha256) };
      }
      await assertVisible(controllerId, moduleId);
      throw notFound('Artifact', filename);
    },
    presignedUrl: presigner(store, options.redirectExpirySecs),
    recordDownload(controllerId, moduleId, path) {
      // Locks no row (decision 40): the entry only key-shares its action, which no target or action lock blocks.
      return inTransaction(db, async (trx) => {
        const action = await trx('actions as a')
          .join('targets as t', 't.id', 'a.target_id')
          .join('distribution_set_modules as m', 'm.distribution_set_id', 'a.distribution_set_id')
          .where({ 't.controller_id': controllerId, 'a.active': true, 'm.software_module_id': moduleId })
          .whereNot('a.status', 'canceling')
          .first<{ id: number } | undefined>('a.id');
        if (!action) return;
        if (options.maxStatusEntries > 0) {
          const [count] = await trx('action_status').where('action_id', action.id).count({ entries: '*' });
          if (Number(count?.['entries']) >= options.maxStatusEntries) return;
        }
        await recordActionEntry(trx, action.id, 'download', { now: clock(), messages: [`Update Server: Target downloads ${path}`] });
      });
    },
  };
}

function presigner(store: ArtifactStore, expiresInSecs: number | undefined): DeviceArtifactService['presignedUrl'] {
  const presign = store.presignedUrl?.bind(store);
  if (expiresInSecs === undefined || presign === undefined) return undefined;
  return (artifact) => presign(artifact.sha256, { filename: artifact.providedFilename, expiresInSecs });
}

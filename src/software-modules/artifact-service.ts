import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { created } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { recordEvents } from '../events/outbox.js';
import { withBlobLock, type ArtifactStore, type IncomingBlob } from '../storage/artifact-store.js';
import type { BlobSource } from '../storage/blob-source.js';
import { assertArtifactFilename } from './artifact-filename.js';
import { blobTransaction, releaseBlobs, removeUnreferencedBlob } from './artifact-blobs.js';
import { assertArtifactQuota, assertModule, assertNotLocked } from './software-module-rules.js';
import { softwareModuleStore as sql, type Artifact } from './software-module-store.js';

/** Received bytes and the name to store them under; the blob is committed or discarded by the service. */
export interface ReceivedArtifact {
  readonly blob: IncomingBlob;
  readonly filename: string;
}

/** An artifact and where its bytes are. */
export interface StoredArtifact {
  readonly artifact: Artifact;
  readonly blob: BlobSource;
}

export interface ArtifactService {
  /** Every artifact of the module, by id. @throws DomainError entityNotFound */
  list(moduleId: number): Promise<Artifact[]>;
  /** @throws DomainError entityNotFound (also for an artifact of another module) */
  get(moduleId: number, artifactId: number): Promise<Artifact>;
  /** @throws DomainError entityNotFound */
  file(moduleId: number, artifactId: number): Promise<StoredArtifact>;
  /**
   * Stores an upload. Module, lock and quota are checked before `receive` reads a byte, and again once
   * the bytes are in; then the blob is committed (identical bytes are stored once) and its row inserted
   * under the blob's locks. A failure keeps nothing: no row, no temp file, no unreferenced blob.
   * `receive` reports its own errors (size, checksums, malformed form).
   * @throws DomainError entityNotFound, locked, quotaExceeded, entityAlreadyExists (file name taken in the
   *   module), bodyNotReadable (not a file name: `..`, a separator, a control character),
   *   constraintViolation (file name longer than 256 characters)
   */
  upload(actor: string, moduleId: number, receive: () => Promise<ReceivedArtifact>): Promise<Artifact>;
  /**
   * Deletes the artifact row, then its bytes unless another artifact (of any module) references them.
   * @throws DomainError entityNotFound, locked
   */
  remove(moduleId: number, artifactId: number): Promise<void>;
}

export interface ArtifactLimits {
  /** artifacts per module; 0 disables the cap */
  readonly maxArtifactsPerSoftwareModule: number;
}

/** The files of software modules: rows in `artifacts`, bytes in the content-addressed store. */
export function createArtifactService(db: Knex, clock: Clock, store: ArtifactStore, limits: ArtifactLimits): ArtifactService {
  // One indexed query when the artifact exists (downloads are a hot path); the module is only looked
  // up to name what is missing.
  const find = async (trx: Knex, moduleId: number, artifactId: number) => {
    const artifact = await sql.artifact(trx, moduleId, artifactId);
    if (artifact) return artifact;
    await assertModule(trx, moduleId);
    throw notFound('Artifact', artifactId);
  };
  const assertUploadable = async (trx: Knex, moduleId: number, forUpdate: boolean) => {
    await assertModule(trx, moduleId, forUpdate);
    await assertNotLocked(trx, moduleId);
    await assertArtifactQuota(trx, moduleId, limits.maxArtifactsPerSoftwareModule);
  };

  const insert = async (actor: string, moduleId: number, blob: IncomingBlob, filename: string): Promise<Artifact> => {
    let committed = false;
    try {
      return await blobTransaction(db, blob.sha256, async (trx) => {
        // A transaction run again after a deadlock (decision 40) must not trust bytes an earlier run committed:
        // between the runs, without the blob's database lock, another process may have removed them as unused.
        if (committed) throw new DomainError(ErrorCode.concurrentModification, 'The artifact was changed by another request meanwhile');
        await assertUploadable(trx, moduleId, true);
        if (await sql.filenameTaken(trx, moduleId, filename)) {
          throw new DomainError(ErrorCode.entityAlreadyExists, 'File with that name already exists in the Software Module', {
            filename,
          });
        }
        const { sha1, md5, sha256, size } = blob;
        const audit = created(actor, clock());
        const artifact = await sql.insertArtifact(trx, { softwareModuleId: moduleId, providedFilename: filename, size, sha1, md5, sha256 }, audit);
        const data = { softwareModuleId: moduleId, artifactId: artifact.id, filename, size, hashes: { sha1, md5, sha256 } };
        await recordEvents(trx, [{ type: 'artifact.uploaded', data }], audit.createdAt);
        // the bytes last: only the commit itself can still fail the transaction after them
        await store.commit(blob);
        committed = true;
        return artifact;
      });
    } catch (error) {
      // The bytes may now sit in the store for a row that was never committed. The upload's own
      // failure is what the client must hear; a failed clean-up only costs disk space.
      if (committed) await removeUnreferencedBlob(db, store, blob.sha256).catch(() => undefined);
      throw error;
    }
  };

  return {
    async list(moduleId) {
      await assertModule(db, moduleId);
      return sql.artifacts(db, moduleId);
    },
    get: (moduleId, artifactId) => find(db, moduleId, artifactId),
    async file(moduleId, artifactId) {
      const artifact = await find(db, moduleId, artifactId);
      return { artifact, blob: store.source(artifact.sha256) };
    },
    async upload(actor, moduleId, receive) {
      // Refuse before the body is read: a doomed upload should not cost a gigabyte of traffic and disk.
      await assertUploadable(db, moduleId, false);
      const { blob, filename } = await receive();
      try {
        assertArtifactFilename(filename);
        return await withBlobLock(blob.sha256, () => insert(actor, moduleId, blob, filename));
      } finally {
        await blob.discard();
      }
    },
    async remove(moduleId, artifactId) {
      const artifact = await inTransaction(db, async (trx) => {
        const found = await find(trx, moduleId, artifactId);
        await assertNotLocked(trx, moduleId);
        await sql.deleteArtifact(trx, found.id);
        return found;
      });
      await releaseBlobs(db, store, [artifact.sha256]);
    },
  };
}

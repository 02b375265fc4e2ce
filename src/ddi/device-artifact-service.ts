import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { softwareModuleStore, type Artifact } from '../software-modules/software-module-store.js';
import type { ArtifactStore } from '../storage/artifact-store.js';
import type { BlobSource } from '../storage/blob-source.js';
import { targetStore } from '../targets/target-store.js';
import { deviceActionStore } from './device-action-store.js';
import { deviceStore } from './device-store.js';

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

export function createDeviceArtifactService(db: Knex, clock: Clock, store: ArtifactStore, options: DeviceArtifactOptions): DeviceArtifactService {
  const readFile = deviceStore.fileReader(db);

  // Only on the way to a 404: names what is missing, as hawkBit does.
  const assertVisible = async (controllerId: string, moduleId: number) => {
    if ((await targetStore.idOf(db, controllerId)) === undefined) throw notFound('Target', controllerId);
    if (!(await softwareModuleStore.exists(db, moduleId))) throw notFound('SoftwareModule', moduleId);
    if (!(await deviceStore.seesModule(db, controllerId, moduleId))) {
      throw new DomainError(ErrorCode.entityNotFound, `SoftwareModule {${moduleId}} is not assigned to target {${controllerId}}.`);
    }
  };

  return {
    async list(controllerId, moduleId) {
      const artifacts = await softwareModuleStore.artifacts(db, moduleId, deviceStore.visibleModuleQuery(db, controllerId, moduleId));
      if (artifacts.length === 0) await assertVisible(controllerId, moduleId);
      return artifacts;
    },
    async file(controllerId, moduleId, filename) {
      // The checks that name the missing piece run only on a miss.
      const artifact = await readFile(moduleId, filename, controllerId);
      if (artifact) return { artifact, blob: store.source(artifact.sha256) };
      await assertVisible(controllerId, moduleId);
      throw notFound('Artifact', filename);
    },
    presignedUrl: presigner(store, options.redirectExpirySecs),
    async recordDownload(controllerId, moduleId, path) {
      // one statement (decision 270); it locks no row (decision 40)
      await deviceActionStore.recordDownload(db, controllerId, moduleId, `Update Server: Target downloads ${path}`, clock(), options.maxStatusEntries);
    },
  };
}

function presigner(store: ArtifactStore, expiresInSecs: number | undefined): DeviceArtifactService['presignedUrl'] {
  const presign = store.presignedUrl?.bind(store);
  if (expiresInSecs === undefined || presign === undefined) return undefined;
  return (artifact) => presign(artifact.sha256, { filename: artifact.providedFilename, expiresInSecs });
}

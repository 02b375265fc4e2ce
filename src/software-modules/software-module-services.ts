import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { createMetadataService, type MetadataService } from '../metadata/metadata-service.js';
import type { ArtifactStore } from '../storage/artifact-store.js';
import { createArtifactService, type ArtifactService } from './artifact-service.js';
import { createSoftwareModuleService, type SoftwareModuleService } from './software-module-service.js';

export interface SoftwareModuleServices {
  /** the blobs, under `artifact_dir` or in the bucket; temp files are swept at startup (main.ts) and by a scheduled job */
  readonly artifactStore: ArtifactStore;
  readonly softwareModules: SoftwareModuleService;
  readonly softwareModuleMetadata: MetadataService;
  readonly artifacts: ArtifactService;
}

/** The services of software modules and artifacts, sharing one artifact store. */
export function createSoftwareModuleServices(db: Knex, clock: Clock, config: Config, artifactStore: ArtifactStore): SoftwareModuleServices {
  return {
    artifactStore,
    softwareModules: createSoftwareModuleService(db, clock, artifactStore),
    softwareModuleMetadata: createMetadataService(db, {
      table: 'software_module_metadata',
      ownerColumn: 'software_module_id',
      targetVisible: true,
      quota: config.quota.maxMetadataEntriesPerSoftwareModule,
    }),
    artifacts: createArtifactService(db, clock, artifactStore, config.quota),
  };
}

import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { createArtifactStore, type ArtifactStore } from './artifact-store.js';

/**
 * The artifact store `[storage] backend` names: `artifact_dir`, or the bucket (decision 120). The AWS SDK
 * is loaded only for the bucket: importing it costs 150 ms and 20 MiB that a local store never uses.
 */
export async function openArtifactStore(config: Config, clock: Clock): Promise<ArtifactStore> {
  const { storage } = config;
  // config.ts guarantees artifact_dir with the local backend and a bucket with s3
  if (storage.backend === 'local') return createArtifactStore(config.artifactDir as string, clock);
  const [{ createS3ArtifactStore }, { createS3Client }] = await Promise.all([import('./s3-artifact-store.js'), import('./s3-client.js')]);
  const client = createS3Client(storage, storage.endpoint);
  const presignClient = storage.presignEndpoint === undefined ? client : createS3Client(storage, storage.presignEndpoint);
  return createS3ArtifactStore({ client, presignClient, bucket: storage.bucket as string, prefix: storage.prefix, clock });
}

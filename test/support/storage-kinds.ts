import { DATABASE_KINDS, type DatabaseKind } from './databases.js';

/** The artifact store backends: `artifact_dir`, or a bucket of the run's s3rver (global-setup.ts). */
export type StorageKind = 'local' | 's3';

export const STORAGE_KINDS: readonly StorageKind[] = ['local', 's3'];

/** Every database with every storage backend, for tests where the bytes matter. */
export const DATABASE_STORAGE_KINDS: readonly (readonly [DatabaseKind, StorageKind])[] = DATABASE_KINDS.flatMap((database) =>
  STORAGE_KINDS.map((storage) => [database, storage] as const),
);

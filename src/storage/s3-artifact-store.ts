import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from '../clock.js';
import { contentDisposition } from '../http/artifact-response.js';
import { assertSha256, type ArtifactStore } from './artifact-store.js';
import { createBlobDigester } from './blob-digester.js';
import { createPendingBlobs } from './pending-blobs.js';
import { s3Blob } from './s3-blob.js';
import { s3Status } from './s3-client.js';
import { uploadObject } from './s3-upload.js';
import { ABANDONED_AFTER_MS } from './temp-area.js';

export interface S3StoreOptions {
  readonly client: S3Client;
  /** signs presigned URLs for the endpoint devices reach; default: `client` */
  readonly presignClient?: S3Client;
  readonly bucket: string;
  /** empty, or ending in `/` */
  readonly prefix: string;
  readonly clock: Clock;
}

/** Parts uploaded at once; an upload holds (queue size + 1) part buffers. */
export const UPLOAD_QUEUE_SIZE = 4;
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

/** S3's smallest part, or the part that lets `maxSize` bytes fit S3's 10,000 parts. */
export function partSizeFor(maxSize: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(maxSize / MAX_PARTS));
}

/**
 * The artifact store on an S3 bucket (decision 120): blobs at `<prefix>blobs/<sha256>`, uploads streamed
 * once (hashed on the way) to a temp object `<prefix>tmp/<uuid>` by multipart upload (`s3-upload.ts`), then committed by a
 * server-side copy to the content key unless that key exists; the temp object is deleted either way.
 */
export function createS3ArtifactStore({ client, presignClient = client, bucket, prefix, clock }: S3StoreOptions): ArtifactStore {
  const blobKey = (sha256: string) => {
    assertSha256(sha256);
    return `${prefix}blobs/${sha256}`;
  };
  const tempPrefix = `${prefix}tmp/`;
  const deleteObject = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
  // A failed clean-up only leaves a temp object for the sweep; the caller's own outcome matters more.
  const deleteQuietly = (key: string) => deleteObject(key).catch(() => undefined);
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (s3Status(error) === 404) return false;
      throw error;
    }
  };
  const pending = createPendingBlobs<string>(deleteObject);

  return {
    async receive(source, maxSize) {
      const key = `${tempPrefix}${randomUUID()}`;
      const digester = createBlobDigester(maxSize);
      const upload = uploadObject({ client, bucket, key, body: digester.stream, partSize: partSizeFor(maxSize), queueSize: UPLOAD_QUEUE_SIZE });
      // A store that fails stops reading: the source must then fail too instead of waiting forever.
      const uploaded = upload.catch((error: unknown) => {
        digester.stream.destroy(error as Error);
        throw error;
      });
      const [fed, stored] = await Promise.allSettled([pipeline(source as Readable, digester.stream), uploaded]);
      if (fed.status === 'rejected' || stored.status === 'rejected') {
        await deleteQuietly(key);
        // The source's failure (too large, connection reset) is the cause; the upload's is its echo.
        throw fed.status === 'rejected' ? fed.reason : (stored as PromiseRejectedResult).reason;
      }
      return pending.add(digester.digest(), key);
    },

    async commit(blob) {
      const tempKey = pending.toCommit(blob);
      if (tempKey === undefined) return;
      const target = blobKey(blob.sha256);
      // CopyObject creates the target whole or not at all, so an existing one holds these bytes.
      if (!(await exists(target))) {
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${tempKey}` }));
      }
      pending.committed(blob);
      await deleteQuietly(tempKey);
    },

    // async, so that a bad name rejects as the local store's does rather than throwing
    remove: async (sha256) => deleteObject(blobKey(sha256)),

    exists: async (sha256) => exists(blobKey(sha256)),
    // The request commit makes (HeadObject): answered 200 or 404, the bucket is there and these credentials read it.
    ready: async () => void (await exists(blobKey('0'.repeat(64)))),

    source: (sha256) => s3Blob(client, bucket, blobKey(sha256)),

    presignedUrl(sha256, { filename, expiresInSecs }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: blobKey(sha256),
        ResponseContentDisposition: contentDisposition(filename),
        ResponseContentType: 'application/octet-stream',
      });
      return getSignedUrl(presignClient, command, { expiresIn: expiresInSecs });
    },

    // Temp objects exist only between an upload's end and its commit, seconds apart; one an hour old
    // was left by a crash or a failed clean-up (decision 120). Unfinished multipart uploads are not
    // objects: a bucket lifecycle rule removes them.
    async sweepTemp() {
      const cutoff = clock() - ABANDONED_AFTER_MS;
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: tempPrefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined || (object.LastModified?.getTime() ?? Infinity) >= cutoff) continue;
          await deleteObject(object.Key);
          removed += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return removed;
    },
  };
}

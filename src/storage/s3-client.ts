import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';

/**
 * An S3 client for `[storage]`, talking to `endpoint` (unset: AWS S3 of the region). Without an access
 * key in the configuration, the AWS SDK finds credentials itself (AWS_* variables, profiles, roles).
 */
export function createS3Client(storage: StorageConfig, endpoint: string | undefined): S3Client {
  const { accessKeyId, secretAccessKey } = storage;
  return new S3Client({
    region: storage.region,
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: storage.pathStyle,
    ...(accessKeyId === undefined || secretAccessKey === undefined ? {} : { credentials: { accessKeyId, secretAccessKey } }),
    // The SDK's default CRC32 checksums send streamed bodies as aws-chunked with a trailer, which servers
    // other than AWS (older MinIO and Ceph RGW, s3rver) refuse or store verbatim (decision 120).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Whether an S3 call failed because the object (or range) is not there: 404, or 416 for a range. */
export function s3Status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

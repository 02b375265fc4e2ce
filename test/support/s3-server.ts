import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's one built-in account; it checks the key id, not SigV4 signatures (decision 120). */
export const S3RVER_KEY = 'S3RVER';

/** An S3-compatible server (s3rver) on a free loopback port, keeping its objects in a temporary directory. */
export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'falconet-s3rver-'));
  // Path-style only: a bucket named in the Host header would need DNS for <bucket>.127.0.0.1.
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The `[storage]` keys of Falconet for `bucket` on the server at `endpoint`. */
export function s3StorageConfig(endpoint: string, bucket: string): Record<string, unknown> {
  return {
    'storage.backend': 's3',
    'storage.endpoint': endpoint,
    'storage.bucket': bucket,
    'storage.path_style': true,
    'storage.access_key_id': S3RVER_KEY,
    'storage.secret_access_key': S3RVER_KEY,
  };
}

/** A fresh bucket, as each test file gets a fresh database. */
export interface TestBucket {
  readonly name: string;
  /** every key under `prefix`, sorted */
  keys(prefix?: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  /** removes every object, then the bucket */
  drop(): Promise<void>;
}

export async function createTestBucket(endpoint: string): Promise<TestBucket> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  const name = `falconet-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: name }));
  const keys = async (prefix = '') => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: name, Prefix: prefix, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return found.sort();
  };
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
  };
  return {
    name,
    keys,
    remove,
    async drop() {
      for (const key of await keys()) await remove(key);
      await client.send(new DeleteBucketCommand({ Bucket: name }));
      client.destroy();
    },
  };
}

import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { RemoteBlob } from './blob-source.js';
import { s3Status } from './s3-client.js';

/** The object `key` of `bucket` as a download reads it: one HeadObject, or one ranged GetObject. */
export function s3Blob(client: S3Client, bucket: string, key: string): RemoteBlob {
  const size = async () => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
    } catch (error) {
      if (s3Status(error) === 404) return undefined;
      throw error;
    }
  };
  return {
    size,
    async read(start, end) {
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${end}` }));
      } catch (error) {
        if (s3Status(error) === 404) return undefined;
        // A range the object does not have: it is shorter than recorded, which the caller reports.
        if (s3Status(error) === 416) return { size: (await size()) ?? -1, body: Readable.from([]) };
        throw error;
      }
      const body = object.Body as Readable;
      const range = /^bytes (\d+)-\d+\/(\d+)$/.exec(object.ContentRange ?? '');
      const first = range ? Number(range[1]) : 0;
      if (first !== start) {
        body.destroy();
        throw new Error(`the store answered bytes from ${first} to a request for bytes from ${start}`);
      }
      return { size: range ? Number(range[2]) : (object.ContentLength ?? -1), body: Readable.from(exactly(body, end - start + 1), { objectMode: false }) };
    },
  };
}

/**
 * The first `length` bytes of `body`, failing when it ends short. A store that sends more than the
 * range asked for (s3rver answers `bytes=0-0` with the whole object) must not break the response's
 * Content-Length; the rest is not read.
 */
async function* exactly(body: Readable, length: number): AsyncGenerator<Buffer> {
  let left = length;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (chunk.length >= left) {
        yield chunk.subarray(0, left);
        left = 0;
        return;
      }
      left -= chunk.length;
      yield chunk;
    }
  } finally {
    // also when the client went away: the store's connection goes back to the pool or is closed
    body.destroy();
  }
  if (left > 0) throw new Error(`the store's answer ended ${left} bytes short`);
}

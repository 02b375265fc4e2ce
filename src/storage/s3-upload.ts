import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

export interface ObjectUpload {
  readonly client: S3Client;
  readonly bucket: string;
  readonly key: string;
  readonly body: AsyncIterable<Buffer>;
  /** bytes per part, at least S3's 5 MiB */
  readonly partSize: number;
  /** parts sent at once */
  readonly queueSize: number;
}

/**
 * Streams `body` into one object: a single PutObject when it fits one part, else a multipart upload of
 * `queueSize` parts at a time. Parts are assembled in `queueSize + 1` buffers that are reused, so an upload
 * of any size holds that much memory and makes no garbage (decision 120: lib-storage's Upload copies each
 * part into a new buffer, which V8 frees only at a full collection, 64 MiB of them later). On failure the
 * multipart upload is aborted and the error rethrown; the object then does not exist.
 */
export async function uploadObject({ client, bucket, key, body, partSize, queueSize }: ObjectUpload): Promise<void> {
  const free: Buffer[] = [];
  let allocated = 0;
  const inFlight = new Set<Promise<void>>();
  const parts: CompletedPart[] = [];
  let uploadId: string | undefined;
  let failure: unknown;

  const sendPart = (buffer: Buffer, length: number, partNumber: number, id: string) => {
    const sending = client
      .send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: id, PartNumber: partNumber, Body: buffer.subarray(0, length) }))
      .then(({ ETag }) => void parts.push({ ETag, PartNumber: partNumber }))
      .catch((error: unknown) => void (failure ??= error))
      // The request has been sent whole once S3 answered, so the buffer can take the next part.
      .finally(() => {
        inFlight.delete(sending);
        free.push(buffer);
      });
    inFlight.add(sending);
  };
  const nextBuffer = async () => {
    while (free.length === 0 && allocated > queueSize) await Promise.race(inFlight);
    if (failure !== undefined) throw failure as Error;
    if (free.length > 0) return free.pop() as Buffer;
    allocated += 1;
    return Buffer.allocUnsafe(partSize);
  };

  let buffer = await nextBuffer();
  let filled = 0;
  let partNumber = 0;
  try {
    for await (const chunk of body) {
      let offset = 0;
      while (offset < chunk.length) {
        const copied = chunk.copy(buffer, filled, offset);
        filled += copied;
        offset += copied;
        if (filled < partSize) continue;
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))).UploadId as string;
        sendPart(buffer, filled, ++partNumber, uploadId);
        buffer = await nextBuffer();
        filled = 0;
      }
    }
    if (uploadId === undefined) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: buffer.subarray(0, filled) }));
      return;
    }
    if (filled > 0) sendPart(buffer, filled, ++partNumber, uploadId);
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure as Error;
    parts.sort((a, b) => (a.PartNumber as number) - (b.PartNumber as number));
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    await Promise.allSettled(inFlight);
    // Parts left behind cost storage; a server that cannot abort (s3rver) keeps them, which a bucket
    // lifecycle rule for incomplete multipart uploads removes (README).
    if (uploadId !== undefined) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
    throw error;
  }
}

import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { DomainError, ErrorCode } from '../errors.js';
import type { BlobDigest } from './artifact-store.js';

/** A pass-through stream that hashes what flows through it and refuses more than `maxSize` bytes. */
export interface BlobDigester {
  readonly stream: Transform;
  /** SHA-1, MD5, SHA-256 and size of everything that passed; call once, after the stream ended. */
  digest(): BlobDigest;
}

/** SHA-1, MD5 and SHA-256 in one pass; the byte past `maxSize` fails the stream with `fileSizeExceeded`. */
export function createBlobDigester(maxSize: number): BlobDigester {
  const sha1 = createHash('sha1');
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      // Refuse before passing the chunk on, so an oversized upload never stores more than maxSize.
      if (size > maxSize) {
        const message = `The artifact exceeds the maximum size of ${maxSize} bytes`;
        callback(new DomainError(ErrorCode.fileSizeExceeded, message, { maxSize }));
        return;
      }
      sha1.update(chunk);
      md5.update(chunk);
      sha256.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    stream,
    digest: () => ({ sha1: sha1.digest('hex'), md5: md5.digest('hex'), sha256: sha256.digest('hex'), size }),
  };
}

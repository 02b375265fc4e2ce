import type { Readable } from 'node:stream';

/** A blob's bytes as a download reads them: a local file's path, or an object of a remote store. */
export type BlobSource = string | RemoteBlob;

/** The bytes of a blob held by a remote store (an S3 bucket). */
export interface RemoteBlob {
  /** The blob's size in bytes, or undefined when it is missing. */
  size(): Promise<number | undefined>;
  /**
   * Bytes `start` to `end` (inclusive; `start <= end`) and the blob's whole size, or undefined when it
   * is missing. The body yields exactly `end - start + 1` bytes, or fails.
   */
  read(start: number, end: number): Promise<{ readonly size: number; readonly body: Readable } | undefined>;
}

import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy, { type Busboy } from 'busboy';
import { DomainError, ErrorCode } from '../errors.js';
import type { ArtifactStore, BlobDigest, IncomingBlob } from './artifact-store.js';

/** A received artifact upload; the caller owns `blob` and must commit or discard it. */
export interface ArtifactUpload {
  readonly blob: IncomingBlob;
  readonly filename: string;
  readonly expected: { md5?: string; sha1?: string; sha256?: string };
}

/** hawkBit's checksum fields and the digest each names; other unknown fields are ignored, as Spring does. */
const CHECKSUM_FIELDS = { md5sum: 'md5', sha1sum: 'sha1', sha256sum: 'sha256' } as const;
const TEXT_FIELDS = new Set(['filename', ...Object.keys(CHECKSUM_FIELDS)]);

/** The upload's text fields, which hawkBit also takes as query parameters (Spring's `@RequestParam`). */
export type UploadFields = Readonly<Partial<Record<'filename' | keyof typeof CHECKSUM_FIELDS, string>>>;
// Checksums and names are short; the limit keeps a hostile field from being buffered at busboy's 1 MiB.
const MAX_FIELD_BYTES = 4096;

const notReadable = (message: string) => new DomainError(ErrorCode.bodyNotReadable, message);

/**
 * Streams a hawkBit artifact upload (`multipart/form-data` with one file part `file` and the optional
 * fields `filename`, `md5sum`, `sha1sum`, `sha256sum`, in any order) into `store.receive`, never holding
 * the file in memory. Rejects with `bodyNotReadable` for a body that is not such a form, has no or two
 * file parts, or names the file badly; `fileSizeExceeded` beyond `maxSize`; a checksum mismatch as
 * {@link checkExpectedHashes} does; `artifactUploadFailed` when the store fails. On any rejection no
 * temp file remains. `query` holds the same fields given as query parameters, as hawkBit takes them
 * either way; a field given both ways must have the same value (else `bodyNotReadable`).
 */
export async function parseArtifactUpload(request: Request, store: ArtifactStore, maxSize: number, query: UploadFields = {}): Promise<ArtifactUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw notReadable('An artifact upload must be multipart/form-data');
  }
  if (!request.body) throw notReadable('The artifact upload has no body');
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Otherwise busboy strips directories and hides a name that must be refused.
      preservePath: true,
      // Browsers and FormData send names as raw UTF-8, not as busboy's default Latin-1.
      defParamCharset: 'utf8',
      limits: { fieldSize: MAX_FIELD_BYTES },
    });
  } catch (error) {
    throw notReadable(`Malformed multipart request: ${(error as Error).message}`);
  }
  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields = new Map<string, string>();
  let partFilename: string | undefined;
  let received: Promise<IncomingBlob> | undefined;
  let failure: unknown;
  // Kept apart because busboy hands the same raw Error to the file part (so to store.receive) and to
  // its own 'error' event, in no promised order; a broken form must not pass for a storage failure.
  let inputFailure: DomainError | undefined;
  const ownErrors = new WeakSet<object>();

  // The first failure wins. Destroying the parser also destroys a file part in flight, which makes
  // store.receive settle and remove its temp file instead of waiting forever for more bytes.
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    body.unpipe(parser);
    body.destroy();
    if (parser.destroyed) return;
    const reason = error instanceof Error ? error : new Error(String(error));
    ownErrors.add(reason);
    parser.destroy(reason);
  };
  const failInput = (error: unknown, message: string) => {
    if (ownErrors.has(error as object)) return;
    inputFailure ??= notReadable(message);
    fail(inputFailure);
  };

  const parsed = new Promise<void>((resolveParsed) => parser.once('close', resolveParsed));
  parser.on('file', (name, stream, info) => {
    // Destroying the parser errors its current file part even when nothing reads it (a refused second
    // part, a store that failed before reading); the cause is already handled through fail().
    stream.on('error', () => {});
    if (name !== 'file' || received) {
      stream.resume();
      const reason = received ? 'The artifact upload has more than one file part' : `Unexpected file part '${name}'`;
      fail(notReadable(reason));
      return;
    }
    partFilename = info.filename;
    received = store.receive(stream, maxSize);
    // Stop reading the body at once: an oversized or unstorable upload must not be read to its end.
    received.catch(fail);
  });
  parser.on('field', (name, value, info) => {
    if (!TEXT_FIELDS.has(name)) return;
    if (info.valueTruncated) fail(notReadable(`The field '${name}' is too long`));
    else if (fields.has(name)) fail(notReadable(`The field '${name}' is given twice`));
    else fields.set(name, value);
  });
  parser.on('error', (error) => failInput(error, `Malformed multipart request: ${(error as Error).message}`));
  body.on('error', (error) => failInput(error, 'The artifact upload was not received completely'));
  body.pipe(parser);

  await parsed;
  // The file part can end before its bytes reach the disk, so the form being parsed is not enough.
  const blob = await received?.catch((error: unknown) => {
    fail(error);
    return undefined;
  });
  try {
    if (failure !== undefined) {
      throw failure instanceof DomainError ? failure : (inputFailure ?? uploadFailed(failure));
    }
    if (!blob) throw notReadable("The artifact upload has no file part 'file'");
    for (const [name, value] of Object.entries(query)) {
      const inForm = fields.get(name);
      if (inForm !== undefined && inForm !== value) throw notReadable(`The field '${name}' is given twice, with different values`);
      fields.set(name, value);
    }
    const filename = fields.get('filename') ?? partFilename ?? '';
    const expected: { md5?: string; sha1?: string; sha256?: string } = {};
    for (const [field, hash] of Object.entries(CHECKSUM_FIELDS)) {
      const value = fields.get(field);
      if (value !== undefined) expected[hash] = value;
    }
    // Checked here too, so that a caller never holds a blob that contradicts its own upload.
    checkExpectedHashes(blob, expected);
    return { blob, filename, expected };
  } catch (error) {
    await blob?.discard();
    throw error;
  }
}

/** Compares the checksums an uploader gave (case-insensitive) with the digest of the bytes received. */
export function checkExpectedHashes(digest: BlobDigest, expected: ArtifactUpload['expected']): void {
  const checks = [
    ['md5', expected.md5, digest.md5, ErrorCode.artifactMd5Mismatch],
    ['sha1', expected.sha1, digest.sha1, ErrorCode.artifactSha1Mismatch],
    ['sha256', expected.sha256, digest.sha256, ErrorCode.artifactSha256Mismatch],
  ] as const;
  for (const [name, given, actual, code] of checks) {
    if (given !== undefined && given.toLowerCase() !== actual) {
      throw new DomainError(code, `The ${name} checksum ${given} does not match the uploaded file's ${actual}`);
    }
  }
}

function uploadFailed(cause: unknown): DomainError {
  const error = new DomainError(ErrorCode.artifactUploadFailed, 'The artifact could not be stored');
  error.cause = cause;
  return error;
}

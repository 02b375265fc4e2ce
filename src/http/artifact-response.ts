import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DomainError, ErrorCode } from '../errors.js';
import type { BlobSource, RemoteBlob } from '../storage/blob-source.js';
import { multipartChunks, multipartLength, MULTIPART_BYTERANGES, parseRangeSet, type ByteRange, type RangeSet } from './byte-ranges.js';
import { exceptionInfo } from './error-status.js';
import { CHUNK_BYTES, fileBody, streamBody } from './file-body.js';

/** An artifact's bytes and what its responses say about them. */
export interface ArtifactFile {
  /** a file path (the local store, read directly) or a remote store's object */
  readonly blob: BlobSource;
  readonly size: number;
  readonly sha1: string;
  readonly md5: string;
  readonly filename: string;
  /** epoch milliseconds */
  readonly lastModified: number;
}

/**
 * Answers a GET or HEAD for an artifact's bytes: 200 with the whole file, 206 for one satisfiable
 * `Range: bytes=a-b | a- | -n`, 416 (`Content-Range: bytes *\/size`) for an unsatisfiable one, 206
 * `multipart/byteranges` for several (decision 211: 416 when they overlap or are too many); honours
 * `If-Match` (412 when it names another ETag, as hawkBit's DDI download), `If-Range` (ETag or date) and
 * `If-None-Match` (304). The body streams with backpressure, from disk in 1 MiB chunks through one reused buffer or from the remote store as it arrives, written to
 * the socket without web streams (file-body.ts); every answer is the same for both.
 * Rejects with `DomainError(artifactLoadFailed)` when the bytes are missing or not of the recorded size.
 */
export function artifactResponse(request: Request, file: ArtifactFile): Promise<Response> {
  return typeof file.blob === 'string' ? fileResponse(request, file, file.blob) : remoteResponse(request, file, file.blob);
}

/**
 * Answers a GET for an artifact with a redirect to `location()` (a presigned URL of the store, decision
 * 121), which then serves the bytes and honours Range itself. The conditions are evaluated here first, so
 * that 412, 304 and 416 are the same as {@link artifactResponse}'s and cost the store nothing. Several
 * ranges are answered here, not redirected: S3 serves one range per GET (decision 211).
 */
export async function artifactRedirect(request: Request, file: ArtifactFile, location: () => Promise<string>): Promise<Response> {
  const planned = plan(request, file);
  if (planned instanceof Response) return planned;
  if (planned.parts !== undefined) return artifactResponse(request, file);
  // The URL expires: no cache may keep the redirect longer than the request that asked for it.
  return new Response(null, { status: 307, headers: { location: await location(), 'cache-control': 'no-store' } });
}

async function fileResponse(request: Request, file: ArtifactFile, path: string): Promise<Response> {
  // Opened before answering: the open handle keeps the bytes readable even if the blob is deleted now.
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    // The body names what is wrong, never the errno or the path (decision 198).
    throw loadFailed(file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing from the store' : 'unreadable');
  }
  let streaming = false;
  try {
    // A wrong Content-Length would break the connection halfway; better to fail before the headers.
    if ((await handle.stat()).size !== file.size) throw loadFailed(file, 'size differs from the recorded one');
    const planned = plan(request, file);
    if (planned instanceof Response) return planned;
    const { status, headers, start, end } = planned;
    // An empty file has no byte to read (and a file body needs start <= end).
    if (request.method === 'HEAD' || end < start) return new Response(null, { status, headers });
    // The body closes the handle when it is sent, the client goes away or it is cancelled.
    const body =
      planned.parts === undefined
        ? fileBody(handle, start, end)
        : multipartBody(
            planned.parts,
            file.size,
            (part) => filePart(handle, part),
            () => handle.close(),
          );
    streaming = true;
    return new Response(body, { status, headers });
  } finally {
    if (!streaming) await handle.close();
  }
}

// The same checks as a file's: the bytes exist and have the recorded size, also when none are sent.
async function remoteResponse(request: Request, file: ArtifactFile, blob: RemoteBlob): Promise<Response> {
  const planned = plan(request, file);
  if (planned instanceof Response || request.method === 'HEAD' || planned.end < planned.start) {
    assertSize(file, await blob.size());
    return planned instanceof Response ? planned : new Response(null, { status: planned.status, headers: planned.headers });
  }
  if (planned.parts !== undefined) {
    // Checked before the headers; a part that goes missing later can only cut the connection.
    assertSize(file, await blob.size());
    const body = multipartBody(
      planned.parts,
      file.size,
      (part) => remotePart(file, blob, part),
      () => Promise.resolve(),
    );
    return new Response(body, { status: planned.status, headers: planned.headers });
  }
  const read = await blob.read(planned.start, planned.end);
  assertSize(file, read?.size);
  const { body: source } = read as { body: Readable };
  const body = streamBody(
    () => source,
    () => void source.destroy(),
  );
  return new Response(body, { status: planned.status, headers: planned.headers });
}

function assertSize(file: ArtifactFile, size: number | undefined): void {
  if (size === undefined) throw loadFailed(file, 'missing from the store');
  if (size !== file.size) throw loadFailed(file, 'size differs from the recorded one');
}

interface Planned {
  readonly status: 200 | 206;
  readonly headers: Headers;
  readonly start: number;
  readonly end: number;
  /** several ranges, sent as multipart/byteranges; `start` and `end` then span them all */
  readonly parts?: readonly ByteRange[];
}

/**
 * A multipart/byteranges body, as a stream of its own: one range and the whole file keep the read loop
 * (decision 186). `close` runs once the body ended, failed, was dropped by the client or never read.
 */
function multipartBody(parts: readonly ByteRange[], size: number, read: (part: ByteRange) => AsyncIterable<Uint8Array>, close: () => Promise<void>) {
  async function* chunks() {
    try {
      yield* multipartChunks(parts, size, read);
    } finally {
      await close();
    }
  }
  return streamBody(
    () => Readable.from(chunks()),
    () => void close(),
  );
}

/** A part of an open file, read in chunks of at most 1 MiB (decision 181), a new buffer each: the stream keeps them. */
async function* filePart(handle: FileHandle, { start, end }: ByteRange): AsyncGenerator<Uint8Array> {
  for (let position = start; position <= end;) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, end - position + 1));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    // The size was checked when the file was opened: a file that shrank since cannot keep the promised length.
    if (bytesRead === 0) throw new Error(`the file ended at ${position}, before byte ${end}`);
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A part of a remote store's object, one ranged read each. */
async function* remotePart(file: ArtifactFile, blob: RemoteBlob, { start, end }: ByteRange): AsyncGenerator<Uint8Array> {
  const read = await blob.read(start, end);
  assertSize(file, read?.size);
  yield* (read as { body: Readable }).body;
}

/** The answer the request's conditions and range call for: a finished 412, 304 or 416, or the bytes to send. */
function plan(request: Request, file: ArtifactFile): Response | Planned {
  const etag = `"${file.sha1}"`;
  const headers = new Headers({
    'accept-ranges': 'bytes',
    etag,
    'last-modified': new Date(file.lastModified).toUTCString(),
    'x-content-type-options': 'nosniff',
  });
  // RFC 9110 §13.2.2: If-Match is evaluated before If-None-Match.
  if (!ifMatchHolds(request.headers.get('if-match'), file.sha1)) {
    return new Response(null, { status: 412, headers });
  }
  if (matchesAny(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', 'application/octet-stream');
  headers.set('content-disposition', contentDisposition(file.filename));

  // Range is defined for GET only (RFC 9110 §14.2); HEAD describes the whole representation.
  const rangeHeader = request.method === 'GET' ? request.headers.get('range') : null;
  const ranged = rangeHeader !== null && ifRangeHolds(request.headers.get('if-range'), etag, file.lastModified);
  const range = ranged ? parseRange(rangeHeader, file.size) : 'whole';
  if (range === 'unsatisfiable') return rangeNotSatisfiable(`Range ${rangeHeader ?? ''} selects none of the ${file.size} bytes`, file.size);
  if (range === 'several') return planParts(headers, parseRangeSet(rangeHeader ?? '', file.size), file.size);
  return range === 'whole' ? planRange(headers, 0, file.size - 1, file.size, true) : planRange(headers, range.start, range.end, file.size, false);
}

function planRange(headers: Headers, start: number, end: number, size: number, whole: boolean): Planned {
  headers.set('content-length', String(end - start + 1));
  if (!whole) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  return { status: whole ? 200 : 206, headers, start, end };
}

/** Several ranges (decision 211): multipart/byteranges, or one range when one is left, or 416. */
function planParts(headers: Headers, set: RangeSet, size: number): Response | Planned {
  if (set === 'whole') return planRange(headers, 0, size - 1, size, true);
  if ('refused' in set) return rangeNotSatisfiable(`Range not served: ${set.refused}`, size);
  // parseRangeSet refuses a set without a satisfiable range
  const [first, second] = set as readonly [ByteRange, ...ByteRange[]];
  if (second === undefined) return planRange(headers, first.start, first.end, size, false);
  headers.set('content-type', MULTIPART_BYTERANGES);
  headers.set('content-length', String(multipartLength(set, size)));
  return { status: 206, headers, start: 0, end: size - 1, parts: set };
}

type Range = { start: number; end: number } | 'whole' | 'unsatisfiable' | 'several';

// Syntax errors fall back to the whole file, as RFC 9110 §14.2 allows; a list of ranges is parsed apart.
function parseRange(header: string, size: number): Range {
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header);
  if (!match) return header.includes(',') ? 'several' : 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    const suffix = Number(last);
    // A zero-length suffix, or any range of an empty file, selects no byte at all.
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

// If-Range needs a strong match; a weak tag or a different date means "send everything".
function ifRangeHolds(ifRange: string | null, etag: string, lastModified: number): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified / 1000);
}

// Strong comparison (RFC 9110 §13.1.1), so a weak tag never matches; hawkBit also takes the bare SHA-1.
function ifMatchHolds(ifMatch: string | null, sha1: string): boolean {
  if (ifMatch === null) return true;
  return ifMatch.split(',').some((tag) => ['*', `"${sha1}"`, sha1].includes(tag.trim()));
}

// If-None-Match uses weak comparison (RFC 9110 §13.1.2), so W/"x" matches "x".
function matchesAny(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === etag);
}

/** hawkBit sends `attachment;filename=<name>`; names that are no plain token are quoted or encoded. */
export function contentDisposition(filename: string): string {
  if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(filename)) return `attachment;filename=${filename}`;
  if (/^[\u0020-\u007e]*$/.test(filename)) return `attachment;filename="${filename.replace(/["\\]/g, '\\$&')}"`;
  // RFC 6266: an ASCII fallback for old clients, the exact name as RFC 5987 UTF-8 for the rest.
  const fallback = filename.replace(/[^\u0020-\u007e]/g, '_').replace(/["\\]/g, '\\$&');
  // encodeURIComponent leaves ' ( ) * alone, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment;filename="${fallback}";filename*=UTF-8''${encoded}`;
}

// Rendered here rather than thrown: the error handler could not add the Content-Range that 416 needs.
function rangeNotSatisfiable(message: string, size: number): Response {
  const error = new DomainError(ErrorCode.rangeNotSatisfiable, message);
  const headers = { 'content-range': `bytes */${size}`, 'x-content-type-options': 'nosniff' };
  return Response.json(exceptionInfo(error).body, { status: 416, headers });
}

function loadFailed(file: ArtifactFile, reason: string): DomainError {
  const message = `The bytes of artifact ${file.filename} cannot be read`;
  return new DomainError(ErrorCode.artifactLoadFailed, message, { sha1: file.sha1, reason });
}

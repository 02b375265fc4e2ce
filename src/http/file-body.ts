import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';

// Measured: 1 MiB reads serve ~1.8× the throughput of Node's 64 KiB default (decision 181).
export const CHUNK_BYTES = 1024 * 1024;

/** Where a body's bytes come from: bytes `start` to `end` (inclusive) of an open file, or a Node stream (a remote store's object). */
type Source =
  | { readonly file: FileRange }
  | {
      readonly stream: () => Readable;
      readonly release: () => void;
    };

interface Registered {
  readonly source: Source;
  /** told the size of each chunk as it leaves (countedBody) */
  readonly counts: ReadonlyArray<(bytes: number) => void>;
}

/** Read buffers of finished downloads, for the next ones: a new 1 MiB buffer per request costs more than its read (decision 186). */
const idleBuffers: Buffer[] = [];
const MAX_IDLE_BUFFERS = 16;

const sources = new WeakMap<ReadableStream<Uint8Array>, Registered>();

/**
 * Bytes `start` to `end` (inclusive, `start <= end`) of an open file as a response body, read in 1 MiB
 * chunks. The body owns the handle from now on: it closes it once the bytes are sent, or the client went
 * away, or the body is cancelled (decisions 141, 186).
 */
export function fileBody(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  return register({ source: { file: new FileRange(handle, start, end) }, counts: [] });
}

/**
 * A remote store's bytes as a response body: `open` makes the stream once the body is read, `release`
 * frees the object when it never is (decision 141).
 */
export function streamBody(open: () => Readable, release: () => void): ReadableStream<Uint8Array> {
  return register({ source: { stream: open, release }, counts: [] });
}

/**
 * `body` with `count` told the size of each chunk as it leaves, for the download metrics (decision 130): a
 * {@link fileBody} or {@link streamBody} stays one, so the count costs the download no web stream.
 */
export function countedBody(body: ReadableStream<Uint8Array>, count: (bytes: number) => void): ReadableStream<Uint8Array> {
  const registered = sources.get(body);
  if (registered === undefined) {
    return body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          count(chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
  }
  sources.delete(body);
  return register({ source: registered.source, counts: [...registered.counts, count] });
}

/**
 * Sends `response` on `outgoing` when its body is a {@link fileBody} or {@link streamBody}: the status and
 * headers as they are, then the bytes written straight to the socket with backpressure: a file through one
 * reused buffer, a stream piped (decision 186). A client going away stops the reads and closes the file or
 * destroys the stream; nothing is logged for it.
 * @returns false for any other response, which the caller sends as usual
 */
export function sendFileBody(response: Response, outgoing: ServerResponse): boolean {
  const body = response.body;
  const registered = body === null ? undefined : sources.get(body);
  if (body === null || registered === undefined) return false;
  sources.delete(body);
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  const { source, counts } = registered;
  const count = countAll(counts);
  if ('file' in source) {
    void sendFile(source.file, outgoing, count);
  } else {
    const stream = source.stream();
    if (count !== undefined) stream.on('data', (chunk: Uint8Array) => count(chunk.byteLength));
    // An error here is the client gone or the source failing midway: the connection ends either way.
    pipeline(stream, outgoing, () => undefined);
  }
  return true;
}

function countAll(counts: ReadonlyArray<(bytes: number) => void>): ((bytes: number) => void) | undefined {
  if (counts.length === 0) return undefined;
  return (bytes) => {
    for (const count of counts) count(bytes);
  };
}

/**
 * Each chunk read into one buffer and written before the next read: the buffer is free again once the
 * socket took the chunk (the write's callback), so a download holds 1 MiB however slow its client.
 */
async function sendFile(file: FileRange, outgoing: ServerResponse, count: ((bytes: number) => void) | undefined): Promise<void> {
  try {
    const buffer = idleBuffers.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
    for (let chunk = await file.read(buffer); chunk !== undefined; chunk = await file.read(buffer)) {
      // a write may still hold the buffer when the client went away: it is not reused then
      if (!(await written(outgoing, chunk))) return;
      count?.(chunk.length);
    }
    outgoing.end();
    if (idleBuffers.length < MAX_IDLE_BUFFERS) idleBuffers.push(buffer);
  } catch {
    // The file failed midway (its Content-Length is sent): only a cut connection tells the client.
    outgoing.destroy();
  } finally {
    await file.close();
  }
}

/** Resolves once `outgoing` took `chunk`: true, or false when the client went away first. */
function written(outgoing: ServerResponse, chunk: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    if (outgoing.destroyed) return resolve(false);
    // Node may never call back a write to a destroyed socket.
    const gone = () => resolve(false);
    outgoing.once('close', gone);
    outgoing.write(chunk, (error) => {
      outgoing.off('close', gone);
      resolve(error == null);
    });
  });
}

function register(registered: Registered): ReadableStream<Uint8Array> {
  const body = webBody(registered);
  sources.set(body, registered);
  return body;
}

/**
 * The bytes as an ordinary web stream, for a response not sent by `listen` (`app.request` in tests):
 * nothing is read before the body is, and a body cancelled unread releases its source.
 */
function webBody({ source, counts }: Registered): ReadableStream<Uint8Array> {
  const count = countAll(counts);
  let next: () => Promise<Uint8Array | undefined>;
  let cancel: () => Promise<void>;
  if ('file' in source) {
    // a new buffer each time: the web stream's reader keeps the chunks
    next = () => source.file.read(Buffer.allocUnsafe(Math.min(CHUNK_BYTES, source.file.remaining)));
    cancel = () => source.file.close();
  } else {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    next = async () => {
      reader ??= (Readable.toWeb(source.stream()) as ReadableStream<Uint8Array>).getReader();
      const { done, value } = await reader.read();
      return done ? undefined : value;
    };
    cancel = async () => {
      if (reader === undefined) source.release();
      else await reader.cancel();
    };
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await next();
        if (chunk === undefined) return controller.close();
        count?.(chunk.byteLength);
        controller.enqueue(chunk);
      },
      cancel,
    },
    { highWaterMark: 0 },
  );
}

/** Bytes `start` to `end` (inclusive) of an open file, read chunk by chunk; the file closes after the last chunk, on an error, or on `close`. */
class FileRange {
  readonly #handle: FileHandle;
  readonly #end: number;
  #position: number;
  #closed: Promise<void> | undefined;

  constructor(handle: FileHandle, start: number, end: number) {
    this.#handle = handle;
    this.#position = start;
    this.#end = end;
  }

  /** how many bytes are still to be read */
  get remaining(): number {
    return this.#end - this.#position + 1;
  }

  /** The next chunk, read into `buffer` and as long as it at most; undefined after the last one. */
  async read(buffer: Buffer): Promise<Buffer | undefined> {
    if (this.#position > this.#end) {
      await this.close();
      return undefined;
    }
    try {
      const { bytesRead } = await this.#handle.read(buffer, 0, Math.min(buffer.length, this.remaining), this.#position);
      // The size was checked when the file was opened: a file that shrank since cannot keep the promised length.
      if (bytesRead === 0) throw new Error(`the file ended at ${this.#position}, before byte ${this.#end}`);
      this.#position += bytesRead;
      return bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  close(): Promise<void> {
    // a failed close leaves nothing to do: the descriptor is gone either way
    this.#closed ??= this.#handle.close().catch(() => undefined);
    return this.#closed;
  }
}

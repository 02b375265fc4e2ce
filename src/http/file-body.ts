import type { ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';

/** How a file body's bytes are read, once: `open` streams them, `release` frees them when they are never read. */
interface FileSource {
  readonly open: () => Readable;
  readonly release: () => void;
}

const sources = new WeakMap<ReadableStream<Uint8Array>, FileSource>();

/**
 * A response body of bytes a Node stream reads (an artifact from disk or from the store). Through `listen`
 * (http-server.ts) the stream is piped to the socket as it is, with its backpressure, after the headers
 * of the Response the whole middleware chain made: no web stream in between, which cost half the
 * throughput of a download. Elsewhere (`app.request` in tests) it is an ordinary web stream. Nothing is
 * read before the body is: `release` frees the source when the body is cancelled unread (decision 141).
 */
export function fileBody(open: () => Readable, release: () => void): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const read = () => (reader ??= (Readable.toWeb(open()) as ReadableStream<Uint8Array>).getReader());
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await read().read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel(reason) {
        if (reader === undefined) release();
        else await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  sources.set(body, { open, release });
  return body;
}

/**
 * `body` with `count` told the size of each chunk as it leaves, for the download metrics (decision 130): a
 * {@link fileBody} stays one, counted on its Node stream, so the count costs the download no web stream.
 */
export function countedBody(body: ReadableStream<Uint8Array>, count: (bytes: number) => void): ReadableStream<Uint8Array> {
  const source = sources.get(body);
  if (source === undefined) {
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
  return fileBody(() => source.open().on('data', (chunk: Uint8Array) => count(chunk.byteLength)), source.release);
}

/**
 * Sends `response` on `outgoing` when its body is a {@link fileBody}: the status and headers as they are,
 * then the source piped to the socket (a client going away destroys the source, which closes its file).
 * @returns false for any other response, which the caller sends as usual
 */
export function sendFileBody(response: Response, outgoing: ServerResponse): boolean {
  const body = response.body;
  const source = body === null ? undefined : sources.get(body);
  if (body === null || source === undefined) return false;
  sources.delete(body);
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  // An error here is the client gone or the source failing midway: the connection ends either way.
  pipeline(source.open(), outgoing, () => undefined);
  return true;
}

import type { IncomingMessage } from 'node:http';

/** Body bytes read and dropped after the answer before the connection is closed anyway (decision 51). */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;
/** Time, from the answer, after which the connection is closed anyway, checked as bytes arrive (decision 51). */
export const LINGER_MAX_MS = 5_000;
/** A lingering connection receiving nothing for this long is closed (decision 51). */
export const LINGER_IDLE_MS = 2_000;

/**
 * Closes the connection of a request whose body is still unread only after a lingering time, as nginx
 * does. Node closes the socket of a `Connection: close` response with `destroySoon()` as soon as the
 * response is written; bytes the client is still sending then meet a closed socket, the kernel answers
 * with a reset, and the client loses the answer it had not read yet. Here the rest of the body is read
 * and dropped from now on; once the response is written, the write side is shut (the client sees the
 * answer end) and the socket is destroyed when the body ends, the client closes, or a bound is reached.
 */
export function lingerBeforeClosing(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  if (socket.destroyed) return;
  const closeSoon = socket.destroySoon.bind(socket);
  let received = 0;
  let answeredAt: number | undefined;
  const expired = () => received > LINGER_MAX_BYTES || (answeredAt !== undefined && performance.now() - answeredAt > LINGER_MAX_MS);
  const close = () => {
    incoming.off('data', count);
    socket.destroySoon = closeSoon;
    closeSoon();
  };
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (answeredAt !== undefined && expired()) close();
  };

  // A handler that gave up reading part-way (a body over a limit) may have left a reader that would
  // buffer and pause the stream: the rest is nobody's now.
  incoming.removeAllListeners('data');
  incoming.on('data', count);
  incoming.once('end', () => answeredAt !== undefined && close());
  incoming.resume();
  // Node calls this once the response is written (and the HTTP adapter again when it gives up draining).
  socket.destroySoon = () => {
    if (answeredAt !== undefined) return;
    answeredAt = performance.now();
    received = 0;
    socket.end();
    socket.setTimeout(LINGER_IDLE_MS); // then http-server.ts destroys it: its answer is sent
    if (incoming.readableEnded) close();
  };
}

import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LINGER_IDLE_MS, LINGER_MAX_BYTES } from '../src/http/lingering-close.js';
import { DATABASE_KINDS } from './support/databases.js';
import { auth, createModule, uploadTempFiles } from './support/software-module-api.js';
import { capturingLogger, startTestServer, type TestServer } from './support/test-server.js';

const MiB = 1024 * 1024;
const BOUNDARY = 'falconet-test-boundary';
const FILE_PART_HEADER = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`;

const openConnections = (t: TestServer) => new Promise<number>((done, fail) => t.server.getConnections((error, count) => (error ? fail(error) : done(count))));

/** A raw connection that keeps sending after the server's FIN, as a client busy uploading does. */
function rawConnection(t: TestServer) {
  const socket = connect({ port: t.port, host: '127.0.0.1', allowHalfOpen: true });
  const state = { received: '', error: undefined as string | undefined, ended: false };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString('latin1')));
  socket.on('end', () => (state.ended = true));
  socket.on('error', (error: NodeJS.ErrnoException) => (state.error = error.code));
  return { socket, state };
}

/** Sends an upload's headers (no credentials, a 1 GiB Content-Length) and the start of its file part. */
function startUnauthorizedUpload(socket: Socket, moduleId: number) {
  socket.write(
    `POST /rest/v1/softwaremodules/${moduleId}/artifacts HTTP/1.1\r\nHost: falconet\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${1024 * MiB}\r\n\r\n${FILE_PART_HEADER}`,
  );
}

describe.each(DATABASE_KINDS)('HTTP connections on %s', (kind) => {
  describe('the lingering close after an answer sent before the request body was read', () => {
    let t: TestServer;
    let moduleId: number;
    beforeAll(async () => {
      t = await startTestServer(kind);
      moduleId = (await createModule(t)).id;
    });
    afterAll(() => t.close());

    it('lingers for a client that keeps sending, and closes once it sent too much', async () => {
      const { socket, state } = rawConnection(t);
      startUnauthorizedUpload(socket, moduleId);
      let written = 0;
      const chunk = Buffer.alloc(MiB);
      const pump = () => {
        let more = true;
        while (more && !socket.destroyed && state.error === undefined) {
          more = socket.write(chunk);
          written += chunk.length;
        }
        if (!socket.destroyed && state.error === undefined) socket.once('drain', pump);
      };
      pump();

      await vi.waitFor(() => expect(state.error).toMatch(/^(EPIPE|ECONNRESET)$/), { timeout: 10_000, interval: 20 });
      expect(state.received).toMatch(/^HTTP\/1\.1 401 /);
      expect(state.received).toMatch(/\r\nconnection: close\r\n/i);
      expect(written).toBeGreaterThan(LINGER_MAX_BYTES);
      await vi.waitFor(async () => expect(await openConnections(t)).toBe(0), { timeout: 5_000, interval: 20 });
    });

    it('lingers for a client that stopped sending, and closes after the idle time', async () => {
      const { socket, state } = rawConnection(t);
      startUnauthorizedUpload(socket, moduleId);
      await vi.waitFor(() => expect(state.received).toMatch(/^HTTP\/1\.1 401 [^]*\r\n\r\n/), { timeout: 5_000, interval: 10 });
      const answered = performance.now();

      expect(await openConnections(t)).toBe(1); // the server has not closed it: it lingers
      await vi.waitFor(async () => expect(await openConnections(t)).toBe(0), { timeout: LINGER_IDLE_MS + 3_000, interval: 20 });
      expect(performance.now() - answered).toBeGreaterThan(LINGER_IDLE_MS / 2);
      socket.destroy();
    });
  });

  describe('timeouts and hang-ups', () => {
    let t: TestServer;
    const capture = capturingLogger();
    beforeAll(async () => {
      t = await startTestServer(kind, { 'http.header_timeout_secs': 1, 'http.idle_timeout_secs': 2 }, capture.logger);
    });
    afterAll(() => t.close());

    it('closes 200 connections sending their headers one byte at a time once the header timeout passed', async () => {
      const request = `GET /health HTTP/1.1\r\nHost: falconet\r\nX-Slow: ${'x'.repeat(200)}`;
      const clients = Array.from({ length: 200 }, () => rawConnection(t));
      let sent = 0;
      const drip = setInterval(() => {
        for (const { socket } of clients) if (!socket.destroyed) socket.write(request.charAt(sent % request.length));
        sent += 1;
      }, 100);
      const silent = rawConnection(t); // one that sends nothing at all
      try {
        // header timeout 1 s, checked every second by Node: all gone within a few seconds
        await vi.waitFor(async () => expect(await openConnections(t)).toBe(201), { timeout: 10_000, interval: 10 });
        await vi.waitFor(async () => expect(await openConnections(t)).toBe(0), { timeout: 10_000, interval: 50 });
      } finally {
        clearInterval(drip);
      }
      // the server's side closes first: the clients read the answer and its end on later turns of the loop
      const everyone = [...clients, silent];
      await vi.waitFor(() => expect(everyone.filter(({ state }) => !state.ended && state.error === undefined)).toHaveLength(0), {
        timeout: 5_000,
        interval: 20,
      });
      expect(everyone.filter(({ state }) => !state.received.startsWith('HTTP/1.1 408 ')).map(({ state }) => state)).toEqual([]);
      for (const { socket } of everyone) socket.destroy();
    });

    it('never limits a whole request: an upload that keeps sending outlasts both timeouts', async () => {
      expect(t.server.requestTimeout).toBe(0);
      const module = await createModule(t);
      const answer = new Promise<number | undefined>((done, fail) => {
        const upload = httpRequest(`${t.base}/rest/v1/softwaremodules/${module.id}/artifacts`, {
          method: 'POST',
          headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        });
        upload.on('response', (response) => done(response.resume().statusCode));
        upload.on('error', fail);
        upload.write(FILE_PART_HEADER);
        let chunks = 0;
        const feed = setInterval(() => {
          upload.write(Buffer.alloc(16 * 1024, 7));
          if (++chunks < 14) return; // 14 × 250 ms: longer than the header and the idle timeout together
          clearInterval(feed);
          upload.end(`\r\n--${BOUNDARY}--\r\n`);
        }, 250);
      });
      expect(await answer).toBe(201);
    });

    it('closes a stalled upload after the idle timeout, keeping nothing and logging no error', async () => {
      const module = await createModule(t);
      const upload = httpRequest(`${t.base}/rest/v1/softwaremodules/${module.id}/artifacts`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      let closed = false;
      upload.on('error', () => (closed = true));
      upload.write(FILE_PART_HEADER);
      upload.write(Buffer.alloc(MiB, 7));

      await vi.waitFor(() => expect(closed).toBe(true), { timeout: 6_000, interval: 50 });
      await vi.waitFor(async () => expect(await uploadTempFiles(t)).toEqual([]), { timeout: 5_000, interval: 20 });
      expect(await t.db('artifacts').where('software_module_id', module.id)).toEqual([]);
      expect(capture.lines().filter((line) => line.level >= 50)).toEqual([]);
    });

    it('treats a client hanging up mid-upload as routine: a debug line, no error line, no row, no temp file', async () => {
      const module = await createModule(t);
      const upload = httpRequest(`${t.base}/rest/v1/softwaremodules/${module.id}/artifacts`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      upload.on('error', () => undefined);
      upload.write(FILE_PART_HEADER);
      const feed = setInterval(() => upload.write(Buffer.alloc(256 * 1024, 7)), 10);
      try {
        await vi.waitFor(async () => expect(await uploadTempFiles(t)).toHaveLength(1), { timeout: 5_000, interval: 10 });
      } finally {
        clearInterval(feed);
        upload.destroy();
      }

      const hungUp = () => capture.lines().filter((line) => line.msg === 'the client closed the connection during the upload');
      await vi.waitFor(() => expect(hungUp()).toHaveLength(1), { timeout: 5_000, interval: 20 });
      await vi.waitFor(async () => expect(await uploadTempFiles(t)).toEqual([]), { timeout: 5_000, interval: 20 });
      expect(hungUp()[0]?.level).toBe(20);
      const requestLine = capture.lines().find((line) => line.msg === 'request' && line['reqId'] === hungUp()[0]?.['reqId']);
      expect(requestLine?.['status']).toBe(499); // nginx's "client closed request": nothing was answered
      expect(await t.db('artifacts').where('software_module_id', module.id)).toEqual([]);
      expect(capture.lines().filter((line) => line.level >= 50)).toEqual([]);
    });
  });
});

/**
 * Time and peak server memory of one large artifact upload (default 1 GiB) to the real server pinned to the
 * server core: this process streams the multipart body in 1 MiB chunks with backpressure, sending the same
 * chunk again and again so that it holds next to nothing itself. The server's memory is read from /proc:
 * VmRSS before, and VmHWM (its peak, reset just before the upload) after.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mgmtClient, startFalconet, type FalconetSetup } from './falconet-server.js';
import { MiB } from './report.js';

export interface UploadFigures {
  readonly bytes: number;
  readonly seconds: number;
  readonly mibPerSecond: number;
  /** the idle server's VmRSS, bytes */
  readonly rssBefore: number;
  /** the highest VmRSS during the upload, bytes */
  readonly peakRss: number;
}

/** Streams a multipart upload of `size` bytes, waiting for 'drain' whenever the socket is full. */
function streamUpload(url: string, authorization: string, moduleId: number, size: number) {
  const boundary = `bench-${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const chunk = randomBytes(MiB);
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = http.request(
      `${url}/rest/v1/softwaremodules/${moduleId}/artifacts`,
      { method: 'POST', headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (part: string) => (text += part));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', fail);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(MiB, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

export async function measureUpload(core: number, setup: FalconetSetup, size: number): Promise<UploadFigures> {
  const server = await startFalconet(core, setup);
  try {
    const [module] = await mgmtClient(server.url, setup.operator)<{ id: number }[]>('POST', '/rest/v1/softwaremodules', [
      { name: 'bench-upload', version: '1', type: 'os' },
    ]);
    const rssBefore = server.rss();
    server.resetPeakRss();
    const started = performance.now();
    const authorization = `Basic ${Buffer.from(`admin:${setup.operator.password}`).toString('base64')}`;
    const uploaded = await streamUpload(server.url, authorization, (module as { id: number }).id, size);
    const seconds = (performance.now() - started) / 1000;
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body}`);
    return { bytes: size, seconds, mibPerSecond: size / MiB / seconds, rssBefore, peakRss: server.peakRss() };
  } finally {
    await server.stop();
  }
}

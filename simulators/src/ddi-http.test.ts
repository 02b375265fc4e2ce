import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DdiHttp, type Link } from './ddi-http.js';
import { seededRandom } from './prng.js';

// Downloads through the faults of a scenario against a small server that answers Range requests: whatever
// is cut or reset, the joined file must have the size and SHA-256 of the original.
const BIG = randomBytes(256 * 1024);
const SMALL = randomBytes(1000);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let server: http.Server;
let url: string;
const ranges: string[] = [];
let dropEvery = 0;
let served = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const FILE = request.url === '/small' ? SMALL : BIG;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    if (range) ranges.push(request.headers.range as string);
    const headers: http.OutgoingHttpHeaders = { 'content-length': FILE.length - start };
    if (range) headers['content-range'] = `bytes ${start}-${FILE.length - 1}/${FILE.length}`;
    response.writeHead(range ? 206 : 200, headers);
    // a flaky link: every dropEvery-th answer loses its connection half-way
    if (dropEvery > 0 && ++served % dropEvery === 0) {
      response.write(FILE.subarray(start, start + Math.floor((FILE.length - start) / 2)), () => response.destroy());
      return;
    }
    response.end(FILE.subarray(start));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const link = (seed: number, faults: Partial<Link>): Link => ({
  random: seededRandom(seed),
  resets: 0,
  cutDownloads: 0,
  bytesPerSec: undefined,
  resetsInjected: 0,
  ...faults,
});

describe('downloads through faults', () => {
  it('joins a cut download resumed with Range into the original file', async () => {
    const client = new DdiHttp(8, 10_000, new AbortController().signal);
    ranges.length = 0;
    const result = await client.download(`${url}/big`, undefined, undefined, link(1, { cutDownloads: 1 }));
    client.close();
    expect(result).toMatchObject({ status: 200, size: BIG.length, sha256: sha256(BIG), cut: true, resumed: 1, rangeIgnored: 0 });
    expect(ranges).toHaveLength(1);
    expect(ranges[0]).toMatch(/^bytes=\d+-$/);
  });

  it('resumes a body cut in its only chunk on a slow link, though its end has arrived with it', async () => {
    const client = new DdiHttp(8, 10_000, new AbortController().signal);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.download(`${url}/small`, undefined, undefined, link(i + 1, { cutDownloads: 1, bytesPerSec: 20_000 }))),
    );
    client.close();
    for (const result of results) expect(result).toMatchObject({ status: 200, size: SMALL.length, sha256: sha256(SMALL), cut: true, resumed: 1 });
  });

  it('keeps every one of 200 downloads whole through cuts, injected resets, dropped connections and slow links', { timeout: 60_000 }, async () => {
    const client = new DdiHttp(32, 10_000, new AbortController().signal);
    dropEvery = 7;
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          client.download(
            `${url}/big`,
            undefined,
            undefined,
            link(i + 1, { cutDownloads: 0.7, resets: 0.2, bytesPerSec: i % 10 === 0 ? 4 * 1024 * 1024 : undefined }),
          ),
        ),
      );
      for (const result of results) expect(result).toMatchObject({ status: 200, size: BIG.length, sha256: sha256(BIG) });
      expect(results.filter((result) => result.cut).length).toBeGreaterThan(100);
    } finally {
      dropEvery = 0;
      client.close();
    }
  });
});

describe('keep-alive', () => {
  it('closes an idle connection before the server says it will, so that no request is sent on one being closed', { timeout: 20_000 }, async () => {
    // a server that announces a 2 s keep-alive timeout and never closes a connection itself
    const sockets: Socket[] = [];
    const ended: Socket[] = [];
    let clientClosed = () => undefined as void;
    const closedByClient = new Promise<void>((resolve) => (clientClosed = resolve));
    const raw = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: keep-alive\r\nkeep-alive: timeout=2\r\n\r\n'));
      socket.on('end', () => (ended.push(socket), socket.end(), clientClosed()));
    });
    await new Promise<void>((ready) => raw.listen(0, '127.0.0.1', ready));
    const client = new DdiHttp(4, 30_000, new AbortController().signal);
    try {
      const answer = await client.json('poll', 'GET', `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`, undefined);
      expect(answer.status).toBe(200);
      // the client's close, or the deadline: a client that keeps the connection never closes it
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closedByClient, new Promise<void>((resolve) => (timer = setTimeout(resolve, 15_000)))]);
      clearTimeout(timer);
      expect(sockets).toHaveLength(1);
      expect(ended).toEqual(sockets);
    } finally {
      client.close();
      await new Promise<void>((done) => raw.close(() => done()));
    }
  });
});

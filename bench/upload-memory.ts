/**
 * Peak memory of the server while it receives one large artifact upload (default 1 GiB):
 *   npx tsx bench/upload-memory.ts [size in MiB]
 * The real server (buildApp behind @hono/node-server's `serve`, SQLite file, artifact dir in a temp
 * directory) runs in a child process that samples its own RSS every 10 ms; this process streams the
 * multipart body to it over HTTP in 1 MiB chunks with backpressure, generating the same chunk again
 * and again so that it holds next to nothing itself, and prints the child's baseline and peak RSS.
 * The server's RSS is sampled from inside the child, so the client's memory never counts.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import argon2 from 'argon2';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { configFromValues } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices } from '../src/services.js';

const PASSWORD = 'bench-password';
const MiB = 1024 * 1024;
const authorization = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

interface Memory {
  baseline: number;
  peak: number;
}

async function runServer(dir: string): Promise<void> {
  const config = configFromValues({
    bind: '127.0.0.1:0',
    database_url: `sqlite:${join(dir, 'falconet.db')}`,
    artifact_dir: join(dir, 'artifacts'),
    'mgmt.username': 'admin',
    'mgmt.password_hash': await argon2.hash(PASSWORD, { type: argon2.argon2id }),
  });
  const db = openDatabase(config.databaseUrl);
  await migrate(db);
  const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];
  const services = createServices(config, db, Date.now, pino({ level: 'silent' }));
  const app = buildApp({ config, services, operations, logger: pino({ level: 'silent' }) });
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
    const memory: Memory = { baseline: process.memoryUsage().rss, peak: 0 };
    setInterval(() => (memory.peak = Math.max(memory.peak, process.memoryUsage().rss)), 10);
    process.on('message', (message) => {
      if (message === 'memory') process.send?.(memory);
    });
    process.send?.({ port: info.port });
  });
}

function request(port: number, path: string, method: string, headers: http.OutgoingHttpHeaders, body?: string) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { authorization, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** Streams a multipart upload of `size` bytes, waiting for 'drain' whenever the socket is full. */
function streamUpload(port: number, moduleId: number, size: number) {
  const boundary = `bench-${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const chunk = randomBytes(MiB);
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/rest/v1/softwaremodules/${moduleId}/artifacts`,
        method: 'POST',
        headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
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

async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? 1024) * MiB;
  const dir = mkdtempSync(join(tmpdir(), 'falconet-upload-bench-'));
  const child = fork(fileURLToPath(import.meta.url), ['--server', dir], { stdio: 'inherit' });
  const next = <T>() => new Promise<T>((resolveMessage) => child.once('message', (message) => resolveMessage(message as T)));
  try {
    const { port } = await next<{ port: number }>();
    const created = await request(port, '/rest/v1/softwaremodules', 'POST', { 'content-type': 'application/json' }, JSON.stringify([{ name: 'bench', version: '1', type: 'os' }]));
    const moduleId = (JSON.parse(created.body) as { id: number }[])[0]?.id as number;
    const started = process.hrtime.bigint();
    const uploaded = await streamUpload(port, moduleId, size);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body}`);
    const memoryReport = next<Memory>();
    child.send('memory');
    const { baseline, peak } = await memoryReport;
    const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
    console.log(`upload of ${mib(size)}: ${seconds.toFixed(1)} s (${(size / MiB / seconds).toFixed(0)} MiB/s)`);
    console.log(`server RSS: ${mib(baseline)} before, peak ${mib(peak)} during the upload (+${mib(peak - baseline)})`);
  } finally {
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--server') await runServer(process.argv[3] as string);
else await main();

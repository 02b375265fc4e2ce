import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER_MAX_BYTES } from '../src/http/lingering-close.js';
import { startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { auth, jsonHeaders } from './support/software-module-api.js';

const MiB = 1024 * 1024;
const BODY = Buffer.alloc(8 * MiB, 0x20);
const TRIES = 20;

// The server runs in its own process, as in production: with client and server sharing one event loop,
// the client reads the answer before the server closes, and the test could not fail.
describe.each(DATABASE_KINDS)('an answer sent before the request body was read, on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let server: CliServer;
  let moduleId: number;
  let lockedModuleId: number;
  const call = async <T>(method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.base}${path}`, { method, headers: jsonHeaders, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-early-'));
    database = await createTestDatabase(kind);
    server = await startCliServer(writeServerConfig(dir, 'falconet', kind === 'sqlite' ? `sqlite:${join(dir, 'falconet.db')}` : database.url));
    const modules = await call<Array<{ id: number }>>('POST', '/rest/v1/softwaremodules', [
      { name: 'open', version: '1', type: 'os' },
      { name: 'locked', version: '1', type: 'os' },
    ]);
    [moduleId, lockedModuleId] = modules.map((module) => module.id) as [number, number];
    // A module whose set is assigned is locked (423).
    const [set] = await call<Array<{ id: number }>>('POST', '/rest/v1/distributionsets', [
      { name: 'locked', version: '1', type: 'os', modules: [{ id: lockedModuleId }] },
    ]);
    await call('POST', '/rest/v1/targets', [{ controllerId: 'dev-1' }]);
    await call('POST', '/rest/v1/targets/dev-1/assignedDS', { id: set?.id });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const form = () => {
    const data = new FormData();
    data.append('file', new Blob([BODY]), 'big.bin');
    return data;
  };
  // As much as the server drains after its answer (LINGER_MAX_BYTES): far more than the socket buffers on both
  // sides hold, so the client is still sending when the server answers, yet never beyond the drain's cap, where
  // the server closes anyway and a client slow to read its answer (a loaded machine) would meet a reset first.
  const chunked = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < LINGER_MAX_BYTES; offset += MiB) controller.enqueue(BODY.subarray(0, MiB));
        controller.close();
      },
    });
  const cases: Array<[string, () => string, () => RequestInit, number]> = [
    ['401 to an upload without credentials', () => `/rest/v1/softwaremodules/${moduleId}/artifacts`, () => ({ body: form() }), 401],
    ['404 to an upload to an unknown module', () => '/rest/v1/softwaremodules/999999/artifacts', () => ({ headers: auth, body: form() }), 404],
    ['423 to an upload to a locked module', () => `/rest/v1/softwaremodules/${lockedModuleId}/artifacts`, () => ({ headers: auth, body: form() }), 423],
    ['413 to a JSON body over the limit', () => '/rest/v1/targets', () => ({ headers: jsonHeaders, body: BODY }), 413],
    ['413 to a chunked JSON body over the limit', () => '/rest/v1/targets', () => ({ headers: jsonHeaders, body: chunked(), duplex: 'half' }), 413],
  ];

  it.each(cases)(`reaches Node's fetch still sending a large body, ${TRIES} times in ${TRIES}: %s`, async (_name, path, init, status) => {
    const outcomes: Array<number | string> = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const outcome = await fetch(`${server.base}${path()}`, { method: 'POST', ...init() }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      outcomes.push(outcome);
    }
    expect(outcomes).toEqual(Array(TRIES).fill(status));
  });
});

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { basicAuth } from './support/test-app.js';

const MiB = 1024 * 1024;
const BOUNDARY = 'falconet-test-boundary';

describe.each(DATABASE_KINDS)('upload temp files after a crash, on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let server: CliServer | undefined;
  const tempDir = () => join(dir, 'artifacts', 'tmp');
  const partFiles = () => readdirSync(tempDir(), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.part'));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-crash-'));
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are gone as soon as the restarted server listens, when SIGKILL cut the upload off', async () => {
    const config = writeServerConfig(dir, 'falconet', kind === 'sqlite' ? `sqlite:${join(dir, 'falconet.db')}` : database.url);
    const first = await startCliServer(config);
    server = first;
    const created = await fetch(`${first.base}/rest/v1/softwaremodules`, {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      body: JSON.stringify([{ name: 'firmware', version: '1.0', type: 'os' }]),
    });
    const [module] = (await created.json()) as [{ id: number }];

    // A slow, endless stream: whenever the server dies, it is in the middle of this upload.
    const upload = httpRequest(`${first.base}/rest/v1/softwaremodules/${module.id}/artifacts`, {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    upload.on('error', () => undefined); // the server is killed under it
    upload.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`);
    const feeding = setInterval(() => upload.write(Buffer.alloc(256 * 1024, 1)), 20);
    try {
      await vi.waitFor(
        () => {
          const [part] = partFiles();
          expect(part && statSync(join(tempDir(), part)).size).toBeGreaterThan(MiB);
        },
        { timeout: 15_000, interval: 50 },
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
    } finally {
      clearInterval(feeding);
      upload.destroy();
    }
    expect(partFiles()).toHaveLength(1); // the crash left it behind

    server = await startCliServer(config);
    expect(readdirSync(tempDir())).toEqual([]);
    expect(server.logs()).toMatch(/"removed":1,.*"msg":"removed the temp files of uploads that crashed processes left"/);
  });
});

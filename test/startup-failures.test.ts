import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, writeServerConfig } from './support/cli-server.js';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
const postgresUrl = process.env['FALCONET_TEST_DATABASE_URL'];

/** Runs `falconet serve --config file` to its exit; the exit code and what it wrote to stderr. */
function serve(file: string) {
  return new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--config', file], { env: cleanEnv() });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stderr }));
  });
}

/** A TCP server on a free loopback port, answering each connection with `onConnection`. */
async function tcpServer(onConnection: Parameters<typeof createServer>[1] = () => undefined): Promise<Server> {
  const server = createServer(onConnection);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  servers.push(server);
  return server;
}
const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** One PostgreSQL protocol message: type byte, Int32 length (itself included), body. */
const message = (type: string, body: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
};

/**
 * A PostgreSQL server that asks for a cleartext password and refuses whichever comes, as a server whose
 * pg_hba.conf says `password` does to a wrong one (the machine's own PostgreSQL trusts local connections).
 */
const refusingPostgres = () =>
  tcpServer((socket) => {
    let asked = false;
    socket.on('data', () => {
      if (!asked) {
        asked = true;
        socket.write(message('R', Buffer.from([0, 0, 0, 3])));
        return;
      }
      const fields = ['SFATAL', 'VFATAL', 'C28P01', 'Mpassword authentication failed for user "falconet"'];
      socket.end(message('E', Buffer.concat([...fields.map((field) => Buffer.from(`${field}\0`)), Buffer.from([0])])));
    });
  });

let dir: string;
const servers: Server[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'falconet-startup-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((closed) => server.close(closed))));
  rmSync(dir, { recursive: true, force: true });
});

/** The failure is one line on stderr naming `setting`, and the exit code 2 of a configuration error. */
async function expectStartupFailure(file: string, setting: string, ...parts: string[]) {
  const { code, stderr } = await serve(file);
  expect(code).toBe(2);
  expect(stderr).toMatch(new RegExp(`^falconet: ${setting}[: ].*\\n$`));
  for (const part of parts) expect(stderr).toContain(part);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('falconet serve fails to start with one line naming the setting and the fix', () => {
  it.runIf(postgresUrl)('when the PostgreSQL database does not exist', async () => {
    const url = new URL(postgresUrl as string);
    const name = `falconet_missing_${randomBytes(4).toString('hex')}`;
    url.pathname = `/${name}`;
    await expectStartupFailure(writeServerConfig(dir, 'missing', url.href), 'database_url', `'${name}' does not exist`, `createdb -h ${url.hostname}`);
  });

  it('when PostgreSQL is unreachable', async () => {
    const closed = await tcpServer();
    const port = portOf(closed);
    await new Promise((done) => closed.close(done));
    const file = writeServerConfig(dir, 'unreachable', `postgres://falconet:secret@127.0.0.1:${port}/falconet`);
    await expectStartupFailure(file, 'database_url', `cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED)`, 'start it');
    expect((await serve(file)).stderr).not.toContain('secret');
  });

  it('when PostgreSQL refuses the password', async () => {
    const port = portOf(await refusingPostgres());
    const file = writeServerConfig(dir, 'refused', `postgres://falconet:wrong@127.0.0.1:${port}/falconet`);
    await expectStartupFailure(file, 'database_url', `refused user 'falconet'`, 'fix the user and password in database_url');
  });

  it('when the port is in use', async () => {
    const port = portOf(await tcpServer());
    const file = writeServerConfig(dir, 'in-use', 'sqlite::memory:');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^bind = .*$/m, `bind = "127.0.0.1:${port}"`));
    await expectStartupFailure(file, 'bind', `127.0.0.1:${port} is already in use`, 'set bind to a free port');
  });

  it('when the artifact directory cannot be written', async () => {
    // a regular file where the directory should be: root, as CI runs, may write anywhere else
    writeFileSync(join(dir, 'artifacts'), '');
    await expectStartupFailure(
      writeServerConfig(dir, 'artifacts', 'sqlite::memory:'),
      'artifact_dir',
      `'${join(dir, 'artifacts')}' is not a writable directory`,
    );
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './databases.js';
import { TEST_PASSWORD_HASH } from './test-app.js';

const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;

/** A compiled `falconet serve` in a child process. */
export interface FalconetProcess {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  readonly child: ChildProcess;
  /** everything it printed so far (JSON log lines) */
  logs: string;
}

/**
 * Starts `falconet serve` on `databaseUrl` with the test operator account, on a free port, with the
 * evaluator every second and logging at debug; `settings` adds TOML lines. Resolves once it listens.
 */
export async function startFalconet(dir: string, name: string, databaseUrl: string, settings = ''): Promise<FalconetProcess> {
  const file = join(dir, `${name}.toml`);
  writeFileSync(
    file,
    `bind = "127.0.0.1:0"\ndatabase_url = "${databaseUrl}"\nartifact_dir = "${join(dir, 'artifacts')}"\n` +
      `rollout_eval_interval_secs = 1\nlog_level = "debug"\n${settings}\n` +
      `[mgmt]\nusername = "admin"\npassword_hash = "${TEST_PASSWORD_HASH}"\n`,
  );
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^FALCONET_/i.test(key)));
  const child = spawn(process.execPath, [CLI, 'serve', '--config', file], { env });
  const server = { child, logs: '', base: '' };
  server.base = await new Promise<string>((ready, fail) => {
    let listening = false;
    child.stdout.on('data', (chunk: Buffer) => {
      server.logs += chunk.toString();
      // searched only until found: the logs grow by a line per request
      const found = listening ? null : /Falconet listening on (http:\/\/\S+?)"/.exec(server.logs);
      if (found) {
        listening = true;
        ready(found[1] as string);
      }
    });
    child.on('exit', (code) => fail(new Error(`server ${name} exited with ${code}: ${server.logs}`)));
  });
  return server;
}

/** SIGTERM, and waits for the process to exit. */
export async function stopFalconet(server: FalconetProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
}

/** The log lines of a process with message `msg`, parsed. */
export function logLines<T = Record<string, unknown>>(server: FalconetProcess, msg: string): T[] {
  return server.logs
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as T);
}

/** Two processes sharing one fresh PostgreSQL database and one artifact directory. */
export interface FalconetPair {
  readonly servers: readonly [FalconetProcess, FalconetProcess];
  /** the shared database's `database_url` */
  readonly databaseUrl: string;
  /** stops both, drops the database, removes the directory */
  stop(): Promise<void>;
}

/**
 * Starts two processes at once on a fresh PostgreSQL database, as a scale-out deployment starts: both migrate
 * it. `settings` adds TOML lines to both configurations.
 */
export async function startFalconetPair(settings = ''): Promise<FalconetPair> {
  const dir = mkdtempSync(join(tmpdir(), 'falconet-pair-'));
  const database = await createTestDatabase('postgres');
  const servers = await Promise.all([startFalconet(dir, 'a', database.url, settings), startFalconet(dir, 'b', database.url, settings)] as const);
  return {
    servers,
    databaseUrl: database.url,
    async stop() {
      for (const server of servers) await stopFalconet(server);
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

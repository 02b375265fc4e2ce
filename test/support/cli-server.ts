import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_PASSWORD_HASH } from './test-app.js';

const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;

/** A running `falconet serve` and everything it has logged so far. */
export interface CliServer {
  readonly child: ChildProcess;
  /** `http://host:port` it listens on */
  readonly base: string;
  readonly logs: () => string;
  /** resolves with the exit code, or the signal that ended it */
  readonly exited: Promise<number | string | null>;
}

/** Writes `dir/<name>.toml` with the test operator, `artifact_dir` `dir/artifacts` and `extra` lines. */
export function writeServerConfig(dir: string, name: string, databaseUrl: string, extra = ''): string {
  const file = join(dir, `${name}.toml`);
  writeFileSync(
    file,
    `bind = "127.0.0.1:0"\ndatabase_url = "${databaseUrl}"\nartifact_dir = "${join(dir, 'artifacts')}"\n${extra}\n` +
      `[mgmt]\nusername = "admin"\npassword_hash = "${TEST_PASSWORD_HASH}"\n`,
  );
  return file;
}

/** The environment without FALCONET_ variables, so the developer's shell cannot leak into a test, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^FALCONET_/i.test(key))), ...extra };
}

/**
 * Starts `falconet serve --config configFile` (the compiled `dist/cli.js`, or the executable `command`, e.g.
 * an installed `bin/falconet`) with `cleanEnv(env)`; resolves once it listens.
 */
export async function startCliServer(configFile: string, options: { command?: string; env?: Record<string, string> } = {}): Promise<CliServer> {
  const [file, args] = options.command === undefined ? [process.execPath, [CLI]] : [options.command, []];
  const child = spawn(file, [...args, 'serve', '--config', configFile], { env: cleanEnv(options.env) });
  let logs = '';
  const exited = new Promise<number | string | null>((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  const base = await new Promise<string>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      logs += chunk.toString();
      const found = /Falconet listening on (http:\/\/\S+?)"/.exec(logs);
      if (found) ready(found[1] as string);
    });
    child.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    void exited.then((code) => fail(new Error(`falconet serve exited with ${code}: ${logs}`)));
  });
  return { child, base, logs: () => logs, exited };
}

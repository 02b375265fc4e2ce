import { spawn } from 'node:child_process';
import { StartupError } from '../startup-errors.js';

/**
 * The libpq connection of a `postgres://` database URL for PostgreSQL's own tools: the URL without its
 * password, which goes into the environment as PGPASSWORD instead, where `ps` does not show it.
 */
export function libpqConnection(url: string, env: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  if (parsed.password === '') return { dbname: url, env };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: { ...env, PGPASSWORD: password } };
}

/**
 * Runs `pg_dump` or `pg_restore` to its end. Not installed, or a failure, is a one-line StartupError with
 * the tool's last line of complaint.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'ENOENT'
          ? new StartupError(`${tool} is not installed or not on PATH: install PostgreSQL's client tools, of the server's major version or newer`)
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) return done();
      const complaint = stderr.trim().split('\n').filter(Boolean).at(-1) ?? 'no message';
      fail(new StartupError(`${tool} failed with exit code ${String(code)}: ${complaint}`));
    });
  });
}

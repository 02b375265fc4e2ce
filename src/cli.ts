#!/usr/bin/env node
// first: it holds the young generation still while the server loads and starts (decision 269)
import './startup-heap.js';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashPassword } from './auth/password-hash.js';
import { ConfigError, loadConfig } from './config.js';
import { StartupError } from './startup-errors.js';

const USAGE = `Usage: falconet <command> [options]

Commands:
  serve --config FILE.toml   run the server
  hash-password              read a password on stdin, print its argon2id hash for [mgmt] password_hash
  backup --config FILE OUT   copy the database and artifacts into the new folder OUT, while the server runs
  restore --config FILE IN   restore backup folder IN into the configured, empty database and artifact_dir

Options:
  --version                  print the version and exit

Run 'falconet <command> --help' for a command's options.`;

const SERVE_USAGE = `Usage: falconet serve --config FILE.toml

Runs the Falconet server with the given TOML configuration. Every key can be overridden by an
environment variable FALCONET_<KEY>, nested tables joined by '__' (FALCONET_DDI__GATEWAY_TOKEN).
Exits with code 2 when the configuration is invalid.`;

const HASH_USAGE = `Usage: falconet hash-password < password.txt

Reads a password on standard input (typed, without echo, when it is a terminal; otherwise the whole
input without its trailing newline) and prints its argon2id hash for [mgmt] password_hash.`;

const BACKUP_USAGE = `Usage: falconet backup --config FILE.toml OUT

Writes a consistent copy of the configured database and of every artifact it references into folder OUT,
which must be new or empty, while servers keep running: SQLite through its online backup API, PostgreSQL
through pg_dump. Artifacts in an S3 bucket stay there. See docs/backup.md. Exits with code 2 on failure.`;

const RESTORE_USAGE = `Usage: falconet restore --config FILE.toml [--force] IN

Restores backup folder IN into the configured database and artifact_dir. Refuses a database that holds
data unless --force (stop every server first), and a backup newer than this build. See docs/backup.md.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') return print(version(), 0);
  if (command === 'serve') {
    const { values } = parseArgs({ args: rest, options: { config: { type: 'string', short: 'c' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) return print(SERVE_USAGE, 0);
    if (values.config === undefined) return fail(`missing --config FILE.toml\n\n${SERVE_USAGE}`);
    // loaded once the young generation holds still: a module graph is read and compiled before any of it runs
    const { runServer } = await import('./main.js');
    await runServer(values.config);
    return 0;
  }
  if (command === 'hash-password') {
    const { values } = parseArgs({ args: rest, options: { help: { type: 'boolean', short: 'h' } } });
    if (values.help) return print(HASH_USAGE, 0);
    const password = await readPassword();
    if (password === '') return fail('the password must not be empty');
    console.log(await hashPassword(password));
    return 0;
  }
  if (command === 'backup' || command === 'restore') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { config: { type: 'string', short: 'c' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    const usage = command === 'backup' ? BACKUP_USAGE : RESTORE_USAGE;
    if (values.help) return print(usage, 0);
    if (values.config === undefined || positionals.length !== 1) return fail(`needs --config FILE.toml and one folder\n\n${usage}`);
    if (command === 'backup' && values.force) return fail(`backup has no --force\n\n${usage}`);
    const { config } = loadConfig(values.config, process.env);
    const folder = positionals[0] as string;
    const summary =
      command === 'backup'
        ? await (await import('./backup/backup.js')).backup(config, folder, version(), process.env)
        : await (await import('./backup/restore.js')).restore(config, folder, values.force ?? false, process.env);
    return print(summary, 0);
  }
  return fail(`unknown command '${command}'\n\n${USAGE}`);
}

/** The version of the package this file was built in: dist/cli.js (and src/cli.ts) sit one level below package.json. */
function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

function print(text: string, code: number): number {
  console.log(text);
  return code;
}

function fail(message: string): number {
  console.error(`falconet: ${message}`);
  return 2;
}

async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  process.stderr.write('Password: ');
  stdin.setRawMode(true);
  let password = '';
  try {
    for await (const chunk of stdin) {
      for (const char of (chunk as Buffer).toString('utf8')) {
        if (char === '\u0003') throw new Error('cancelled');
        if (char === '\r' || char === '\n' || char === '\u0004') return password;
        password = char === '\u007f' ? password.slice(0, -1) : password + char;
      }
    }
    return password;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`falconet: ${(error as Error).message}`);
      process.exitCode = 2;
    } else if (error instanceof StartupError) {
      console.error(`falconet: ${error.message}`);
      // the database pool or the scheduler may be open: a failed start must not keep the process alive
      process.exit(2);
    } else {
      console.error('falconet: failed to start:', error);
      // Whatever startup had opened (database pool, listener) must not keep a failed process alive.
      process.exit(1);
    }
  },
);

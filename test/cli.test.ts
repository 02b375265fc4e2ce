import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS } from './support/databases.js';
import { basicAuth, TEST_PASSWORD_HASH } from './support/test-app.js';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
/** argon2id of 'admin', the demo password of falconet.toml */
const DEMO_HASH = '$argon2id$v=19$m=65536,t=3,p=4$z18AA21X6i3hBkXOy2lVHw$SYtziIei5tKFPZw+54HoP6RCg+Ds74uyTQvnKunCL4I';

/** The environment without our own variables, so the developer's shell cannot leak into a test. */
const cleanEnv = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^FALCONET_/i.test(name))),
  ...extra,
});

function run(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: cleanEnv(options.env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'falconet-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeConfig = (text: string) => {
  const file = join(dir, 'falconet.toml');
  writeFileSync(file, text);
  return file;
};
const validConfig = (databaseUrl: string, hash = TEST_PASSWORD_HASH, extra = '') => `
bind = "127.0.0.1:0"
database_url = "${databaseUrl}"
artifact_dir = "${join(dir, 'artifacts')}"
${extra}
[mgmt]
username = "admin"
password_hash = "${hash}"
`;

describe('falconet command line', () => {
  it.each([[['--help']], [['serve', '--help']], [['hash-password', '--help']]])('prints help for %j', async (args) => {
    const { code, stdout } = await run(args);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: falconet/);
  });

  it('prints the version of package.json', async () => {
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe((JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version);
  });

  it.each([[[]], [['frobnicate']], [['serve']], [['serve', '--bogus']]])('exits 2 on a usage error %j', async (args) => {
    expect((await run(args)).code).toBe(2);
  });

  it('hashes a password read on stdin as argon2id', async () => {
    const { code, stdout } = await run(['hash-password'], { stdin: 'correct horse\n' });
    expect(code).toBe(0);
    const hash = stdout.trim();
    // libargon2's order, which other argon2 tools parse
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(await argon2.verify(hash, 'correct horse')).toBe(true);
  });

  it('refuses an empty password', async () => {
    const { code, stderr } = await run(['hash-password'], { stdin: '\n' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/must not be empty/);
  });

  it('exits 2 naming an unreadable configuration file', async () => {
    const { code, stderr } = await run(['serve', '--config', join(dir, 'missing.toml')]);
    expect(code).toBe(2);
    expect(stderr).toContain('missing.toml');
  });

  it('exits 2 naming a misspelled key, before opening the database', async () => {
    const database = join(dir, 'db', 'falconet.db');
    const file = writeConfig(validConfig(`sqlite:${database}`, TEST_PASSWORD_HASH, '[ddi]\ngateway_tokn = "x"'));
    const { code, stderr } = await run(['serve', '--config', file]);
    expect(code).toBe(2);
    expect(stderr).toContain("'ddi.gateway_tokn'");
    expect(existsSync(database)).toBe(false);
  });

  it('exits 2 naming a missing key and a bad environment override', async () => {
    const missing = await run(['serve', '--config', writeConfig('bind = "127.0.0.1:0"\n')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("'database_url'");
    const file = writeConfig(validConfig('sqlite::memory:'));
    const badEnv = await run(['serve', '--config', file], { env: { FALCONET_DDI__POLLING_INTERVAL: '5 minutes' } });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toContain("'ddi.polling_interval' (from FALCONET_DDI__POLLING_INTERVAL)");
  });

  it.each([
    ['query', 'updatestatus==error', '00:02:00', 'entry 2 has an invalid query "updatestatus==error"'],
    ['query', 'name==(', '00:02:00', 'entry 2 has an invalid query "name==("'],
    ['interval', 'name==b*', '00:02:00~150%', 'entry 2: interval must be a duration HH:mm:ss'],
  ])('exits 2 naming [[ddi.polling_overrides]] and the entry of a bad %s, before opening the database', async (_part, query, interval, problem) => {
    const database = join(dir, 'db', 'falconet.db');
    const overrides = `[[ddi.polling_overrides]]\nquery = "name==a*"\ninterval = "00:10:00"\n[[ddi.polling_overrides]]\nquery = "${query}"\ninterval = "${interval}"`;
    const { code, stderr } = await run(['serve', '--config', writeConfig(validConfig(`sqlite:${database}`, TEST_PASSWORD_HASH, overrides))]);
    expect(code).toBe(2);
    expect(stderr).toContain("configuration key 'ddi.polling_overrides'");
    expect(stderr).toContain(problem);
    expect(existsSync(database)).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('falconet serve on %s', (kind) => {
  it('serves, warns about the demo account and the confirmation flow, and stops cleanly on SIGTERM', async () => {
    const database = await createTestDatabase(kind);
    const url = kind === 'sqlite' ? `sqlite:${join(dir, 'falconet.db')}` : database.url;
    const file = writeConfig(validConfig(url, DEMO_HASH, '[ddi]\nconfirmation_flow = true'));
    const child = spawn(process.execPath, [CLI, 'serve', '--config', file], { env: cleanEnv() });
    try {
      let logs = '';
      const base = await new Promise<string>((ready, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          logs += chunk.toString();
          const found = /Falconet listening on (http:\/\/\S+?)"/.exec(logs);
          if (found) ready(found[1] as string);
        });
        child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${logs}`)));
      });
      expect(logs).toMatch(/DEMO ACCOUNT/);
      expect(logs).toMatch(/confirmation_flow is on/);
      expect(await (await fetch(`${base}/health`)).text()).toBe('ok');
      expect((await fetch(`${base}/rest/v1/session`, { headers: { authorization: basicAuth('admin', 'admin') } })).status).toBe(204);
      expect((await fetch(`${base}/rest/v1/session`, { headers: { authorization: basicAuth('admin', 'wrong') } })).status).toBe(401);

      const exited = new Promise<number | null>((done) => child.on('exit', done));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(logs).toMatch(/"msg":"stopped"/);
    } finally {
      child.kill('SIGKILL');
      await database.drop();
    }
  });
});

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, writeServerConfig } from './support/cli-server.js';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

// `npm pack` of the built tree (the build is the test run's own, so its scripts are skipped), then a global
// install of the tarball into a scratch prefix, as an operator installs it: dependencies come from the npm
// cache or registry and the native ones (argon2, better-sqlite3) build or load their binaries.
describe('the npm package', () => {
  let dir: string;
  let bin: string;
  let prefix: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-pack-'));
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    prefix = join(dir, 'prefix');
    await run('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(dir, filename)], {
      cwd: dir,
    });
    bin = join(prefix, 'bin');
  }, 900_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('installs falconet, which prints its version', async () => {
    expect((await run(join(bin, 'falconet'), ['--version'])).stdout.trim()).toBe(version);
  });

  it('installs falconet-sim, which prints its help', async () => {
    expect((await run(join(bin, 'falconet-sim'), ['--help'])).stdout).toMatch(/^Usage: falconet-sim/);
    // the check command loads the typed client from the package's dist/client (decision 240)
    expect((await run(join(bin, 'falconet-sim'), ['check', '--help'])).stdout).toMatch(/^Usage: falconet-sim check/);
  });

  it('exports the typed client as falconet/client, its runtime dependency installed', async () => {
    // a project whose node_modules holds the installed package
    const project = join(dir, 'project');
    mkdirSync(project);
    symlinkSync(join(prefix, 'lib', 'node_modules'), join(project, 'node_modules'));
    const script = "const c = await import('falconet/client'); console.log(typeof c.createFalconetClient, typeof c.unwrap)";
    expect((await run('node', ['--input-type=module', '-e', script], { cwd: project })).stdout.trim()).toBe('function function');
  });

  it('exports the typed client as falconet/client, its runtime dependency installed', async () => {
    // a project whose node_modules holds the installed package
    const project = join(dir, 'project');
    mkdirSync(project);
    symlinkSync(join(prefix, 'lib', 'node_modules'), join(project, 'node_modules'));
    const script = "const c = await import('falconet/client'); console.log(typeof c.createFalconetClient, typeof c.unwrap)";
    expect((await run('node', ['--input-type=module', '-e', script], { cwd: project })).stdout.trim()).toBe('function function');
  });

  it('serves from the installed package, the console and the OpenAPI documents included', async () => {
    const server = await startCliServer(writeServerConfig(dir, 'installed', 'sqlite::memory:'), { command: join(bin, 'falconet') });
    try {
      expect(await (await fetch(`${server.base}/health`)).text()).toBe('ok');
      expect((await fetch(`${server.base}/ui/`)).status).toBe(200);
      expect((await fetch(`${server.base}/ui/api-reference/swagger-ui-bundle.js`)).status).toBe(200);
      expect(((await (await fetch(`${server.base}/rest/v1/openapi.json`)).json()) as { openapi: string }).openapi).toBe('3.0.3');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});

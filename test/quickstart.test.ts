import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from './support/cli-server.js';
import { basicAuth } from './support/test-app.js';

const ROOT = new URL('..', import.meta.url).pathname;
/** The address the README's commands name: the `bind` of falconet.toml. */
const README_BASE = 'http://127.0.0.1:8080';

/** The shell block between `<!-- quickstart -->` and `<!-- /quickstart -->` in README.md. */
function quickstartCommands(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /<!-- quickstart -->\n```sh\n([\s\S]*?)```\n<!-- \/quickstart -->/.exec(readme);
  if (!section) throw new Error('README.md has no quickstart block');
  return section[1] as string;
}

/** The client variant between `<!-- quickstart-client -->` markers: quickstart.mjs and the shell lines that run it. */
function clientQuickstart(): { script: string; commands: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /<!-- quickstart-client -->\n```js\n([\s\S]*?)```\n\n```sh\n([\s\S]*?)```\n<!-- \/quickstart-client -->/.exec(readme);
  if (!section) throw new Error('README.md has no quickstart-client block');
  return { script: section[1] as string, commands: section[2] as string };
}

/** Runs `script` in bash in `cwd` (stopping at the first failing command); resolves with its exit code and output. */
function runBash(script: string, cwd: string, deadlineMs: number) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // the script's background simulator is in the same process group
    const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), deadlineMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

// The README's quickstart, as a new user runs it: `npm start` (falconet.toml, here on a free port and a
// fresh database), then the quickstart lines in a second shell in the clone. A scratch directory whose
// node_modules is the clone's stands in for the clone, so that firmware.bin lands there and `npx
// falconet-sim` finds the workspace's command.
describe('the README quickstart', () => {
  let dir: string;
  let server: CliServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-quickstart-'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  });
  afterEach(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('updates one simulated device with the trial configuration of falconet.toml', async () => {
    server = await startCliServer(join(ROOT, 'falconet.toml'), {
      env: { FALCONET_BIND: '127.0.0.1:0', FALCONET_DATABASE_URL: `sqlite:${join(dir, 'falconet.db')}`, FALCONET_ARTIFACT_DIR: join(dir, 'artifacts') },
    });
    const script = quickstartCommands();
    expect(script).toContain(README_BASE);
    const { code, output } = await runBash(script.replaceAll(README_BASE, server.base), dir, 240_000);
    expect(output).toContain('demo-1 is in_sync');
    expect(code, output).toBe(0);

    const target = (await (await fetch(`${server.base}/rest/v1/targets/demo-1`, { headers: { authorization: basicAuth('admin', 'admin') } })).json()) as {
      updateStatus: string;
    };
    expect(target.updateStatus).toBe('in_sync');
    const actions = (await (
      await fetch(`${server.base}/rest/v1/targets/demo-1/actions`, { headers: { authorization: basicAuth('admin', 'admin') } })
    ).json()) as {
      content: { status: string }[];
    };
    expect(actions.content.map((action) => action.status)).toEqual(['finished']);
  }, 300_000);

  // The scratch directory stands for a project where the tarball is installed: `falconet` in its
  // node_modules (the clone itself, built), and the clone's commands in node_modules/.bin.
  it('updates one simulated device with the typed client variant', async () => {
    rmSync(join(dir, 'node_modules'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'falconet'));
    symlinkSync(join(ROOT, 'node_modules', '.bin'), join(dir, 'node_modules', '.bin'));
    server = await startCliServer(join(ROOT, 'falconet.toml'), {
      env: { FALCONET_BIND: '127.0.0.1:0', FALCONET_DATABASE_URL: `sqlite:${join(dir, 'falconet.db')}`, FALCONET_ARTIFACT_DIR: join(dir, 'artifacts') },
    });
    const { script, commands } = clientQuickstart();
    expect(script + commands).toContain(README_BASE);
    writeFileSync(join(dir, 'quickstart.mjs'), script.replaceAll(README_BASE, server.base));
    const { code, output } = await runBash(commands.replaceAll(README_BASE, server.base), dir, 240_000);
    expect(output).toMatch(/uploaded firmware\.bin, SHA-256 [0-9a-f]{64} checked/);
    expect(output).toMatch(/action \d+: finished/);
    expect(output).toContain('app-1 is in_sync');
    expect(code, output).toBe(0);
  }, 300_000);
});

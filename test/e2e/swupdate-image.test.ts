import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSwuImage, type SwuSigner } from './swupdate/swu-image.js';
import { runSuricatta, swupdateSkipReason, writeSuricattaConfig } from './swupdate/suricatta.js';
import { runLocalSwupdate } from './swupdate/swupdate-process.js';

// Without a server: proves the harness (image, config, process control) against the real swupdate.
const skipReason = swupdateSkipReason();
if (skipReason) console.warn(`swupdate harness tests skipped: ${skipReason}`);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'falconet-swupdate-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A fresh directory under this file's root; each test its own, so they can run concurrently. */
const freshDir = async (name: string) => mkdtemp(join(root, `${name}-`));

/** An image in a fresh `dir`, installing to `<dir>/target/installed.bin`, and an empty TMPDIR for swupdate. */
async function testImage(name: string, signer?: SwuSigner) {
  const dir = await freshDir(name);
  const installPath = join(dir, 'target', 'installed.bin');
  await mkdir(join(dir, 'target'));
  await mkdir(join(dir, 'image'));
  const payload = Buffer.concat([Buffer.from(`falconet harness payload ${name}\n`), randomBytes(4096)]);
  const image = await buildSwuImage({ dir: join(dir, 'image'), payload, installPath, version: '1.2.3', imageName: `${name}.swu`, signer });
  return { ...image, dir, installPath, workDir: await freshDir(`${name}-tmp`) };
}

/**
 * A 127.0.0.1 port where nothing listens: port 1 (tcpmux), which only root could bind and no test does. A port
 * the OS handed out and took back can go to another test's server at once; then suricatta's GET waits on that
 * server instead of failing. (Once, with a second suite running beside this one, this test timed out after 60 s
 * with no log line; such a port is the likely cause.)
 */
const CLOSED_PORT = 1;

describe('SWUpdate image builder arguments', () => {
  it('refuses an image name suricatta would skip and a relative install path', async () => {
    const dir = await freshDir('arguments');
    await expect(buildSwuImage({ dir, payload: 'x', installPath: '/tmp/x', imageName: 'update.bin' })).rejects.toThrow(/\.swu/);
    await expect(buildSwuImage({ dir, payload: 'x', installPath: 'relative/x' })).rejects.toThrow(/absolute/);
  });
});

/** Room for runLocalSwupdate's repeated attempts (each a new swupdate) on a loaded machine. */
const LOCAL_RUN_TIMEOUT = 60_000;

// Concurrent: vitest runs at most 5 of these at once, well below swupdate's 11 instances per machine.
describe.skipIf(skipReason !== undefined).concurrent('Debian swupdate with the harness', () => {
  it('archives sw-description, its signature and the payload, in that order', async () => {
    const image = await testImage('layout');
    const members = execFileSync('cpio', ['-t', '--quiet', '-F', image.swuPath], { encoding: 'utf8' });
    expect(members.trim().split('\n')).toEqual(['sw-description', 'sw-description.sig', 'payload.bin']);
    expect(image.swuPath.endsWith('/layout.swu')).toBe(true);
  });

  it('passes a check (-c): signature, hardware compatibility and hashes, without installing', { timeout: LOCAL_RUN_TIMEOUT }, async () => {
    const image = await testImage('check');
    const { verdict, exit } = await runLocalSwupdate(image, { mode: 'check', workDir: image.workDir });
    expect(verdict, exit.log).toBe('accepted');
    expect(exit.log).toContain('Verified OK');
    expect(exit.log).toContain('Hardware compatibility verified');
    expect(existsSync(image.installPath)).toBe(false);
  });

  it('installs the payload through the rawfile handler', { timeout: LOCAL_RUN_TIMEOUT }, async () => {
    const image = await testImage('install');
    const { verdict, exit } = await runLocalSwupdate(image, { mode: 'install', workDir: image.workDir });
    expect(verdict, exit.log).toBe('accepted');
    expect(await readFile(image.installPath)).toEqual(image.payload);
  });

  it('rejects a payload changed after signing, in check and install mode', { timeout: LOCAL_RUN_TIMEOUT }, async () => {
    const image = await testImage('tampered');
    const swu = await readFile(image.swuPath);
    const at = swu.indexOf(image.payload) + 100;
    swu[at] = (swu[at] ?? 0) ^ 0xff;
    await writeFile(image.swuPath, swu);
    for (const mode of ['check', 'install'] as const) {
      const { verdict, exit } = await runLocalSwupdate(image, { mode, workDir: image.workDir });
      expect(verdict, exit.log).toBe('rejected');
      expect(exit.code, exit.log).not.toBe(0);
      expect(exit.log).toContain('HASH mismatch');
      expect(exit.log).toContain('Image invalid or corrupted. Not installing');
    }
    expect(existsSync(image.installPath)).toBe(false);
  });

  it('rejects an image signed with another key, accepts one signed with the same signer', { timeout: LOCAL_RUN_TIMEOUT }, async () => {
    const trusted = await testImage('trusted');
    const stranger = await testImage('stranger');
    const rejected = await runLocalSwupdate({ ...stranger, certPath: trusted.certPath }, { mode: 'check', workDir: stranger.workDir });
    expect(rejected.verdict, rejected.exit.log).toBe('rejected');
    expect(rejected.exit.code, rejected.exit.log).not.toBe(0);
    expect(rejected.exit.log).toContain('Authentication of all signatures failed');
    const sibling = await testImage('sibling', trusted);
    const accepted = await runLocalSwupdate({ ...sibling, certPath: trusted.certPath }, { mode: 'check', workDir: sibling.workDir });
    expect(accepted.verdict, accepted.exit.log).toBe('accepted');
  });

  // suricatta's start (and its connection retries) slows down a lot on a loaded machine
  it('runs suricatta on the written config: polls, sends configData, sleeps, stops on SIGTERM', { timeout: 60_000 }, async () => {
    const image = await testImage('suricatta');
    const port = CLOSED_PORT;
    const device = await writeSuricattaConfig(join(image.dir, 'swupdate.cfg'), {
      url: `http://127.0.0.1:${port}`,
      controllerId: 'dev-1',
      certPath: image.certPath,
      pollDelaySecs: 1,
      token: { kind: 'gateway', value: 'gateway-secret' },
      identify: { board: 'harness', 'quote"d': 'back\\slash' }, // swupdate would refuse a badly escaped config
    });
    const run = runSuricatta(device, { workDir: image.workDir, timeoutMs: 50_000 });
    try {
      await run.waitForLog(new RegExp(`Trying to GET http://127\\.0\\.0\\.1:${port}/DEFAULT/controller/v1/dev-1\\n`));
      await run.waitForLog(/Channel get operation failed \(7\): 'Couldn't connect to server'/);
      await run.waitForLog(/URL=\S+\/dev-1\/configData JSON=.*"data" : \{.*"board": "harness"/);
      await run.waitForLog(/\[suricatta_wait\] : Sleeping for 1 seconds\./);
    } finally {
      const exit = await run.stop();
      expect(exit.timedOut).toBe(false);
    }
  });

  it('with confirm (-c 2) reports the start-up state before it polls, retrying every second', { timeout: 60_000 }, async () => {
    const image = await testImage('confirm');
    const device = await writeSuricattaConfig(join(image.dir, 'swupdate.cfg'), {
      url: `http://127.0.0.1:${CLOSED_PORT}`,
      controllerId: 'dev-2',
      certPath: image.certPath,
      token: { kind: 'target', value: 'target-secret' },
    });
    const run = runSuricatta(device, { workDir: image.workDir, confirm: 'success', timeoutMs: 50_000 });
    try {
      await run.waitForLog(/Got state=2 from command line\./);
      await run.waitForLog(/\[server_start\] : Sleeping for 1s until retrying\.\.\.[^]*Got state=2/);
    } finally {
      await run.stop();
    }
  });
});

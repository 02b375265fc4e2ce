import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.js';
import { startFalconet, stopFalconet, type FalconetProcess } from '../support/falconet-process.js';
import { basicAuth, TEST_PASSWORD, TEST_USERNAME } from '../support/test-app.js';
import { chromiumSkipReason, launchChromium, recordProblems, screenshot, VIEWPORTS } from './browser.js';

// Issue 31: the console must not pass old data off as fresh. A compiled server in a child process (it needs
// `npm run build`, which also builds the console it serves) is stopped with SIGSTOP: its socket still accepts
// connections, nothing answers them, as with a hung server, a blocked event loop or a proxy holding the
// connection. Then it continues, and finally it is gone for good.
const skipReason = chromiumSkipReason();
if (skipReason) console.warn(`console freshness browser tests skipped: ${skipReason}`);

// the banner comes after two refresh periods (10 s) without an answer; the machine is loaded
const BANNER_WAIT = { timeout: 40_000, interval: 250 };

describe.skipIf(skipReason !== undefined).each(DATABASE_KINDS)('console freshness against a server process on %s', { timeout: 180_000 }, (kind) => {
  let dir: string;
  let database: TestDatabase;
  let server: FalconetProcess;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-console-freshness-'));
    database = await createTestDatabase(kind);
    server = await startFalconet(dir, 'console', database.url);
    const targets = Array.from({ length: 12 }, (_, i) => ({ controllerId: `hung-${String(i + 1).padStart(2, '0')}` }));
    const created = await fetch(`${server.base}/rest/v1/targets`, {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      body: JSON.stringify(targets),
    });
    expect(created.status).toBe(201);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) server.child.kill('SIGCONT');
    if (server) await stopFalconet(server);
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const banner = (page: Page) => page.locator('[data-freshness]').innerText();

  it('dims the page with "No answer from the server since …" while the server hangs, clears it when it answers, and says the same once it is gone', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[0][1] });
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(`${server.base}/ui/`);
    await page.getByLabel('Username').fill(TEST_USERNAME);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => banner(page), BANNER_WAIT).toMatch(/^Last updated /);

    server.child.kill('SIGSTOP');
    try {
      await expect.poll(() => banner(page), BANNER_WAIT).toMatch(/^No answer from the server since /);
      expect(await banner(page)).toMatch(/; the data on screen is from then$/);
      expect(await page.locator('main.stale').count()).toBe(1);
      for (const [name, size] of VIEWPORTS) {
        await page.setViewportSize(size);
        await screenshot(page, kind, `hung-server-${name}`);
      }
    } finally {
      server.child.kill('SIGCONT');
    }
    await expect.poll(() => banner(page), BANNER_WAIT).toMatch(/^Last updated /);
    expect(await page.locator('main.stale').count()).toBe(0);

    // a server that is gone (connections refused) reads the same
    await stopFalconet(server);
    await expect.poll(() => banner(page), BANNER_WAIT).toMatch(/^No answer from the server since .*; the data on screen is from then$/);
    expect(await page.locator('main.stale').count()).toBe(1);
    expect(
      problems.filter((problem) => !/ERR_CONNECTION_REFUSED|ERR_TIMED_OUT|signal timed out|TimeoutError|Failed to fetch|status of 401/.test(problem)),
    ).toEqual([]);
    await context.close();
  });
});

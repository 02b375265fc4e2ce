import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { loadConsoleAssets, type ConsoleAssets } from '../../src/http/console-assets.js';
import type { TestApp } from '../support/test-app.js';

export const CHROMIUM_BIN = '/usr/bin/chromium';
const INSTALL_HINT = 'DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';

/**
 * Why the browser tests cannot run here, or undefined. A missing chromium skips them, except under
 * FALCONET_REQUIRE_CHROMIUM=1 (CI sets it), where it fails the run.
 */
export function chromiumSkipReason(): string | undefined {
  if (existsSync(CHROMIUM_BIN)) return undefined;
  if (process.env['FALCONET_REQUIRE_CHROMIUM'] === '1') {
    throw new Error(`FALCONET_REQUIRE_CHROMIUM=1 but ${CHROMIUM_BIN} is missing: ${INSTALL_HINT}`);
  }
  return `${CHROMIUM_BIN} is missing; ${INSTALL_HINT} to run them`;
}

/** Debian's chromium, headless, with nothing running in the background. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_BIN,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/** The console built from the current source into a temporary directory, as `npm run build` does. */
export async function buildConsole(): Promise<{ assets: ConsoleAssets; remove: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'falconet-console-build-'));
  await build({ configFile: resolve(import.meta.dirname, '../../vite.config.ts'), build: { outDir, emptyOutDir: true } });
  const assets = loadConsoleAssets(outDir);
  if (!assets) throw new Error(`the console build wrote no index.html to ${outDir}`);
  return { assets, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** The test app on a real port, for the browser. */
export async function listen(t: TestApp): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<ServerType>((ready) => {
    const started = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => ready(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Every console error, uncaught exception, failed request, dialog and Basic challenge of the page, as text. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // net::ERR_ABORTED is a request the page gave up itself (a test's navigation while a refresh was under way)
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`);
  });
  // a Basic challenge would make a browser ask for a password; the console's calls must never get one
  page.on('response', (response) => {
    if (response.headers()['www-authenticate'] !== undefined) problems.push(`password dialog: ${response.url()} asks for Basic credentials`);
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

export const SCREENSHOTS = resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * The README's pictures are drawn only on request (FALCONET_SCREENSHOTS=1, `npm run screenshots`), from
 * SQLite, so that an ordinary run, or one on both databases, never rewrites them.
 */
export const SCREENSHOTS_WANTED = process.env['FALCONET_SCREENSHOTS'] === '1';

/** docs/screenshots/<name>.png of the whole page, when the run asked for pictures. */
export async function screenshot(page: Page, kind: string, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED || kind !== 'sqlite') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The viewports of the README's pictures. */
export const VIEWPORTS = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleAssets } from '../src/http/console-assets.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { expectError } from './support/expect-error.js';

const SCRIPT = 'console.log("falconet");'.repeat(50);

// The console's static files at /ui, from a build directory made here (the browser tests use the real build).
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'falconet-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Falconet</title>');
  writeFileSync(join(dir, 'assets', 'index-Ab12.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-Cd34.css'), 'body{}');
  // what the build's precompression writes beside a file (vite.config.ts)
  writeFileSync(join(dir, 'assets', 'app-Ef56.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-Ef56.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'app-Ef56.js.br'), brotliCompressSync(SCRIPT));
  return dir;
}

describe('web console assets', () => {
  let dir: string;
  let t: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    dir = fakeBuild();
    t = await startTestApp('sqlite', {}, { consoleAssets: loadConsoleAssets(dir) });
    bare = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at /ui/ without caching it, with a strict content security policy', async () => {
    const response = await t.request('/ui/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.text()).toContain('<title>Falconet</title>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.request('/ui/assets/index-Ab12.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log(1)');
    expect((await t.request('/ui/assets/index-Cd34.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('sends the precompressed copy the client prefers, with Vary, Content-Encoding and an ETag per encoding', async () => {
    const get = (acceptEncoding: string | undefined, headers: Record<string, string> = {}) =>
      t.request('/ui/assets/app-Ef56.js', { headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });
    const chromium = await get('gzip, deflate, br, zstd');
    expect(chromium.headers.get('content-encoding')).toBe('br');
    expect(chromium.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await chromium.arrayBuffer())).toString()).toBe(SCRIPT);

    const gzip = await get('gzip;q=1, br;q=0.5');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);
    expect((await get('br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get('*')).headers.get('content-encoding')).toBe('br');

    const plain = await get(undefined);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
    expect((await get('identity')).headers.get('content-encoding')).toBeNull();

    const etags = [chromium, gzip, plain].map((response) => response.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);
    const revalidated = await get('gzip, br', { 'if-none-match': etags[0] as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etags[0]);
    expect(revalidated.headers.get('vary')).toBe('Accept-Encoding');
    expect((await get('gzip', { 'if-none-match': etags[0] as string })).status).toBe(200);
    // a file the build did not compress goes out as it is
    const css = await t.request('/ui/assets/index-Cd34.css', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(await css.text()).toBe('body{}');
  });

  it('answers client routes with index.html, but a missing asset with 404', async () => {
    const route = await t.request('/ui/targets/dev-1');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Falconet</title>');
    const missing = await t.request('/ui/assets/index-gone.js');
    await expectError(missing, 404, 'hawkbit.server.error.rest.notFound');
  });

  it('leads / and /ui to /ui/', async () => {
    for (const path of ['/', '/ui']) {
      const response = await t.request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/ui/');
    }
  });

  it('serves no /ui when the build has no console', async () => {
    expect(loadConsoleAssets(join(dir, 'assets'))).toBeUndefined();
    expect(loadConsoleAssets(join(dir, 'missing'))).toBeUndefined();
    expect((await bare.request('/ui/')).status).toBe(404);
    expect((await bare.request('/')).status).toBe(404);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env.js';

/** The built web console (`npm run build` → dist/console), held in memory: a few hundred kilobytes. */
export interface ConsoleAssets {
  /** path below /ui/ (`index.html`, `assets/index-3f2a.js`) → file */
  readonly files: ReadonlyMap<string, ConsoleFile>;
}

interface ConsoleFile {
  readonly body: Uint8Array;
  readonly contentType: string;
}

/** dist/console from src/ (tests, tsx) and from dist/ (the built server) alike. */
export const CONSOLE_DIR = resolve(import.meta.dirname, '../../dist/console');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

// Vite names every file below assets/ after a hash of its content, so a cached copy is never stale.
const HASHED = 'public, max-age=31536000, immutable';
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The console's files, or undefined when the build left none (then /ui is not served). */
export function loadConsoleAssets(dir: string = CONSOLE_DIR): ConsoleAssets | undefined {
  const paths = listFiles(dir);
  if (!paths.includes('index.html')) return undefined;
  const files = new Map<string, ConsoleFile>();
  for (const path of paths) {
    files.set(path, {
      body: readFileSync(join(dir, path)),
      contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    });
  }
  return { files };
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  } catch {
    return [];
  }
}

/**
 * `/ui/` and its files; any other path below /ui (a client route such as /ui/targets/dev-1) gets
 * index.html, except below assets/, where a missing file stays a 404. `/` leads to the console.
 */
export function mountConsole(app: Hono<AppEnv>, assets: ConsoleAssets): void {
  const index = assets.files.get('index.html') as ConsoleFile;
  const send = (file: ConsoleFile, cacheControl: string) =>
    new Response(file.body, { headers: { 'Content-Type': file.contentType, 'Cache-Control': cacheControl, ...SECURITY_HEADERS } });

  app.get('/', (c) => c.redirect('/ui/'));
  app.get('/ui', (c) => c.redirect('/ui/'));
  app.get('/ui/*', async (c, next) => {
    const path = c.req.path.slice('/ui/'.length);
    const file = assets.files.get(path);
    if (file && path !== 'index.html') return send(file, path.startsWith('assets/') ? HASHED : 'no-cache');
    if (path.startsWith('assets/')) return next();
    return send(index, 'no-cache');
  });
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import type { Context, Hono } from 'hono';
import { accepts } from 'hono/accepts';
import type { AppEnv } from './app-env.js';

/** The built web console (`npm run build` → dist/console), held in memory: a few hundred kilobytes. */
export interface ConsoleAssets {
  /** path below /ui/ (`index.html`, `assets/index-3f2a.js`) → file */
  readonly files: ReadonlyMap<string, ConsoleFile>;
}

/** The encodings the build writes beside a file (`.br`, `.gz`), in the server's order of preference. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0] | 'identity';

interface Encoded {
  readonly body: Uint8Array;
  readonly etag: string;
}

interface ConsoleFile {
  readonly contentType: string;
  /** the file as built, and its precompressed copies where the build wrote them */
  readonly encodings: Partial<Record<Encoding, Encoded>> & { identity: Encoded };
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
/** The console's response headers; the API reference page below /ui/ sends them too. */
export const CONSOLE_SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

// One ETag per representation: each encoding's bytes are hashed on their own (decision 171).
const encoded = (body: Uint8Array): Encoded => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` });

/** The console's files, or undefined when the build left none (then /ui is not served). */
export function loadConsoleAssets(dir: string = CONSOLE_DIR): ConsoleAssets | undefined {
  const paths = listFiles(dir);
  if (!paths.includes('index.html')) return undefined;
  const files = new Map<string, ConsoleFile>();
  for (const path of paths) {
    if (ENCODINGS.some(([, suffix]) => path.endsWith(suffix))) continue;
    const encodings: ConsoleFile['encodings'] = { identity: encoded(readFileSync(join(dir, path))) };
    for (const [encoding, suffix] of ENCODINGS) {
      if (existsSync(join(dir, path + suffix))) encodings[encoding] = encoded(readFileSync(join(dir, path + suffix)));
    }
    files.set(path, { contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', encodings });
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

type Accept = Parameters<NonNullable<Parameters<typeof accepts>[1]['match']>>[0][number];

/** The highest-weighted encoding the client accepts (`*` counts), ties going to the smaller one; identity otherwise. */
function preferred(accepted: Accept[], available: readonly Encoding[]): string {
  const weight = (encoding: string) =>
    accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? accepted.find((entry) => entry.type === '*')?.q ?? 0;
  let best: { encoding: string; q: number } = { encoding: 'identity', q: 0 };
  for (const encoding of available) if (weight(encoding) > best.q) best = { encoding, q: weight(encoding) };
  return best.encoding;
}

/**
 * `/ui/` and its files; any other path below /ui (a client route such as /ui/targets/dev-1) gets
 * index.html, except below assets/, where a missing file stays a 404. `/` leads to the console. Each file
 * goes out in the encoding the client prefers among those the build wrote (`Vary: Accept-Encoding`),
 * with that representation's ETag; a matching If-None-Match answers 304.
 */
export function mountConsole(app: Hono<AppEnv>, assets: ConsoleAssets): void {
  const index = assets.files.get('index.html') as ConsoleFile;
  const send = (c: Context<AppEnv>, file: ConsoleFile, cacheControl: string) => {
    const available = ENCODINGS.map(([encoding]) => encoding).filter((encoding) => file.encodings[encoding] !== undefined);
    const encoding = (
      available.length === 0
        ? 'identity'
        : accepts(c, { header: 'Accept-Encoding', supports: available, default: 'identity', match: (accepted) => preferred(accepted, available) })
    ) as Encoding;
    const representation = file.encodings[encoding] ?? file.encodings.identity;
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      'Cache-Control': cacheControl,
      ETag: representation.etag,
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      ...CONSOLE_SECURITY_HEADERS,
    };
    const match = c.req.header('If-None-Match');
    if (match !== undefined && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === representation.etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(representation.body, { headers });
  };

  app.get('/', (c) => c.redirect('/ui/'));
  app.get('/ui', (c) => c.redirect('/ui/'));
  app.get('/ui/*', async (c, next) => {
    const path = c.req.path.slice('/ui/'.length);
    const file = assets.files.get(path);
    if (file && path !== 'index.html') return send(c, file, path.startsWith('assets/') ? HASHED : 'no-cache');
    if (path.startsWith('assets/')) return next();
    return send(c, index, 'no-cache');
  });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { CONSOLE_SECURITY_HEADERS } from '../http/console-assets.js';

/** Where the page lives, below the console: the console links it from its header. */
export const API_REFERENCE_PATH = '/ui/api-reference/';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Falconet API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="swagger-ui.css" />
    <link rel="stylesheet" href="api-reference.css" />
  </head>
  <body>
    <nav aria-label="API documents">
      <a href="../">Falconet console</a>
      <a href="./">Management API (/rest/v1)</a>
      <a href="./?api=ddi">Device API (DDI v1)</a>
      <a href="../../rest/v1/openapi.json">openapi.json</a>
      <a href="../../rest/v1/openapi/ddi.json">ddi.json</a>
    </nav>
    <div id="swagger-ui"></div>
    <script src="swagger-ui-bundle.js"></script>
    <script src="api-reference.js"></script>
  </body>
</html>
`;

// A file of its own, as the console's Content-Security-Policy allows no inline script. `?api=ddi` picks the
// device API. The document is named relative to the page, so that it works behind a proxy that serves
// Falconet below a path; no validator badge, which would send the document to a third party. Swagger UI's
// base layout: the standalone one's top bar carries a logo with an inline <style> the policy refuses.
const SCRIPT = `const ddi = new URLSearchParams(location.search).get('api') === 'ddi';
window.ui = SwaggerUIBundle({
  url: new URL(ddi ? '../../rest/v1/openapi/ddi.json' : '../../rest/v1/openapi.json', location.href).href,
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const STYLE = `nav { display: flex; gap: 1.5rem; padding: 0.75rem 1.25rem; background: #1b1b1b; font-family: sans-serif; }
nav a { color: #fff; text-decoration: none; }
nav a:hover { text-decoration: underline; }
`;

/** The renderer's files this page uses, from the swagger-ui-dist package. */
const RENDERER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;
const CONTENT_TYPES = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8' };

/**
 * `/ui/api-reference/`: Swagger UI (swagger-ui-dist, served from this server: no CDN) over the two
 * OpenAPI documents, with the console's security headers. Its files are read at the first request (2 MB
 * that a server nobody browses never holds); Swagger UI sends the operator's session cookie with "Try it
 * out", so requests from the page act as the logged-in operator.
 */
export function mountApiReference(app: Hono<AppEnv>): void {
  const rendererDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, () => string>([
    ['', () => PAGE],
    ['api-reference.js', () => SCRIPT],
    ['api-reference.css', () => STYLE],
    ...RENDERER_FILES.map((name) => [name, () => readFileSync(join(rendererDir, name), 'utf8')] as const),
  ]);
  const loaded = new Map<string, string>();
  app.get(API_REFERENCE_PATH.slice(0, -1), (c) => c.redirect(API_REFERENCE_PATH));
  app.get(`${API_REFERENCE_PATH}*`, async (c, next) => {
    const name = c.req.path.slice(API_REFERENCE_PATH.length);
    const read = files.get(name);
    if (read === undefined) return next();
    const body = loaded.get(name) ?? read();
    loaded.set(name, body);
    const extension = name === '' ? '.html' : (name.slice(name.lastIndexOf('.')) as '.css' | '.js');
    return c.body(body, 200, { 'Content-Type': CONTENT_TYPES[extension], 'Cache-Control': 'no-cache', ...CONSOLE_SECURITY_HEADERS });
  });
}

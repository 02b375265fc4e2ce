import { OpenAPIBackend } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH } from '../src/api-description/api-reference-page.js';
import { chromiumSkipReason, launchChromium, listen, recordProblems } from './console/browser.js';
import { DATABASE_KINDS } from './support/databases.js';
import { useTestApp } from './support/use-test-app.js';

/** Every `$ref` in a JSON value. */
const refsOf = (value: unknown): string[] =>
  value === null || typeof value !== 'object'
    ? []
    : Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refsOf(child)));

describe.each(DATABASE_KINDS)('the API describes itself on %s', (kind) => {
  const t = useTestApp(kind);

  it.each([
    ['/rest/v1/openapi.json', 'Falconet management API', '/rest/v1/targets/{targetId}'],
    ['/rest/v1/openapi/ddi.json', 'Falconet device API', '/{tenant}/controller/v1/{controllerId}'],
  ])('serves %s without credentials, bundled into one valid document', async (path, title, operationPath) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const document = (await response.json()) as { info: { title: string }; paths: Record<string, unknown> };
    expect(document.info.title).toContain(title);
    expect(Object.keys(document.paths)).toContain(operationPath);
    // no reference leads out of the document, so a generator needs nothing but this URL
    expect(refsOf(document).filter((ref) => !ref.startsWith('#/'))).toEqual([]);
    const api = new OpenAPIBackend({ definition: document as never, strict: true, quick: true });
    await api.init();
    expect(api.getOperations().length).toBeGreaterThan(0);

    const again = await t.request(path, { headers: { 'If-None-Match': response.headers.get('etag') as string } });
    expect(again.status).toBe(304);
  });

  it('serves the API reference page and its renderer from this server, with the console security headers', async () => {
    const page = await t.request(API_REFERENCE_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|rel="stylesheet" href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(sources).toEqual(['swagger-ui.css', 'api-reference.css', 'swagger-ui-bundle.js', 'api-reference.js']);
    for (const source of sources) expect((await t.request(`${API_REFERENCE_PATH}${source}`)).status).toBe(200);
    expect((await t.request(API_REFERENCE_PATH.slice(0, -1))).headers.get('location')).toBe(API_REFERENCE_PATH);
  });
});

describe.skipIf(chromiumSkipReason())('the API reference page in a browser', () => {
  const t = useTestApp('sqlite');
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(t);
  });
  afterAll(() => server.close());

  it('renders both documents under the console security policy, with no request leaving the server', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems = recordProblems(page);
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) foreign.push(request.url());
      });
      await page.goto(`${server.url}${API_REFERENCE_PATH}`);
      await page.locator('.opblock-summary-path[data-path="/rest/v1/login"]').waitFor({ timeout: 60_000 });
      // Swagger UI renders the operations near the viewport only: at the bottom, above the schemas, the last tags
      await page.locator('section.models').scrollIntoViewIfNeeded();
      await page.locator('.opblock-tag:not([data-tag="Session"]):not([data-tag="System"])').first().waitFor({ timeout: 60_000 });
      await page.getByRole('link', { name: 'Device API (DDI v1)' }).click();
      await page.locator('.opblock-summary-path[data-path="/{tenant}/controller/v1/{controllerId}"]').waitFor({ timeout: 60_000 });
      expect(problems).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});

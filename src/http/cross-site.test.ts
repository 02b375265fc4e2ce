import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.js';
import { sameSiteOnly } from './cross-site.js';
import { handleError } from './error-handler.js';

function appWith(configuredUrl?: string) {
  const app = new Hono<AppEnv>();
  app.post('/change', sameSiteOnly(configuredUrl), (c) => c.body(null, 204));
  app.onError(handleError);
  return app;
}

const statusOf = async (app: Hono<AppEnv>, url: string, headers: Record<string, string>) => (await app.request(url, { method: 'POST', headers })).status;

describe('sameSiteOnly', () => {
  const app = appWith();

  it.each([
    ['no Origin and no Sec-Fetch-Site', 'http://ota.example.com/change', {}],
    ['its own Origin', 'http://ota.example.com/change', { origin: 'http://ota.example.com' }],
    ['its own Origin in another case', 'http://ota.example.com/change', { origin: 'http://OTA.example.com' }],
    ['the https Origin of a TLS proxy in front', 'http://ota.example.com/change', { origin: 'https://ota.example.com' }],
    ['the https Origin with the port the proxy forwards', 'http://ota.example.com:443/change', { origin: 'https://ota.example.com' }],
    ['its own Origin with a port', 'http://127.0.0.1:8080/change', { origin: 'http://127.0.0.1:8080' }],
    ['Sec-Fetch-Site: same-origin', 'http://ota.example.com/change', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none', 'http://ota.example.com/change', { 'sec-fetch-site': 'none' }],
  ])('accepts %s', async (_case, url, headers) => expect(await statusOf(app, url, headers)).toBe(204));

  it.each([
    ['another host', 'http://ota.example.com/change', { origin: 'http://attacker.example' }],
    ['a sibling subdomain', 'http://ota.example.com/change', { origin: 'http://evil.example.com' }],
    ['another port', 'http://127.0.0.1:8080/change', { origin: 'http://127.0.0.1:8081' }],
    ['the same host on a port it was not sent to', 'http://ota.example.com:8443/change', { origin: 'https://ota.example.com' }],
    ['the opaque origin null', 'http://ota.example.com/change', { origin: 'null' }],
    ['a malformed Origin', 'http://ota.example.com/change', { origin: 'ota.example.com' }],
    ['Sec-Fetch-Site: cross-site, whatever the Origin', 'http://ota.example.com/change', { 'sec-fetch-site': 'cross-site', origin: 'http://ota.example.com' }],
    ['Sec-Fetch-Site: same-site', 'http://ota.example.com/change', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403', async (_case, url, headers) => expect(await statusOf(app, url, headers)).toBe(403));

  it('also accepts the origin of the configured url, whatever Host the request carries', async () => {
    const proxied = appWith('https://falconet.example.com/base/');
    expect(await statusOf(proxied, 'http://10.0.0.5:8080/change', { origin: 'https://falconet.example.com' })).toBe(204);
    expect(await statusOf(proxied, 'http://10.0.0.5:8080/change', { origin: 'http://falconet.example.com' })).toBe(403);
  });
});

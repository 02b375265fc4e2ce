import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.js';
import { handleError } from './error-handler.js';
import { requestFirewall } from './request-firewall.js';

const app = new Hono<AppEnv>();
app.use(requestFirewall);
app.get('/things/:name', (c) => c.json({ name: c.req.param('name'), q: c.req.query('q') ?? null }));
app.onError(handleError);

describe('requestFirewall', () => {
  it.each([
    ['/things/plain', 'plain'],
    ['/things/caf%C3%A9', 'café'],
    ['/things/a%2Fb', 'a/b'],
    ['/things/100%25', '100%'],
    ['/things/rocket%F0%9F%9A%80', 'rocket 🚀'.replace(' ', '')],
  ])('lets %s through, its parameter decoded to %j', async (path, name) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe(name);
  });

  it.each([
    ['a NUL', '/things/a%00b'],
    ['a line feed', '/things/a%0Ab'],
    ['DEL', '/things/a%7Fb'],
    ['a stray percent sign', '/things/100%'],
    ['a percent sign without two hex digits', '/things/a%G0'],
    ['bytes that are not UTF-8', '/things/bad%C3%28'],
    ['an overlong encoding', '/things/%C0%AF'],
    ['an encoded lone surrogate', '/things/%ED%A0%80'],
    ['a NUL in the query', '/things/x?q=a%00'],
    ['an invalid encoding in the query', '/things/x?q=%E2%82'],
  ])('refuses %s with 400 before the route runs', async (_case, path) => {
    const response = await app.request(path);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('hawkbit.server.error.rest.body.notReadable');
  });

  it('lets a control character other than NUL through in the query', async () => {
    const response = await app.request('/things/x?q=a%0Ab');
    expect(((await response.json()) as { q: string }).q).toBe('a\nb');
  });
});

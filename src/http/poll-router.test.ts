import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PollRouter } from './poll-router.js';

function app() {
  const hono = new Hono({ router: new PollRouter() });
  hono.use(async (c, next) => {
    await next();
    c.header('X-Seen', 'yes');
  });
  hono.get('/:tenant/controller/v1/:controllerId', (c) => c.text(`poll ${c.req.param('tenant')} ${c.req.param('controllerId')}`));
  hono.put('/:tenant/controller/v1/:controllerId/configData', (c) => c.text(`configData ${c.req.param('controllerId')}`));
  hono.get('/:tenant/controller/v1/:controllerId/confirmationBase/:actionId', (c) => c.text(`confirmation ${c.req.param('actionId')}`));
  hono.post('/:tenant/controller/v1/:controllerId/confirmationBase/activateAutoConfirm', (c) => c.text('activate'));
  hono.get('/rest/v1/targets/:controllerId', (c) => c.text(`target ${c.req.param('controllerId')}`));
  hono.get('/:tenant/controller/v1/:controllerId/files/:name{[^/]*\\.bin}', (c) => c.text(`file ${c.req.param('name')}`));
  return hono;
}

describe('PollRouter', () => {
  it.each([
    ['GET', '/DEFAULT/controller/v1/dev-1', 'poll DEFAULT dev-1'],
    ['PUT', '/DEFAULT/controller/v1/dev-1/configData', 'configData dev-1'],
    ['GET', '/DEFAULT/controller/v1/dev-1/confirmationBase/7', 'confirmation 7'],
    ['POST', '/DEFAULT/controller/v1/dev-1/confirmationBase/activateAutoConfirm', 'activate'],
    ['GET', '/rest/v1/targets/dev-1', 'target dev-1'],
    ['GET', '/DEFAULT/controller/v1/dev-1/files/a.bin', 'file a.bin'],
  ])('routes %s %s with the middleware for every path', async (method, path, text) => {
    const response = await app().request(path, { method });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(text);
    expect(response.headers.get('X-Seen')).toBe('yes');
  });

  it('answers 404 for other methods and paths, through the middleware', async () => {
    const hono = app();
    for (const [method, path] of [
      ['POST', '/DEFAULT/controller/v1/dev-1'],
      ['GET', '/DEFAULT/controller/v2/dev-1'],
      ['GET', '/rest/v1/nothing'],
    ]) {
      const response = await hono.request(path as string, { method: method as string });
      expect(response.status).toBe(404);
      expect(response.headers.get('X-Seen')).toBe('yes');
    }
  });

  it.each(['/:tenant/*', '/:a/:b/v1/:c', '/*/controller/v1/x', '/:tenant/controller/*', '/:tenant/controller/v1/*'])(
    'refuses %s, which could match a poll path',
    (path) => {
      expect(() => new Hono({ router: new PollRouter() }).get(path, (c) => c.text(''))).toThrow(/could match the device poll's path/);
    },
  );
});

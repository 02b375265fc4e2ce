import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { routePath } from './route-path.js';

const FILE = '/{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName}';
const MD5 = `${FILE}.MD5SUM`;
const PATHS = [FILE, MD5];

describe('routePath', () => {
  it('turns {name} segments into Hono parameters and keeps literal segments', () => {
    expect(routePath('/rest/v1/targets/{targetId}/actions', [])).toEqual({ path: '/rest/v1/targets/:targetId/actions' });
    expect(routePath('/rest/v1/targets/{targetId}', [])).toEqual({ path: '/rest/v1/targets/:targetId' });
  });

  it('matches a parameter with a literal suffix, and names what the parameter loses', () => {
    expect(routePath(MD5, PATHS)).toEqual({
      path: '/:tenant/controller/v1/:controllerId/softwaremodules/:softwareModuleId/artifacts/:fileName{[^/]+\\.MD5SUM}',
      suffixed: { parameter: 'fileName', suffix: '.MD5SUM' },
    });
  });

  it('routes every file name to exactly one of the two operations', async () => {
    const app = new Hono();
    for (const path of PATHS) {
      const route = routePath(path, PATHS);
      app.get(route.path, (c) => c.json({ path, fileName: c.req.param('fileName') }));
    }
    const cases = [
      ['x.swu', FILE, 'x.swu'],
      ['x.swu.MD5SUM', MD5, 'x.swu.MD5SUM'],
      ['x.MD5SUM.swu', FILE, 'x.MD5SUM.swu'],
      ['x.md5sum', FILE, 'x.md5sum'],
      ['a%20b.tar.gz.MD5SUM', MD5, 'a b.tar.gz.MD5SUM'],
    ] as const;
    for (const [name, path, fileName] of cases) {
      const response = await app.request(`/DEFAULT/controller/v1/dev-1/softwaremodules/3/artifacts/${name}`);
      expect(await response.json(), name).toEqual({ path, fileName });
    }
    expect((await app.request('/DEFAULT/controller/v1/dev-1/softwaremodules/3/artifacts/a/b.swu')).status).toBe(404);
  });
});

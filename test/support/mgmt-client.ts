import createClient from 'openapi-fetch';
import type { paths } from '../../src/generated/mgmt.js';
import { basicAuth, type TestApp } from './test-app.js';

/**
 * A management API client typed by `src/generated/mgmt.ts` (as the console's), sending through `t.request`
 * so that every answer is checked against openapi/ as well: `await mgmt.GET('/rest/v1/targets/{targetId}',
 * { params: { path: { targetId } } })` gives `{ data, error, response }` with `data` typed.
 */
export function mgmtClient(t: Pick<TestApp, 'request'>, authorization = basicAuth()) {
  return createClient<paths>({
    baseUrl: 'http://localhost',
    headers: { authorization },
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const body = request.body === null ? undefined : await request.arrayBuffer();
      return t.request(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
    },
  });
}

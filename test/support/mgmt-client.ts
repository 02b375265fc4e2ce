import { expect } from 'vitest';
import { createFalconetClient, type Credentials, type FalconetClient } from '../../src/client/index.js';
import { TEST_PASSWORD, TEST_USERNAME, type TestApp } from './test-app.js';

export type { Schemas } from '../../src/client/index.js';

/**
 * The typed management client of decision 240 (`falconet/client`, typed by `src/generated/mgmt.ts`), sending
 * through `t.request` so that every answer is checked against openapi/ as well: `await mgmt.GET(
 * '/rest/v1/targets/{targetId}', { params: { path: { targetId } } })` gives `{ data, error, response }` with
 * `data` typed. The fixtures of test/support/ make their requests with it (decision 264).
 */
export function mgmtClient(t: Pick<TestApp, 'request'>, basic: Credentials = { user: TEST_USERNAME, password: TEST_PASSWORD }): FalconetClient {
  return createFalconetClient({
    baseUrl: 'http://localhost',
    auth: { basic },
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const body = request.body === null ? undefined : await request.arrayBuffer();
      return t.request(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
    },
  });
}

/** The typed data of a call, asserting its status first (the error body, if any, is the assertion's message). */
export async function expectData<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, status: number): Promise<T> {
  const { data, error, response } = await call;
  expect(response.status, error === undefined ? undefined : JSON.stringify(error)).toBe(status);
  return data as T;
}

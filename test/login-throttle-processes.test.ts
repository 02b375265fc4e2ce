import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { startFalconetPair, type FalconetPair } from './support/falconet-process.js';
import { basicAuth, TEST_USERNAME } from './support/test-app.js';

/**
 * Two `falconet serve` processes on one PostgreSQL count one address's failed logins together (decision 191):
 * a burst spread over both gets no more wrong-password answers than one process would give.
 */
describe.skipIf(!DATABASE_KINDS.includes('postgres'))('the login throttle across two processes on one PostgreSQL', () => {
  let pair: FalconetPair;
  beforeAll(async () => {
    pair = await startFalconetPair();
  });
  afterAll(() => pair?.stop());

  it('answers 40 wrong passwords sent at once from one address, half to each process, with 10 × 401 and 30 × 429', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const server = pair.servers[i % 2] as (typeof pair.servers)[number];
        const response = await fetch(`${server.base}/rest/v1/session`, { headers: { authorization: basicAuth(TEST_USERNAME, `guess-${i}`) } });
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});

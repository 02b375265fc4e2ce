import { describe, expect, it } from 'vitest';
import { loadApiOperations } from '../src/http/api-operations.js';
import { DATABASE_KINDS } from './support/databases.js';
import { basicAuth } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

// Integer ids beyond the id columns' range name nothing: every read answers 404, on PostgreSQL too,
// where comparing such a number with an integer column is an error rather than no match.
const operations = (await loadApiOperations('mgmt')).filter((operation) => operation.method === 'get' && /\{\w+Id\}/.test(operation.path));

describe.each(DATABASE_KINDS)('ids beyond the column range on %s', (kind) => {
  const t = useTestApp(kind);

  it.each(operations.map((operation) => [operation.operationId, operation.path] as const))('%s answers 404', async (_id, path) => {
    const url = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      name === 'metadataKey' ? 'k' : name === 'targetId' || name === 'controllerId' ? 'dev-x' : '2147483648',
    );
    const response = await t.request(url, { headers: { authorization: basicAuth() } });
    expect(response.status).toBe(404);
  });
});

describe.each(DATABASE_KINDS)('ids beyond the column range in bodies on %s', (kind) => {
  const t = useTestApp(kind);

  const big = 2147483648;
  it.each([
    ['POST', '/rest/v1/targets', [{ controllerId: 'dev-1', targetType: big }]],
    ['POST', '/rest/v1/distributionsets', [{ name: 'fw', version: '1', type: 'os', modules: [{ id: big }] }]],
    ['POST', '/rest/v1/distributionsettypes', [{ key: 'k', name: 'k', mandatorymodules: [{ id: big }] }]],
    ['POST', '/rest/v1/targettypes', [{ name: 'tt', compatibledistributionsettypes: [{ id: big }] }]],
  ])('%s %s refuses them as malformed and stores nothing', async (method, path, body) => {
    const response = await t.request(path, {
      method,
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
    expect((await t.db('targets').count({ n: '*' }))[0]).toEqual({ n: 0 });
  });
});

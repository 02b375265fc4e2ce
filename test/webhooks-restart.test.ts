import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { basicAuth } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const AUTH = { authorization: basicAuth(), 'content-type': 'application/json' };
const SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;

async function post(server: CliServer, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.base}${path}`, { method: 'POST', headers: AUTH, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/**
 * The outbox survives the process (decision 150): an event committed by a `falconet serve` killed with
 * SIGKILL before its dispatcher ran is delivered by the next process on the same database.
 */
describe.each(DATABASE_KINDS)('a webhook event committed before a kill -9, on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let databaseUrl: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-webhooks-'));
    database = await createTestDatabase(kind);
    databaseUrl = kind === 'sqlite' ? `sqlite:${join(dir, 'falconet.db')}` : database.url;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (name: string, intervalMs: number) =>
    startCliServer(writeServerConfig(dir, name, databaseUrl, `[webhooks]\ndispatch_interval_ms = ${intervalMs}\nallow_private_destinations = true`));

  it('is delivered by the restarted server', { timeout: 60_000 }, async () => {
    // a dispatcher that would first run in an hour: the kill comes between commit and delivery
    const first = await start('first', 3_600_000);
    await post(first, '/rest/v1/webhooks', [{ name: 'ci', url: receiver.url, secret: SECRET, eventTypes: ['target.created'] }]);
    await post(first, '/rest/v1/targets', [{ controllerId: 'survivor' }]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(receiver.received).toEqual([]);

    const second = await start('second', 50);
    try {
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 20_000, interval: 50 });
      expect(receiver.verifiedTypes(SECRET)).toEqual(['target.created']);
      expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({ data: { controllerId: 'survivor' } });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { logLines, startFalconetPair, type FalconetPair, type FalconetProcess as Server } from './support/falconet-process.js';
import { basicAuth } from './support/test-app.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

const AUTH = { authorization: basicAuth(), 'content-type': 'application/json' };
const DEVICES = 24;
const EVENTS = 300;
const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;

async function call<T = unknown>(server: Server, method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The evaluator's locked sections of one process, from its debug lines. */
const evaluations = (server: Server) => logLines<{ evaluated: boolean; startedAt: number; finishedAt: number }>(server, 'rollout evaluation');
/** The webhook dispatcher's runs of one process that attempted deliveries, from its debug lines. */
const dispatches = (server: Server) => logLines<{ attempts: number; startedAt: number; finishedAt: number }>(server, 'webhook dispatch');

/** Locked sections of the two processes, in start order; asserts that those of different processes never overlap. */
function expectNoOverlap(sections: readonly { process: number; startedAt: number; finishedAt: number }[], what: string): void {
  const sorted = [...sections].sort((x, y) => x.startedAt - y.startedAt);
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (before.process !== after.process) expect(after.startedAt, `${what} of the two processes never overlap`).toBeGreaterThanOrEqual(before.finishedAt);
  }
}

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('two Falconet processes on one PostgreSQL', () => {
  let pair: FalconetPair;
  let servers: readonly Server[];
  beforeAll(async () => {
    // both dispatchers try every 50 ms: they contend for the lock throughout the webhook test; its receiver is on 127.0.0.1
    pair = await startFalconetPair('[webhooks]\ndispatch_interval_ms = 50\nallow_private_destinations = true');
    servers = pair.servers;
  });
  afterAll(() => pair.stop());

  it('run a rollout to the end with no duplicate actions and no double evaluation', { timeout: 90_000 }, async () => {
    const [a, b] = servers as [Server, Server];
    const [module] = await call<{ id: number }[]>(a, 'POST', '/rest/v1/softwaremodules', [{ name: 'os', version: '1', type: 'os' }]);
    const [set] = await call<{ id: number }[]>(b, 'POST', '/rest/v1/distributionsets', [
      { name: 'fw', version: '1', type: 'os', modules: [{ id: module!.id }] },
    ]);
    const devices = Array.from({ length: DEVICES }, (_, i) => ({ controllerId: `two-${i}`, securityToken: `token-two-${i}`, group: 'two' }));
    await call(a, 'POST', '/rest/v1/targets', devices);
    const rollout = await call<{ id: number }>(b, 'POST', '/rest/v1/rollouts', {
      name: 'two-processes',
      distributionSetId: set!.id,
      targetFilterQuery: 'group==two',
      amountGroups: 4,
      successCondition: { condition: 'THRESHOLD', expression: '100' },
    });
    await call(a, 'POST', `/rest/v1/rollouts/${rollout.id}/start`);

    let status = '';
    for (let round = 0; status !== 'finished'; round++) {
      expect(round, 'the rollout finishes').toBeLessThan(200);
      // every device polls one of the two servers in turn and installs what it is offered
      await Promise.all(
        devices.map(async (device, index) => {
          const server = servers[(index + round) % 2] as Server;
          const headers = { authorization: `TargetToken ${device.securityToken}`, 'content-type': 'application/json' };
          const poll = await call<{ _links?: Record<string, { href: string }> }>(
            server,
            'GET',
            `/DEFAULT/controller/v1/${device.controllerId}`,
            undefined,
            headers,
          );
          const href = poll._links?.['deploymentBase']?.href;
          const actionId = href === undefined ? undefined : /deploymentBase\/(\d+)/.exec(href)?.[1];
          if (actionId === undefined) return;
          const feedback = { status: { execution: 'closed', result: { finished: 'success' } } };
          await call(server, 'POST', `/DEFAULT/controller/v1/${device.controllerId}/deploymentBase/${actionId}/feedback`, feedback, headers);
        }),
      );
      status = (await call<{ status: string }>(servers[round % 2] as Server, 'GET', `/rest/v1/rollouts/${rollout.id}`)).status;
      await new Promise((done) => setTimeout(done, 250));
    }

    const db = knexFactory({ client: 'pg', connection: pair.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      const perTarget = await db('actions').where('rollout_id', rollout.id).groupBy('target_id').select('target_id').count<{ n: string }[]>({ n: '*' });
      expect(perTarget).toHaveLength(DEVICES);
      expect(perTarget.every((row) => Number(row.n) === 1)).toBe(true);
      expect(await db('actions').where('active', true)).toHaveLength(0);
    } finally {
      await db.destroy();
    }
    const finished = await call<{ totalTargetsPerStatus: Record<string, number> }>(a, 'GET', `/rest/v1/rollouts/${rollout.id}`);
    expect(finished.totalTargetsPerStatus['finished']).toBe(DEVICES);

    const locked = servers.flatMap((server, process) =>
      evaluations(server)
        .filter((run) => run.evaluated)
        .map((run) => ({ ...run, process })),
    );
    expect(new Set(locked.map((run) => run.process)).size, 'both processes evaluated').toBe(2);
    expectNoOverlap(locked, 'evaluations');
  });

  // decision 151: the dispatcher's advisory lock makes each attempt once, whichever process runs
  it('deliver each webhook event once, in order, whichever process dispatches', { timeout: 90_000 }, async () => {
    const [a, b] = servers as [Server, Server];
    const receiver = await startWebhookReceiver();
    try {
      await call(a, 'POST', '/rest/v1/webhooks', [{ name: 'pair', url: receiver.url, secret: SECRET, eventTypes: ['target.created'] }]);
      // created in batches through both processes in turn while both dispatchers run; the last one a sentinel
      const ids = Array.from({ length: EVENTS }, (_, index) => `hook-${String(index).padStart(3, '0')}`);
      for (let from = 0; from < EVENTS; from += 10) {
        const batch = ids.slice(from, from + 10).map((controllerId) => ({ controllerId }));
        await call(servers[(from / 10) % 2] as Server, 'POST', '/rest/v1/targets', batch);
      }
      const sentinel = 'hook-sentinel';
      await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(EVENTS);
      await call(b, 'POST', '/rest/v1/targets', [{ controllerId: sentinel }]);
      // runs hold the lock throughout: once the sentinel is in, no run that read an earlier row is still going
      await expect.poll(() => receiver.received.at(-1)?.body ?? '', { timeout: 30_000, interval: 50 }).toContain(sentinel);

      expect(receiver.verifiedTypes(SECRET)).toHaveLength(EVENTS + 1);
      const received = receiver.received.map(({ body }) => (JSON.parse(body) as { data: { controllerId: string } }).data.controllerId);
      expect(received).toEqual([...ids, sentinel]);
      expect(new Set(receiver.received.map(({ headers }) => headers['webhook-id'])).size).toBe(EVENTS + 1);
      const db = knexFactory({ client: 'pg', connection: pair.databaseUrl, pool: { min: 0, max: 1 } });
      try {
        const rows = await db('webhook_deliveries').select('status', 'attempts');
        expect(rows).toHaveLength(EVENTS + 1);
        expect(rows.every((row: { status: string; attempts: number }) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
      } finally {
        await db.destroy();
      }
      const runs = servers.flatMap((server, process) => dispatches(server).map((run) => ({ ...run, process })));
      expect(
        runs.reduce((sum, run) => sum + run.attempts, 0),
        'attempts logged',
      ).toBe(EVENTS + 1);
      expect(new Set(runs.map((run) => run.process)).size, 'both processes dispatched').toBe(2);
      expectNoOverlap(runs, 'dispatcher runs');
    } finally {
      await receiver.close();
    }
  });
});

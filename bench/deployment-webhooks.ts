/**
 * What webhooks cost the device path (decision 150): closing pairs, i.e. a device's `GET …/deploymentBase/{actionId}`
 * and its `POST …/feedback` with `closed`/`success`, each device once per run, with three subscriptions that
 * want every event type enabled and with them disabled, in interleaved rounds on one server. The `proceeding`
 * feedback of the plain deployment benchmark changes no status and so writes no event; a closing one writes
 * three (`action.statusChanged`, `action.closed`, `target.updateStatusChanged`), nine outbox rows with three
 * subscriptions, in the feedback's transaction.
 *
 * It runs on a fleet of its own (seeded like the others), as it moves its targets on. Before each run the bench
 * opens a new action on each of the run's targets by assigning the other of the two sets through the management
 * API, with the subscriptions disabled (so the assignment writes no events), and reads the actions' ids from the
 * database. After a run with them enabled it waits until the receiver in this process has had every delivery,
 * so that no run pays for an earlier one's dispatch; how long that took after the run's last pair is reported.
 * It waits as long as deliveries keep coming: a loaded machine drains a run's backlog at the pace of its disk (each
 * attempt's record is a commit of its own), which may take minutes, and only a receiver that has had nothing new
 * for {@link STALL_MS} fails the run, as deliveries that stopped coming will not come.
 */
import { createServer, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { openDatabase } from '../src/db/database.js';
import { EVENT_TYPES } from '../src/events/outbox.js';
import type { BenchServer } from './bench-process.js';
import { mgmtClient, startFalconet, type FalconetSetup, type Mgmt } from './falconet-server.js';
import { call } from './http-load.js';
import type { Fleet, OpenAction } from './poll-fleet.js';
import { median, percentile, progress } from './report.js';

const CONNECTIONS = 64;
/** targets of one run: each closes one action */
const RUN_TARGETS = 3_000;
const ASSIGN_CHUNK = 500;
/** events a closing feedback writes per subscription */
const EVENTS_PER_PAIR = 3;
/** how long the receiver may go without a new delivery before the run fails: longer than the dispatcher's first retry waits */
const STALL_MS = 60_000;
const CLOSING = JSON.stringify({ status: { execution: 'closed', result: { finished: 'success' }, details: ['Installed'] } });

export interface ClosingRun {
  readonly pairs: number;
  readonly pairsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** the server's CPU time per pair, µs */
  readonly cpuUsPerPair: number;
  readonly failed: number;
  /** with subscriptions: from the run's end until the receiver had every delivery, s */
  readonly drainedAfterSeconds?: number;
}

export interface WebhookCostFigures {
  readonly subscriptions: number;
  readonly connections: number;
  readonly targetsPerRun: number;
  readonly without: readonly ClosingRun[];
  readonly with: readonly ClosingRun[];
  readonly median: {
    readonly without: ClosingRun;
    readonly with: ClosingRun;
    /** median of the rounds' with/without pairs/s */
    readonly ratio: number;
    /** median of the rounds' without/with CPU per pair */
    readonly cpuRatio: number;
  };
}

/** Each of `open` fetches its deploymentBase and reports success, once, over {@link CONNECTIONS} connections. */
async function closingPairs(url: string, open: readonly OpenAction[], server: BenchServer): Promise<ClosingRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.min(CONNECTIONS, open.length) }, async () => {
        for (let device = open[next++]; device !== undefined; device = open[next++]) {
          const headers = { authorization: `TargetToken ${device.token}` };
          const base = `${url}/DEFAULT/controller/v1/${device.controllerId}/deploymentBase/${device.actionId}`;
          const begun = performance.now();
          try {
            const fetched = await call(agent, base, { headers });
            const reported = await call(agent, `${base}/feedback`, { method: 'POST', headers, body: CLOSING });
            if (fetched === 200 && reported === 200) times.push(performance.now() - begun);
            else failed++;
          } catch {
            failed++;
          }
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    pairs: times.length,
    pairsPerSecond: times.length / seconds,
    p50: round(percentile(times, 0.5)),
    p99: round(percentile(times, 0.99)),
    cpuUsPerPair: ((server.cpuMs() - cpuBefore) * 1000) / Math.max(times.length, 1),
    failed,
  };
}

/** A receiver answering 204 that counts what it was sent, and `count` subscriptions to every event type pointing at it. */
async function subscriptions(mgmt: Mgmt, count: number) {
  let received = 0;
  const receiver = createServer((request, response) =>
    request.resume().on('end', () => {
      received++;
      response.writeHead(204).end();
    }),
  );
  await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const body = Array.from({ length: count }, (_, index) => ({ name: `bench-${index}`, url, eventTypes: EVENT_TYPES, enabled: false }));
  const created = await mgmt<{ id: number }[]>('POST', '/rest/v1/webhooks', body);
  return {
    received: () => received,
    async enable(enabled: boolean) {
      for (const { id } of created) await mgmt('PUT', `/rest/v1/webhooks/${id}`, { enabled });
    },
    async close() {
      receiver.closeAllConnections();
      await new Promise((closed) => receiver.close(closed));
    },
  };
}

/** Assigns `setId` to `controllerIds` (forced) and returns their open actions, as the devices will find them. */
async function openActions(mgmt: Mgmt, db: Knex, setId: number, devices: Fleet['devices']): Promise<OpenAction[]> {
  for (let from = 0; from < devices.length; from += ASSIGN_CHUNK) {
    const chunk = devices.slice(from, from + ASSIGN_CHUNK).map(({ controllerId }) => ({ id: controllerId, type: 'forced' }));
    await mgmt('POST', `/rest/v1/distributionsets/${setId}/assignedTargets`, chunk);
  }
  const rows = await db('actions')
    .join('targets', 'targets.id', 'actions.target_id')
    .where({ 'actions.active': true, 'actions.distribution_set_id': setId })
    .select<{ cid: string; id: number }[]>('targets.controller_id as cid', 'actions.id');
  const ids = new Map(rows.map((row) => [row.cid, row.id]));
  return devices.map((device) => {
    const actionId = ids.get(device.controllerId);
    if (actionId === undefined) throw new Error(`the assignment opened no action on ${device.controllerId}`);
    return { ...device, actionId };
  });
}

/** Waits until `count()` reaches `expected`; false once it has not grown for `stallMs`. */
async function waitForCount(count: () => number, expected: number, stallMs: number): Promise<boolean> {
  let seen = count();
  let until = Date.now() + stallMs;
  while (seen < expected) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    if (now > seen) until = Date.now() + stallMs;
    seen = now;
  }
  return true;
}

/**
 * Interleaved rounds on `fleet` (a fleet of its own, at `setup`'s database): per round a run without the
 * subscriptions (disabled), then one with them, each on the same {@link RUN_TARGETS} targets.
 */
export async function measureWebhookCost(
  core: number,
  setup: FalconetSetup,
  fleet: Fleet,
  { rounds, subscriptions: count }: { rounds: number; subscriptions: number },
): Promise<WebhookCostFigures> {
  const busy = new Set(fleet.open.map(({ controllerId }) => controllerId));
  const devices = fleet.devices.filter(({ controllerId }) => !busy.has(controllerId)).slice(0, RUN_TARGETS);
  // the bench's receiver listens on this machine: admit its private address (decision 273)
  const server = await startFalconet(core, { ...setup, toml: [...(setup.toml ?? []), '[webhooks]', 'allow_private_destinations = true'] });
  const db = openDatabase(setup.databaseUrl);
  const mgmt = mgmtClient(server.url, setup.operator);
  const hooks = await subscriptions(mgmt, count);
  try {
    const sets = (await db('distribution_sets').orderBy('id').pluck('id')) as number[];
    let assignment = 0;
    const run = async (enabled: boolean): Promise<ClosingRun> => {
      const open = await openActions(mgmt, db, sets[++assignment % sets.length] as number, devices);
      await hooks.enable(enabled);
      const before = hooks.received();
      const result = await closingPairs(server.url, open, server);
      if (!enabled) return result;
      const ended = performance.now();
      const expected = before + result.pairs * EVENTS_PER_PAIR * count;
      const drained = await waitForCount(hooks.received, expected, STALL_MS);
      await hooks.enable(false);
      if (!drained) {
        const after = ((performance.now() - ended) / 1000).toFixed(0);
        throw new Error(
          `the receiver had ${hooks.received() - before} of ${expected - before} deliveries ${after} s after the run, none new for ${STALL_MS / 1000} s`,
        );
      }
      return { ...result, drainedAfterSeconds: (performance.now() - ended) / 1000 };
    };
    await run(true); // warm-up, both paths
    const without: ClosingRun[] = [];
    const withHooks: ClosingRun[] = [];
    for (let round = 1; round <= rounds; round++) {
      without.push(await run(false));
      withHooks.push(await run(true));
      const [off, on] = [without.at(-1), withHooks.at(-1)] as [ClosingRun, ClosingRun];
      progress(
        `closing pairs, round ${round}: without webhooks ${Math.round(off.pairsPerSecond)} pairs/s, p50 ${off.p50} ms, ${Math.round(off.cpuUsPerPair)} µs CPU/pair; ` +
          `with ${count} ${Math.round(on.pairsPerSecond)} pairs/s, p50 ${on.p50} ms, ${Math.round(on.cpuUsPerPair)} µs CPU/pair, drained ${on.drainedAfterSeconds?.toFixed(1)} s after` +
          (off.failed + on.failed > 0 ? `, ${off.failed + on.failed} failed!` : ''),
      );
    }
    const middle = (runs: readonly ClosingRun[]) => [...runs].sort((a, b) => a.pairsPerSecond - b.pairsPerSecond)[Math.floor(runs.length / 2)] as ClosingRun;
    return {
      subscriptions: count,
      connections: Math.min(CONNECTIONS, devices.length),
      targetsPerRun: devices.length,
      without,
      with: withHooks,
      median: {
        without: middle(without),
        with: middle(withHooks),
        ratio: median(withHooks.map((on, index) => on.pairsPerSecond / (without[index] as ClosingRun).pairsPerSecond)),
        cpuRatio: median(withHooks.map((on, index) => (without[index] as ClosingRun).cpuUsPerPair / on.cpuUsPerPair)),
      },
    };
  } finally {
    await hooks.close();
    await db.destroy();
    await server.stop();
  }
}

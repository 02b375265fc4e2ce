import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { logLines, startFalconetPair, type FalconetPair, type FalconetProcess as Server } from './support/falconet-process.js';
import { basicAuth } from './support/test-app.js';

/**
 * Devices reporting while operators reassign them, spread over two processes on one PostgreSQL (decision 40):
 * no request may fail with a 5xx, and every report answered 200 must be stored.
 */
const TARGETS = 16;
const ASSIGNMENTS = 200;
const OPERATORS = 8;
const AUTH = { authorization: basicAuth(), 'content-type': 'application/json' };

interface Answer {
  readonly request: string;
  readonly status: number;
  readonly body: string;
}

/** A report that was answered 200: its action, its unique message, and the status it closed the action in. */
interface Report {
  readonly actionId: number;
  readonly message: string;
  readonly closedAs: 'finished' | 'canceled' | undefined;
}

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('devices and operators racing on two processes', () => {
  let pair: FalconetPair;
  let servers: readonly Server[];
  const answers: Answer[] = [];

  const send = async (server: Server, method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH) => {
    const response = await fetch(`${server.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const answer = { request: `${method} ${path}`, status: response.status, body: await response.text() };
    answers.push(answer);
    return answer;
  };
  const json = async <T>(server: Server, method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await send(server, method, path, body);
    expect(answer.status, `${answer.request}: ${answer.body}`).toBeLessThan(300);
    return (answer.body === '' ? undefined : JSON.parse(answer.body)) as T;
  };
  const anyServer = () => servers[Math.floor(Math.random() * servers.length)] as Server;

  beforeAll(async () => {
    pair = await startFalconetPair();
    servers = pair.servers;
  });
  afterAll(() => pair.stop());

  it('answers no 5xx and stores every report it answered 200', { timeout: 120_000 }, async () => {
    const [a] = servers as [Server];
    const sets: number[] = [];
    for (const version of ['1', '2']) {
      const [module] = await json<{ id: number }[]>(a, 'POST', '/rest/v1/softwaremodules', [{ name: 'os', version, type: 'os' }]);
      const [set] = await json<{ id: number }[]>(a, 'POST', '/rest/v1/distributionsets', [{ name: 'fw', version, type: 'os', modules: [{ id: module?.id }] }]);
      sets.push((set as { id: number }).id);
    }
    const devices = Array.from({ length: TARGETS }, (_, i) => ({ controllerId: `race-${i}`, securityToken: `token-race-${i}`, group: 'race' }));
    await json(a, 'POST', '/rest/v1/targets', devices);
    // a rollout over the same targets: both evaluators start its groups while everything else goes on
    const rollout = await json<{ id: number }>(a, 'POST', '/rest/v1/rollouts', {
      name: 'race',
      distributionSetId: sets[0],
      targetFilterQuery: 'group==race',
      amountGroups: 8,
      successCondition: { condition: 'THRESHOLD', expression: '10' },
    });
    await json(a, 'POST', `/rest/v1/rollouts/${rollout.id}/start`);

    let operatorsDone = false;
    let assignments = 0;
    const operator = async () => {
      while (assignments < ASSIGNMENTS) {
        assignments++;
        const device = devices[Math.floor(Math.random() * TARGETS)] as (typeof devices)[number];
        const set = sets[Math.floor(Math.random() * sets.length)];
        const assigned = await send(anyServer(), 'POST', `/rest/v1/targets/${device.controllerId}/assignedDS`, { id: set, type: 'forced' });
        const created = assigned.status === 200 ? (JSON.parse(assigned.body) as { assignedActions: { id: number }[] }).assignedActions[0] : undefined;
        // now and then the operator changes their mind: cancel or force-cancel the new action
        if (created !== undefined && Math.random() < 0.15) {
          const force = Math.random() < 0.5 ? '?force=true' : '';
          await send(anyServer(), 'DELETE', `/rest/v1/targets/${device.controllerId}/actions/${created.id}${force}`);
        }
      }
    };

    const reports: Report[] = [];
    let serial = 0;
    const device = async ({ controllerId, securityToken }: (typeof devices)[number]) => {
      const headers = { authorization: `TargetToken ${securityToken}`, 'content-type': 'application/json' };
      const base = `/DEFAULT/controller/v1/${controllerId}`;
      const report = async (server: Server, path: string, actionId: number, execution: string, finished: string) => {
        const message = `report-${++serial}`;
        const body = { status: { execution, result: { finished }, details: [message] } };
        const answer = await send(server, 'POST', `${base}/${path}/${actionId}/feedback`, body, headers);
        const closedAs = execution !== 'closed' ? undefined : path === 'deploymentBase' ? 'finished' : 'canceled';
        if (answer.status === 200) reports.push({ actionId, message, closedAs });
      };
      while (!operatorsDone) {
        const server = anyServer();
        const poll = await send(server, 'GET', base, undefined, headers);
        if (poll.status !== 200) continue;
        const links = (JSON.parse(poll.body) as { _links?: Record<string, { href: string }> })._links ?? {};
        const deployment = /deploymentBase\/(\d+)/.exec(links['deploymentBase']?.href ?? '')?.[1];
        const cancel = /cancelAction\/(\d+)/.exec(links['cancelAction']?.href ?? '')?.[1];
        if (deployment !== undefined) {
          await send(anyServer(), 'GET', `${base}/deploymentBase/${deployment}`, undefined, headers);
          await report(anyServer(), 'deploymentBase', Number(deployment), 'proceeding', 'none');
          await report(anyServer(), 'deploymentBase', Number(deployment), 'closed', 'success');
        } else if (cancel !== undefined) {
          await send(anyServer(), 'GET', `${base}/cancelAction/${cancel}`, undefined, headers);
          await report(anyServer(), 'cancelAction', Number(cancel), 'closed', 'success');
        } else {
          // nothing to do: poll again a little later, as a device would, rather than in a tight loop
          await new Promise((resume) => setTimeout(resume, 100));
        }
      }
    };

    const operators = Promise.all(Array.from({ length: OPERATORS }, operator)).finally(() => (operatorsDone = true));
    await Promise.all([operators, ...devices.map(device)]);

    const failed = answers.filter((answer) => answer.status >= 500);
    expect(
      failed.map((answer) => `${answer.status} ${answer.request}`),
      `${failed.length} of ${answers.length} requests failed`,
    ).toEqual([]);
    expect(reports.length, 'devices reported while operators assigned').toBeGreaterThan(100);

    const db = knexFactory({ client: 'pg', connection: pair.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      const entries = await db('action_status')
        .whereIn('action_id', [...new Set(reports.map((r) => r.actionId))])
        .select<{ action_id: number; messages: string }[]>('action_id', 'messages');
      const stored = new Set(entries.flatMap((entry) => (JSON.parse(entry.messages) as string[]).map((message) => `${entry.action_id}:${message}`)));
      const lost = reports.filter((r) => !stored.has(`${r.actionId}:${r.message}`));
      expect(lost, 'reports answered 200 but not stored').toEqual([]);

      const actions = await db('actions')
        .orderBy('id')
        .select<{ id: number; target_id: number; distribution_set_id: number; status: string; active: boolean }[]>(
          'id',
          'target_id',
          'distribution_set_id',
          'status',
          'active',
        );
      const statusOf = new Map(actions.map((action) => [action.id, action.status]));
      const unclosed = reports.filter((r) => r.closedAs !== undefined && statusOf.get(r.actionId) !== r.closedAs);
      expect(unclosed, 'a success report answered 200 closed its action for good').toEqual([]);

      const targets = await db('targets').select<
        { id: number; controller_id: string; assigned_distribution_set_id: number | null; installed_distribution_set_id: number | null }[]
      >('id', 'controller_id', 'assigned_distribution_set_id', 'installed_distribution_set_id');
      for (const target of targets) {
        const own = actions.filter((action) => action.target_id === target.id);
        const active = own.filter((action) => action.active);
        expect(active.length, `${target.controller_id}: at most one active action`).toBeLessThanOrEqual(1);
        if (active[0])
          expect(target.assigned_distribution_set_id, `${target.controller_id}: the active action's set is assigned`).toBe(active[0].distribution_set_id);
        const installed = own.filter((action) => action.status === 'finished').at(-1);
        expect(target.installed_distribution_set_id, `${target.controller_id}: the last finished action's set is installed`).toBe(
          installed?.distribution_set_id ?? null,
        );
      }
    } finally {
      await db.destroy();
    }
    for (const server of servers) expect(logLines(server, 'scheduled job failed'), 'the evaluator and the poll flush never failed').toEqual([]);
    const retries = servers.reduce((sum, server) => sum + logLines(server, 'transaction retried').length, 0);
    const count = (pattern: RegExp) => answers.filter((answer) => pattern.test(answer.request)).length;
    console.info(
      `race: ${answers.length} requests (${count(/feedback$/)} reports, ${count(/assignedDS$/)} assignments, ${count(/^DELETE/)} cancels), ` +
        `${reports.length} reports stored, ${retries} transactions retried`,
    );
  });
});

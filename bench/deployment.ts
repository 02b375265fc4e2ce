/**
 * deploymentBase + feedback throughput: what a device in a deployment does at each step. Every device of
 * the fleet with an open action belongs to one of the load's connections, which goes round its devices
 * doing pairs of `GET …/deploymentBase/{actionId}` and `POST …/deploymentBase/{actionId}/feedback`
 * (`proceeding`, progress 1 of 2). Each pair writes twice: the fetch counts in `deploymentFetchCount` and
 * records a `retrieved` entry (the previous entry is the feedback), the feedback appends its entry and
 * resets the count. Falconet is pinned to the server core, the load runs in this process. (What webhooks
 * cost this path is `deployment-webhooks.ts`'s: a `proceeding` feedback writes no event.)
 */
import type { Agent } from 'node:http';
import { startFalconet, type FalconetSetup } from './falconet-server.js';
import { call, runWorkers } from './http-load.js';
import type { OpenAction } from './poll-fleet.js';
import { percentile, progress } from './report.js';

const CONNECTIONS = 64;
const WARM_UP_SECONDS = 2;
const FEEDBACK = JSON.stringify({ status: { execution: 'proceeding', result: { finished: 'none', progress: { cnt: 1, of: 2 } }, details: ['Downloading'] } });

export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
}

export interface DeploymentRun {
  readonly seconds: number;
  readonly pairs: number;
  readonly pairsPerSecond: number;
  /** from the GET until the feedback's answer, ms */
  readonly pairMs: Percentiles;
  readonly deploymentBaseMs: Percentiles;
  readonly feedbackMs: Percentiles;
  /** pairs with an answer other than 200 or a transport error */
  readonly failed: number;
  /** the server's CPU time per pair, µs */
  readonly cpuUsPerPair: number;
}

export interface DeploymentFigures {
  readonly connections: number;
  readonly devices: number;
  readonly runs: readonly DeploymentRun[];
  /** the run with the median pairs/s: one disturbed run on a shared machine does not decide */
  readonly median: DeploymentRun;
}

interface Samples {
  pair: number[];
  deploymentBase: number[];
  feedback: number[];
  failed: number;
}

async function pairs(url: string, open: readonly OpenAction[], connections: number, seconds: number): Promise<{ samples: Samples; seconds: number }> {
  const samples: Samples = { pair: [], deploymentBase: [], feedback: [], failed: 0 };
  const next = new Array<number>(connections).fill(0);
  const elapsed = await runWorkers(connections, seconds, async (worker: number, agent: Agent) => {
    // the worker's devices are open[worker], open[worker + connections], …
    const mine = Math.ceil((open.length - worker) / connections);
    const device = open[worker + ((next[worker] as number) % mine) * connections] as OpenAction;
    next[worker] = (next[worker] as number) + 1;
    const base = `${url}/DEFAULT/controller/v1/${device.controllerId}/deploymentBase/${device.actionId}`;
    const headers = { authorization: `TargetToken ${device.token}` };
    const started = performance.now();
    try {
      const fetched = await call(agent, base, { headers });
      const between = performance.now();
      const reported = await call(agent, `${base}/feedback`, { method: 'POST', headers, body: FEEDBACK });
      const ended = performance.now();
      if (fetched !== 200 || reported !== 200) {
        samples.failed++;
        return;
      }
      samples.deploymentBase.push(between - started);
      samples.feedback.push(ended - between);
      samples.pair.push(ended - started);
    } catch {
      samples.failed++;
    }
  });
  return { samples, seconds: elapsed };
}

const percentiles = (values: readonly number[]): Percentiles => ({ p50: round(percentile(values, 0.5)), p99: round(percentile(values, 0.99)) });
const round = (value: number) => Math.round(value * 10) / 10;

export async function measureDeployment(
  core: number,
  setup: FalconetSetup,
  open: readonly OpenAction[],
  { seconds, rounds }: { seconds: number; rounds: number },
): Promise<DeploymentFigures> {
  const connections = Math.min(CONNECTIONS, open.length);
  const server = await startFalconet(core, setup);
  try {
    await pairs(server.url, open, connections, Math.min(WARM_UP_SECONDS, seconds));
    const runs: DeploymentRun[] = [];
    for (let round = 1; round <= rounds; round++) {
      const cpuBefore = server.cpuMs();
      const run = await pairs(server.url, open, connections, seconds);
      const done = run.samples.pair.length;
      runs.push({
        seconds: run.seconds,
        pairs: done,
        pairsPerSecond: done / run.seconds,
        pairMs: percentiles(run.samples.pair),
        deploymentBaseMs: percentiles(run.samples.deploymentBase),
        feedbackMs: percentiles(run.samples.feedback),
        failed: run.samples.failed,
        cpuUsPerPair: ((server.cpuMs() - cpuBefore) * 1000) / Math.max(done, 1),
      });
      const last = runs.at(-1) as DeploymentRun;
      progress(
        `deploymentBase + feedback, round ${round}: ${Math.round(last.pairsPerSecond)} pairs/s, p50 ${last.pairMs.p50} ms, p99 ${last.pairMs.p99} ms, ` +
          `${Math.round(last.cpuUsPerPair)} µs CPU/pair${last.failed > 0 ? `, ${last.failed} failed!` : ''}`,
      );
    }
    const byRate = [...runs].sort((a, b) => a.pairsPerSecond - b.pairsPerSecond);
    return { connections, devices: open.length, runs, median: byRate[Math.floor(byRate.length / 2)] as DeploymentRun };
  } finally {
    await server.stop();
  }
}

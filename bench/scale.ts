/**
 * The management side on the whole seeded fleet (10,000 targets, 100,000 with `--large`): medians of
 * repeated target queries (FIQL `q`, sorted by name, the first page and a deep one) and of the system
 * statistics; then the bulk operations, each one request timed to its answer: a new set assigned to
 * {@link bulkTargets} targets without an action, the seeded set of every `activeEvery`-th target's running
 * action invalidated with its actions cancelled by force, and those cancelled actions purged
 * (`DELETE /rest/v1/actions?q=…`); then a rollout over every target in 10 groups, created and started
 * through the API, timed until it is `ready` and until it is `running` with its first group's actions
 * created. The server runs pinned to the server core on a database seeded for this section alone (the
 * rollout gives every target an action); its CPU time is read from /proc around each step, its event
 * loop's delay over each bulk operation and from the create request until running. The options choose
 * which of the three parts run.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Fleet, FleetShape } from './poll-fleet.js';
import { loopDelay, mgmtClient, startFalconet, uploadSet, type FalconetSetup, type LoopDelay, type Mgmt } from './falconet-server.js';
import { median, progress } from './report.js';

/** repeats of each query after two unmeasured ones */
const REPEATS = 15;
const ROLLOUT_GROUPS = 10;
const STATUS_EVERY_MS = 20;
const WAIT_MS = 120_000;

export interface QueryFigure {
  readonly label: string;
  readonly path: string;
  /** the answer's `total` (the statistics: the targets) */
  readonly total: number;
  readonly medianMs: number;
  readonly maxMs: number;
  /** server CPU per request, ms (median over the repeats' sum) */
  readonly cpuMs: number;
}

/** One request of a bulk operation, timed to its answer. */
export interface BulkFigure {
  readonly label: string;
  readonly request: string;
  /** the actions it created, cancelled or deleted */
  readonly actions: number;
  /** the request's round trip, ms */
  readonly wallMs: number;
  /** the server's CPU time over the request, ms */
  readonly serverCpuMs: number;
  /** the server's event loop delay over the request */
  readonly loopDelay: LoopDelay;
}

export interface ScaleFigures {
  readonly targets: number;
  readonly queries: readonly QueryFigure[];
  /** assignment, invalidation and purge; absent when the run skipped them (`--scale-no-rollout`, `--scale-rollout-only`) */
  readonly bulk?: readonly BulkFigure[];
  /** absent when the run skipped it (`--scale-no-rollout`, `--scale-bulk-only`) */
  readonly rollout?: {
    readonly groups: number;
    /** the create request's round trip, ms */
    readonly createMs: number;
    /** from the create request until the rollout was first seen `ready`, ms */
    readonly readyMs: number;
    /** the start request's round trip, ms */
    readonly startMs: number;
    /** from the start request until it was seen `running` with every target of its first group holding an action, ms */
    readonly runningMs: number;
    /** the first group's targets */
    readonly firstGroupTargets: number;
    /** the server's CPU time from the create request until running with the first group's actions, ms */
    readonly serverCpuMs: number;
    /** the server's event loop delay over the same time */
    readonly loopDelay: LoopDelay;
  };
}

type Counts = Record<string, number>;
type Rollout = { id: number; status: string; totalTargets: number; totalTargetsPerStatus: Counts };
type Groups = { content: { status: string; totalTargets: number; totalTargetsPerStatus: Counts }[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Typical list queries of an operator on the fleet, and the statistics. */
function queries(targets: number): { label: string; path: string }[] {
  const byName = 'sort=name:ASC&limit=50';
  // the seeded targets are bench-000000…: a prefix of a thousand, a fifth in_sync, one by controllerId
  return [
    { label: 'no q, first page', path: `/rest/v1/targets?${byName}&offset=0` },
    { label: `no q, offset ${(targets - 100).toLocaleString('en')}`, path: `/rest/v1/targets?${byName}&offset=${targets - 100}` },
    { label: '`name==bench-000*`, first page', path: `/rest/v1/targets?q=name==bench-000*&${byName}&offset=0` },
    { label: '`name==bench-000*`, offset 900', path: `/rest/v1/targets?q=name==bench-000*&${byName}&offset=900` },
    { label: '`updatestatus==in_sync`, first page', path: `/rest/v1/targets?q=updatestatus==in_sync&${byName}&offset=0` },
    {
      label: `\`updatestatus==in_sync\`, offset ${(targets / 10).toLocaleString('en')}`,
      path: `/rest/v1/targets?q=updatestatus==in_sync&${byName}&offset=${targets / 10}`,
    },
    { label: '`controllerId==bench-004242`', path: `/rest/v1/targets?q=controllerId==bench-004242&${byName}&offset=0` },
    { label: 'GET /rest/v1/system/statistics', path: '/rest/v1/system/statistics' },
  ];
}

async function measureQuery(mgmt: Mgmt, cpuMs: () => number, label: string, path: string): Promise<QueryFigure> {
  let total = 0;
  for (let i = 0; i < 2; i++) {
    const answer = await mgmt<{ total?: number; totalTargets?: number }>('GET', path);
    total = answer.total ?? answer.totalTargets ?? 0;
  }
  const times: number[] = [];
  const cpuBefore = cpuMs();
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    await mgmt('GET', path);
    times.push(performance.now() - started);
  }
  return { label, path, total, medianMs: median(times), maxMs: Math.max(...times), cpuMs: (cpuMs() - cpuBefore) / REPEATS };
}

/**
 * The bulk operations, one after another: a new set assigned to {@link assignedTargets}; the seeded set of
 * the running actions invalidated, cancelling them by force; those actions, now closed, purged by a query
 * naming their set.
 */
async function measureBulk(mgmt: Mgmt, cpuMs: () => number, delay: () => Promise<LoopDelay>, fleet: Fleet, shape: FleetShape): Promise<BulkFigure[]> {
  const measure = async (label: string, request: string, actions: number, send: () => Promise<unknown>): Promise<BulkFigure> => {
    await delay();
    const cpuBefore = cpuMs();
    const started = performance.now();
    await send();
    const wallMs = performance.now() - started;
    const figure = { label, request, actions, wallMs, serverCpuMs: cpuMs() - cpuBefore, loopDelay: await delay() };
    progress(
      `scale: ${label} (${actions} actions): ${Math.round(wallMs)} ms, server CPU ${Math.round(figure.serverCpuMs)} ms; ` +
        `event loop delay p99 ${figure.loopDelay.p99Ms} ms, max ${figure.loopDelay.maxMs} ms`,
    );
    return figure;
  };
  const { setId } = await uploadSet(mgmt, 'scale-bulk', 'bulk.swu', randomBytes(4096));
  const assigned = assignedTargets(fleet, shape);
  const assignment = await measure('assignment', 'POST /rest/v1/distributionsets/{id}/assignedTargets', assigned.length, async () => {
    const answer = await mgmt<{ assigned: number }>(
      'POST',
      `/rest/v1/distributionsets/${setId}/assignedTargets`,
      assigned.map((id) => ({ id })),
    );
    if (answer.assigned !== assigned.length) throw new Error(`assigned ${answer.assigned} of ${assigned.length} targets`);
  });
  // the seeded set of the running actions (bench-os 2.0, `seedFleet`)
  const seeded = await mgmt<{ content: { id: number }[] }>('GET', '/rest/v1/distributionsets?q=name==bench-os;version==2.0');
  const seededSet = (seeded.content[0] as { id: number }).id;
  const running = fleet.open.length;
  const invalidation = await measure('invalidation, force', 'POST /rest/v1/distributionsets/{id}/invalidate', running, () =>
    mgmt('POST', `/rest/v1/distributionsets/${seededSet}/invalidate`, { actionCancelationType: 'force' }),
  );
  const q = `distributionSet.id==${seededSet}`;
  const purge = await measure('purge', `DELETE /rest/v1/actions?q=${q}`, running, () => mgmt('DELETE', `/rest/v1/actions?q=${encodeURIComponent(q)}`));
  const left = await mgmt<{ total: number }>('GET', `/rest/v1/actions?q=${encodeURIComponent(q)}&limit=1`);
  if (left.total !== 0) throw new Error(`${left.total} actions of the invalidated set left after the purge`);
  return [assignment, invalidation, purge];
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await sleep(STATUS_EVERY_MS);
  }
}

/** The targets of the bulk assignment: 20,000, or a fifth of a smaller fleet. */
export const bulkTargets = (targets: number): number => Math.min(20_000, Math.floor(targets / 5));

/**
 * The controllerIds of the bulk assignment: {@link bulkTargets} seeded targets spread over the fleet, none
 * of them holding an action (every `activeEvery`-th one does), so that the invalidation after it cancels
 * the seeded actions alone.
 */
function assignedTargets(fleet: Fleet, shape: FleetShape): string[] {
  const idle = fleet.devices.filter((_, index) => index % shape.activeEvery !== 0);
  const wanted = bulkTargets(fleet.devices.length);
  return Array.from({ length: wanted }, (_, index) => (idle[Math.floor((index * idle.length) / wanted)] as { controllerId: string }).controllerId);
}

/** Which parts of the section run: the target queries, the bulk operations, the rollout over the fleet. */
export interface ScaleParts {
  readonly queries: boolean;
  readonly bulk: boolean;
  readonly rollout: boolean;
}

/** Runs the section's `parts` on a database seeded with `fleet` of `shape`. */
export async function measureScale(core: number, setup: FalconetSetup, fleet: Fleet, shape: FleetShape, parts: ScaleParts): Promise<ScaleFigures> {
  const targets = fleet.devices.length;
  const loopDelayFile = join(setup.dir, 'loop-delay.json');
  const server = await startFalconet(core, {
    ...setup,
    loopDelayFile,
    toml: [
      'rollout_eval_interval_secs = 1',
      '[quota]',
      `max_targets_per_rollout_group = ${Math.max(20_000, Math.ceil(targets / ROLLOUT_GROUPS))}`,
      `max_target_distribution_set_assignments_per_manual_assignment = ${Math.max(5000, bulkTargets(targets))}`,
    ],
  });
  try {
    const mgmt = mgmtClient(server.url, setup.operator);
    const cpuMs = () => server.cpuMs();
    const figures: QueryFigure[] = [];
    for (const { label, path } of parts.queries ? queries(targets) : []) {
      const figure = await measureQuery(mgmt, cpuMs, label, path);
      progress(`scale: ${label}: median ${figure.medianMs.toFixed(1)} ms (total ${figure.total})`);
      figures.push(figure);
    }
    const bulk = parts.bulk ? await measureBulk(mgmt, cpuMs, () => loopDelay(server.pid, loopDelayFile), fleet, shape) : undefined;
    if (!parts.rollout) return { targets, queries: figures, ...(bulk ? { bulk } : {}) };

    const { setId } = await uploadSet(mgmt, 'scale-os', 'scale.swu', randomBytes(4096));
    await loopDelay(server.pid, loopDelayFile);
    const cpuBefore = cpuMs();
    const creating = performance.now();
    const created = await mgmt<Rollout>('POST', '/rest/v1/rollouts', {
      name: 'scale-rollout',
      targetFilterQuery: 'controllerId==bench-*',
      distributionSetId: setId,
      amountGroups: ROLLOUT_GROUPS,
    });
    const createMs = performance.now() - creating;
    const rolloutPath = `/rest/v1/rollouts/${created.id}`;
    const ready = await waitFor(
      'ready',
      () => mgmt<Rollout>('GET', rolloutPath),
      (rollout) => rollout.status !== 'creating',
    );
    if (ready.status !== 'ready' || ready.totalTargets !== targets) throw new Error(`rollout ${ready.status} with ${ready.totalTargets} targets`);
    const readyMs = performance.now() - creating;
    const starting = performance.now();
    await mgmt('POST', `${rolloutPath}/start`);
    const startMs = performance.now() - starting;
    const groups = await waitFor(
      "running with the first group's actions",
      async () => ({ rollout: await mgmt<Rollout>('GET', rolloutPath), groups: await mgmt<Groups>('GET', `${rolloutPath}/deploygroups?limit=500`) }),
      ({ rollout, groups: { content } }) => {
        const first = content[0];
        return (
          rollout.status === 'running' && first !== undefined && first.status === 'running' && first.totalTargetsPerStatus['running'] === first.totalTargets
        );
      },
    );
    const runningMs = performance.now() - starting;
    const figures2 = {
      groups: groups.groups.content.length,
      createMs,
      readyMs,
      startMs,
      runningMs,
      firstGroupTargets: groups.groups.content[0]?.totalTargets ?? 0,
      serverCpuMs: cpuMs() - cpuBefore,
      loopDelay: await loopDelay(server.pid, loopDelayFile),
    };
    progress(
      `scale: rollout over ${targets} targets: created in ${Math.round(createMs)} ms, ready after ${Math.round(readyMs)} ms, ` +
        `start ${Math.round(startMs)} ms, running with the first group's actions ${Math.round(runningMs)} ms after the start; ` +
        `event loop delay p99 ${figures2.loopDelay.p99Ms} ms, max ${figures2.loopDelay.maxMs} ms`,
    );
    return { targets, queries: figures, ...(bulk ? { bulk } : {}), rollout: figures2 };
  } finally {
    await server.stop();
  }
}

/**
 * `npm run bench` (builds first): every measurement of Falconet in one run, on SQLite and, when
 * FALCONET_BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL too. Servers run pinned to core 0,
 * this process (the load generator, the simulator) to core 1. Prints one Markdown table on stdout
 * (progress on stderr) and writes every raw figure with the machine's description as JSON.
 *
 * Sections, in order (`--only` picks some): auth (in process), startup (empty and seeded database), poll
 * (vs the hand-written reference), deploy (deploymentBase + feedback), deploy-webhooks (closing pairs with
 * and without webhook subscriptions), download (vs nginx), upload, s3
 * (the bucket backend against s3rver), scale (target queries, statistics and a rollout over the whole
 * fleet), fleet-operator (the fleet polling at its production rate while an operator pages through it),
 * rollout (simulated fleet). Download, upload and s3 run on SQLite only: their bytes never touch
 * the database.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureAuth, type AuthFigures } from './auth.js';
import { postgresDatabases, seeded, sqliteDatabases, type BenchDatabase, type FreshDatabase } from './databases.js';
import { measureDeployment, type DeploymentFigures } from './deployment.js';
import { measureWebhookCost, type WebhookCostFigures } from './deployment-webhooks.js';
import { compareDownloads, type DownloadComparison } from './download.js';
import { newOperator, type FalconetSetup, type Operator } from './falconet-server.js';
import { measureFleetOperator, type FleetOperatorFigures } from './fleet-operator.js';
import { findNginx } from './nginx.js';
import { comparePolls, POLL_OVERRIDES_TOML, type PollComparison } from './poll.js';
import { fleetShape, type Fleet } from './poll-fleet.js';
import { markdownTable, MiB, progress } from './report.js';
import { tableRows } from './results-table.js';
import { runRollout, type RolloutFigures } from './rollout.js';
import { measureS3, type S3Figures } from './s3.js';
import { measureScale, type ScaleFigures } from './scale.js';
import { measureStartup, type StartupFigures } from './startup.js';
import { measureUpload, type UploadFigures } from './upload.js';

const SECTIONS = ['auth', 'startup', 'poll', 'deploy', 'deploy-webhooks', 'download', 'upload', 's3', 'scale', 'fleet-operator', 'rollout'] as const;
/** webhook subscriptions of the `deploy-webhooks` variant */
const BENCH_SUBSCRIPTIONS = 3;
type Section = (typeof SECTIONS)[number];
/** the sections that need the seeded fleet */
const ON_FLEET: readonly Section[] = ['startup', 'poll', 'deploy', 'deploy-webhooks', 'download', 'fleet-operator'];
/** the sections whose work is the database's, run on PostgreSQL too */
const ON_POSTGRES: readonly Section[] = ['startup', 'poll', 'deploy', 'deploy-webhooks', 'scale', 'fleet-operator', 'rollout'];

const USAGE = `Usage: npm run bench -- [options]

  --targets N              seed N targets (default 10,000)
  --scale-no-rollout       the scale section measures the queries only, without its bulk operations and rollout
  --large                  seed 100,000 targets (--targets 100000)
  --only a,b               run only these sections: ${SECTIONS.join(', ')}
  --json FILE              write the raw figures here (default bench-results.json)
  --duration SECS          length of each poll and deployment run (default 10); downloads run half of it
  --fleet-rate N           polls/s of the fleet-operator section (default: the targets over 5 minutes, at most 5,000)
  --rounds N               rounds of the poll, deployment and download measurements (default 3; 1 on PostgreSQL)
  --upload-mib N           size of the upload (default 1024)
  --artifact-mib N         size of the downloaded artifact (default 64)
  --rollout-targets N      devices and targets of the rollout (default 10000)
  --rollout-groups N       its deploy groups (default 10)
  --rollout-percentages L  custom groups instead, e.g. 1,10,100: each takes that percentage of what is left
  --rollout-soak HH:mm:ss  each group runs at least this long before the next starts
  --rollout-polling SECS   the polling interval Falconet advertises to them (default 10)
  --cpu-prof DIR           every Falconet started writes its CPU profile (node --cpu-prof) into DIR
  --scale-rollout-only     the scale section measures its rollout alone, not the target queries
  --scale-bulk-only        the scale section measures its bulk operations alone (assignment, invalidation, purge)

The scale section measures target queries, the statistics, bulk operations (a set assigned to 20,000
targets, a set invalidated with its running actions cancelled by force, those actions purged) and a
rollout over the whole seeded fleet: --targets (or --large) sets its size. fleet-operator polls the seeded fleet at its production rate (the
targets over 5 minutes, at most 5,000/s; --fleet-rate) with and without an operator loop, --duration s each.

FALCONET_BENCH_DATABASE_URL=postgres://… runs startup, poll, deploy, scale, fleet-operator and rollout on PostgreSQL as well.`;

export interface Options {
  readonly large: boolean;
  readonly only: readonly Section[];
  readonly json: string;
  readonly seconds: number;
  readonly rounds: number;
  readonly uploadBytes: number;
  readonly artifactBytes: number;
  readonly rolloutTargets: number;
  readonly rolloutGroups: number;
  readonly rolloutPercentages: readonly number[] | undefined;
  readonly rolloutSoak: string | undefined;
  readonly rolloutPollingSeconds: number;
  readonly profileDir: string | undefined;
  readonly targets: number;
  readonly fleetRate: number | undefined;
  /** the scale section skips its rollout over the fleet */
  readonly scaleNoRollout: boolean;
  readonly scaleRolloutOnly: boolean;
  readonly scaleBulkOnly: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      large: { type: 'boolean', default: false },
      targets: { type: 'string' },
      'scale-no-rollout': { type: 'boolean', default: false },
      only: { type: 'string', default: SECTIONS.join(',') },
      json: { type: 'string', default: 'bench-results.json' },
      duration: { type: 'string', default: '10' },
      'fleet-rate': { type: 'string' },
      rounds: { type: 'string', default: '3' },
      'upload-mib': { type: 'string', default: '1024' },
      'artifact-mib': { type: 'string', default: '64' },
      'rollout-targets': { type: 'string', default: '10000' },
      'rollout-groups': { type: 'string', default: '10' },
      'rollout-polling': { type: 'string', default: '10' },
      'rollout-percentages': { type: 'string' },
      'rollout-soak': { type: 'string' },
      'cpu-prof': { type: 'string' },
      'scale-rollout-only': { type: 'boolean', default: false },
      'scale-bulk-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const only = values.only.split(',').map((name) => name.trim());
  const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  const numbers = {
    duration: values.duration,
    rounds: values.rounds,
    'upload-mib': values['upload-mib'],
    'artifact-mib': values['artifact-mib'],
    'rollout-targets': values['rollout-targets'],
    'rollout-groups': values['rollout-groups'],
    'rollout-polling': values['rollout-polling'],
    ...(values.targets === undefined ? {} : { targets: values.targets }),
    ...(values['fleet-rate'] === undefined ? {} : { 'fleet-rate': values['fleet-rate'] }),
  };
  const bad = Object.entries(numbers).filter(([, value]) => !(Number(value) >= 1));
  const percentages = values['rollout-percentages']?.split(',').map(Number);
  const errors = [
    ...unknown.map((name) => `unknown section '${name}'`),
    ...bad.map(([name]) => `--${name} must be a number ≥ 1`),
    ...(percentages === undefined || percentages.every((p) => p >= 1 && p <= 100) ? [] : ['--rollout-percentages must be numbers from 1 to 100']),
    ...(values['rollout-soak'] === undefined || /^\d{2,4}:[0-5]\d:[0-5]\d$/.test(values['rollout-soak']) ? [] : ['--rollout-soak must be HH:mm:ss']),
  ];
  if (errors.length > 0) {
    console.error(`${errors.join('\n')}\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    large: values.large,
    only: only as Section[],
    json: values.json,
    seconds: Number(values.duration),
    rounds: Math.round(Number(values.rounds)),
    uploadBytes: Math.round(Number(values['upload-mib']) * MiB),
    artifactBytes: Math.round(Number(values['artifact-mib']) * MiB),
    rolloutTargets: Math.round(Number(values['rollout-targets'])),
    rolloutGroups: Math.round(Number(values['rollout-groups'])),
    rolloutPercentages: percentages,
    rolloutSoak: values['rollout-soak'],
    rolloutPollingSeconds: Math.round(Number(values['rollout-polling'])),
    profileDir: values['cpu-prof'],
    targets: values.targets !== undefined ? Math.round(Number(values.targets)) : values.large ? 100_000 : 10_000,
    fleetRate: values['fleet-rate'] === undefined ? undefined : Math.round(Number(values['fleet-rate'])),
    scaleNoRollout: values['scale-no-rollout'],
    scaleRolloutOnly: values['scale-rollout-only'],
    scaleBulkOnly: values['scale-bulk-only'],
  };
}

export interface DatabaseResults {
  readonly kind: 'sqlite' | 'postgres';
  readonly label: string;
  fleet?: { readonly targets: number; readonly installed: number; readonly openActions: number; readonly seedSeconds: number };
  startup?: { empty?: StartupFigures; seeded?: StartupFigures };
  poll?: { readonly rounds: number; readonly seconds: number; readonly comparisons: PollComparison[] };
  deployment?: DeploymentFigures;
  /** closing pairs with webhook subscriptions and without, in the same rounds */
  webhookCost?: WebhookCostFigures;
  download?: {
    readonly artifactBytes: number;
    readonly rounds: number;
    readonly seconds: number;
    readonly nginx: string | undefined;
    readonly comparisons: DownloadComparison[];
  };
  upload?: UploadFigures;
  s3?: S3Figures;
  scale?: ScaleFigures;
  fleetOperator?: FleetOperatorFigures;
  rollout?: RolloutFigures;
  /** section → what went wrong */
  readonly errors: Record<string, string>;
}

export interface Results {
  readonly machine: Record<string, unknown>;
  readonly options: Options;
  readonly cores: { readonly server: number; readonly load: number | undefined };
  auth?: AuthFigures;
  readonly databases: DatabaseResults[];
  readonly errors: Record<string, string>;
}

interface Context {
  readonly options: Options;
  readonly operator: Operator;
  readonly dir: string;
  readonly serverCore: number;
  /** the bench's own core, where s3rver runs too; the server core on a one-core machine */
  readonly loadCore: number;
  readonly nginx: string | undefined;
}

function machine(): Record<string, unknown> {
  const cpus = os.cpus();
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = undefined;
  }
  return {
    date: new Date().toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    availableParallelism: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    loadAverage: os.loadavg(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit,
  };
}

/** Runs `work` as `section`, noting its error instead of ending the run. */
async function attempt(errors: Record<string, string>, section: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    errors[section] = (error as Error).message;
    progress(`${section} FAILED: ${(error as Error).stack ?? String(error)}`);
  }
}

async function benchDatabase(context: Context, database: BenchDatabase): Promise<DatabaseResults> {
  const { options, operator } = context;
  const core = context.serverCore;
  const results: DatabaseResults = { kind: database.kind, label: database.label, errors: {} };
  const runs = (section: Section) => options.only.includes(section) && (database.kind === 'sqlite' || ON_POSTGRES.includes(section));
  const setup = (name: string, databaseUrl: string): FalconetSetup => ({
    operator,
    dir: join(context.dir, `${database.kind}-${name}`),
    databaseUrl,
    profileDir: options.profileDir,
  });
  const label = database.label;

  if (runs('startup')) {
    await attempt(results.errors, 'startup (empty database)', async () => {
      progress(`${label}: startup on an empty database`);
      const empty = await database.fresh('empty');
      results.startup = { empty: await measureStartup(core, setup('startup-empty', empty.url)) };
    });
  }

  let fleet: Fleet | undefined;
  let fleetUrl = '';
  let fleetDatabase: FreshDatabase = { url: '', referenceArgs: [] };
  if (ON_FLEET.some(runs)) {
    await attempt(results.errors, 'seed', async () => {
      const fresh = await database.fresh('fleet');
      const started = performance.now();
      fleet = await seeded(fresh.url, fleetShape(options.targets));
      fleetUrl = fresh.url;
      fleetDatabase = fresh;
      results.fleet = {
        targets: fleet.devices.length,
        installed: fleet.installed,
        openActions: fleet.open.length,
        seedSeconds: (performance.now() - started) / 1000,
      };
      progress(
        `${label}: seeded ${options.targets.toLocaleString('en')} targets (${fleet.open.length} open actions) in ${results.fleet.seedSeconds.toFixed(1)} s`,
      );
    });
  }
  if (fleet !== undefined) {
    const seededFleet = fleet;
    if (runs('startup')) {
      await attempt(results.errors, 'startup (seeded database)', async () => {
        progress(`${label}: startup on the seeded database`);
        results.startup = { ...results.startup, seeded: await measureStartup(core, setup('startup-seeded', fleetUrl)) };
      });
    }
    if (runs('poll')) {
      await attempt(results.errors, 'poll', async () => {
        const rounds = database.kind === 'postgres' ? 1 : options.rounds;
        progress(`${label}: poll vs reference, ${rounds} round(s) of ${options.seconds} s per connection count`);
        const comparisons = await comparePolls({
          setup: setup('poll', fleetUrl),
          overrides: { ...setup('poll-overrides', fleetUrl), toml: POLL_OVERRIDES_TOML },
          copyOf: (name) => database.copyOf(fleetDatabase, name),
          devices: seededFleet.devices,
          serverCore: core,
          seconds: options.seconds,
          rounds,
        });
        results.poll = { rounds, seconds: options.seconds, comparisons };
      });
    }
    if (runs('deploy') && seededFleet.open.length > 0) {
      await attempt(results.errors, 'deploy', async () => {
        const rounds = database.kind === 'postgres' ? 1 : options.rounds;
        progress(`${label}: deploymentBase + feedback, ${rounds} round(s) of ${options.seconds} s`);
        results.deployment = await measureDeployment(core, setup('deploy', fleetUrl), seededFleet.open, { seconds: options.seconds, rounds });
      });
    }
    if (runs('deploy-webhooks')) {
      await attempt(results.errors, 'deploy-webhooks', async () => {
        const rounds = database.kind === 'postgres' ? 1 : options.rounds;
        progress(`${label}: closing deploymentBase + feedback pairs with and without ${BENCH_SUBSCRIPTIONS} webhook subscriptions, ${rounds} round(s)`);
        const fresh = await database.fresh('deploy-webhooks');
        const shape = fleetShape(options.targets);
        const ownFleet = await seeded(fresh.url, shape);
        results.webhookCost = await measureWebhookCost(core, setup('deploy-webhooks', fresh.url), ownFleet, { rounds, subscriptions: BENCH_SUBSCRIPTIONS });
      });
    }
    if (runs('download')) {
      await attempt(results.errors, 'download', async () => {
        const seconds = Math.max(1, Math.round(options.seconds / 2));
        progress(
          `${label}: artifact download vs ${context.nginx === undefined ? '(nginx not installed)' : 'nginx'}, ${options.rounds} round(s) of ${seconds} s`,
        );
        const comparisons = await compareDownloads({
          setup: setup('download', fleetUrl),
          devices: seededFleet.devices,
          serverCore: core,
          artifactBytes: options.artifactBytes,
          seconds,
          rounds: options.rounds,
          nginx: context.nginx,
        });
        results.download = { artifactBytes: options.artifactBytes, rounds: options.rounds, seconds, nginx: context.nginx, comparisons };
      });
    }
    if (runs('fleet-operator')) {
      await attempt(results.errors, 'fleet-operator', async () => {
        // on SQLite every read on the event loop against the default workers (decision 253), in the same rounds
        const variants =
          database.kind === 'sqlite'
            ? [
                { label: 'read_workers = 0', toml: ['[database]', 'read_workers = 0'] },
                { label: 'read_workers = 2', toml: [] },
              ]
            : [{ label: 'pg pool', toml: [] }];
        results.fleetOperator = await measureFleetOperator({
          setup: setup('fleet-operator', fleetUrl),
          devices: seededFleet.devices,
          serverCore: core,
          seconds: options.seconds,
          rounds: database.kind === 'postgres' ? 1 : options.rounds,
          rate: options.fleetRate,
          variants,
        });
      });
    }
  }
  if (runs('upload')) {
    await attempt(results.errors, 'upload', async () => {
      progress(`${label}: upload of ${(options.uploadBytes / MiB).toFixed(0)} MiB`);
      const fresh = await database.fresh('upload');
      const section = setup('upload', fresh.url);
      try {
        results.upload = await measureUpload(core, section, options.uploadBytes);
      } finally {
        rmSync(section.dir, { recursive: true, force: true });
      }
    });
  }
  if (runs('s3')) {
    await attempt(results.errors, 's3', async () => {
      const seconds = Math.max(1, Math.round(options.seconds / 2));
      const section = setup('s3', '');
      try {
        results.s3 = await measureS3({
          setup: section,
          serverCore: core,
          loadCore: context.loadCore,
          uploadBytes: options.uploadBytes,
          artifactBytes: options.artifactBytes,
          seconds,
          rounds: options.rounds,
        });
      } finally {
        rmSync(section.dir, { recursive: true, force: true });
      }
    });
  }
  if (runs('scale')) {
    await attempt(results.errors, 'scale', async () => {
      progress(`${label}: target queries, statistics, bulk operations and a rollout over ${options.targets.toLocaleString('en')} seeded targets`);
      const fresh = await database.fresh('scale');
      const started = performance.now();
      const shape = fleetShape(options.targets);
      const ownFleet = await seeded(fresh.url, shape);
      progress(`${label}: seeded ${options.targets.toLocaleString('en')} targets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const only = options.scaleRolloutOnly || options.scaleBulkOnly;
      results.scale = await measureScale(core, setup('scale', fresh.url), ownFleet, shape, {
        queries: !only,
        bulk: options.scaleBulkOnly || (!only && !options.scaleNoRollout),
        rollout: options.scaleRolloutOnly || (!only && !options.scaleNoRollout),
      });
    });
  }
  if (runs('rollout')) {
    await attempt(results.errors, 'rollout', async () => {
      const shape = options.rolloutPercentages === undefined ? `${options.rolloutGroups} groups` : `groups of ${options.rolloutPercentages.join(', ')} %`;
      progress(
        `${label}: rollout of ${options.rolloutTargets.toLocaleString('en')} simulated devices in ${shape}${options.rolloutSoak === undefined ? '' : `, soak ${options.rolloutSoak}`}`,
      );
      const fresh = await database.fresh('rollout');
      results.rollout = await runRollout({
        setup: setup('rollout', fresh.url),
        serverCore: core,
        targets: options.rolloutTargets,
        groups: options.rolloutGroups,
        percentages: options.rolloutPercentages,
        soakTime: options.rolloutSoak,
        pollingSeconds: options.rolloutPollingSeconds,
      });
      if (!results.rollout.ok) results.errors['rollout'] = `not every device finished verified, or the rollout is ${results.rollout.status}`;
    });
  }
  return results;
}

async function main(): Promise<number> {
  const options = parseOptions();
  // before the pinning below, which leaves this process one CPU
  const host = machine();
  const cores = { server: 0, load: (host['availableParallelism'] as number) >= 2 ? 1 : undefined };
  // all threads of this process (libuv's pool too): the load never competes with the server's core
  if (cores.load !== undefined) execFileSync('taskset', ['-a', '-cp', String(cores.load), String(process.pid)], { stdio: 'ignore' });
  const nginx = options.only.includes('download') ? findNginx() : undefined;
  const results: Results = { machine: host, options, cores, databases: [], errors: {} };
  progress(
    `bench: ${options.only.join(', ')}; ${options.targets.toLocaleString('en')} targets; servers on core ${cores.server}, ` +
      (cores.load === undefined ? 'load unpinned (one core)' : `load on core ${cores.load}`),
  );

  const dir = mkdtempSync(join(os.tmpdir(), 'falconet-bench-'));
  try {
    if (options.only.includes('auth')) {
      await attempt(results.errors, 'auth', async () => {
        progress('auth and validation, in process');
        results.auth = await measureAuth();
      });
    }
    const operator = await newOperator();
    const context: Context = { options, operator, dir, serverCore: cores.server, loadCore: cores.load ?? cores.server, nginx };
    const postgres = process.env['FALCONET_BENCH_DATABASE_URL'];
    for (const database of [sqliteDatabases(dir), ...(postgres ? [postgresDatabases(postgres)] : [])]) {
      try {
        results.databases.push(await benchDatabase(context, database));
      } finally {
        await database.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const rows = tableRows(results);
  writeFileSync(options.json, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  process.stdout.write(`\n${markdownTable(rows)}\n\nRaw figures: ${options.json}\n`);
  const failures = [
    ...Object.entries(results.errors),
    ...results.databases.flatMap((database) => Object.entries(database.errors).map(([section, error]) => [`${database.label} ${section}`, error])),
  ];
  for (const [section, error] of failures) process.stdout.write(`FAILED ${section}: ${error}\n`);
  return failures.length > 0 ? 1 : 0;
}

process.exitCode = await main();

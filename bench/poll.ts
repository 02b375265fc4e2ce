/**
 * DDI poll throughput, measured as PERFORMANCE.md describes: a 100,000-target fleet in a SQLite file; the
 * real Falconet (`node dist/cli.js serve`, so `npm run build` first) and a hand-written Hono +
 * better-sqlite3 poll (`poll-reference.ts`) both pinned to core 0 against that file; autocannon in this
 * process, pinned to core 1, polling random controllerIds with their `TargetToken` over 64 and 256
 * keep-alive connections; rounds interleaved (Falconet, reference, Falconet, …), the variant not measured
 * frozen. Prints req/s, p99 and the server's CPU time per poll for each run, the ratio Falconet/reference
 * per round (of req/s, and of CPU per poll inverted, so that above 1 is better for both) and the medians.
 *   npm run bench:poll
 * FALCONET_BENCH_DURATION (seconds per run, default 10), FALCONET_BENCH_ROUNDS (default 3);
 * FALCONET_BENCH_DATABASE_URL=postgres://… adds one round on PostgreSQL (a fresh schema, dropped after);
 * FALCONET_BENCH_CPU_PROF=<dir> starts Falconet with `node --cpu-prof` writing its profile there.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { startPinned, type BenchServer } from './bench-process.js';
import { seedFleet, type Device, type Fleet } from './poll-fleet.js';

const SERVER_CORE = 0;
const LOAD_CORE = 1;
const CONNECTIONS = [64, 256] as const;
const seconds = Number(process.env['FALCONET_BENCH_DURATION'] ?? 10);
const rounds = Number(process.env['FALCONET_BENCH_ROUNDS'] ?? 3);
const postgresUrl = process.env['FALCONET_BENCH_DATABASE_URL'];
const profileDir = process.env['FALCONET_BENCH_CPU_PROF'];

interface Run {
  readonly rps: number;
  readonly p99: number;
  /** the server's CPU time per answered poll, µs: steadier than req/s on a shared machine */
  readonly cpuUs: number;
  readonly failed: number;
}

/** Polls random devices of the fleet with their own token for `duration` seconds. */
async function load(server: BenchServer, devices: readonly Device[], connections: number, duration: number): Promise<Run> {
  const cpuBefore = server.cpuMs();
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const device = devices[Math.floor(Math.random() * devices.length)] as Device;
          return { ...request, path: `/DEFAULT/controller/v1/${device.controllerId}`, headers: { authorization: `TargetToken ${device.token}` } };
        },
      },
    ],
  });
  const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / result['2xx'];
  return { rps: result['2xx'] / result.duration, p99: result.latency.p99, cpuUs, failed: result.non2xx + result.errors };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const format = (run: Run) =>
  `${Math.round(run.rps).toLocaleString('en')} | ${run.p99} ms | ${Math.round(run.cpuUs)} µs${run.failed > 0 ? ` (${run.failed} failed!)` : ''}`;

/** Interleaved rounds of Falconet and the reference; each one frozen while the other is measured. */
async function compare(label: string, falconet: BenchServer, reference: BenchServer, devices: readonly Device[], roundCount: number) {
  const measure = async (server: BenchServer, connections: number, duration = seconds) => {
    server.resume();
    const run = await load(server, devices, connections, duration);
    server.freeze();
    return run;
  };
  falconet.freeze();
  reference.freeze();
  for (const server of [falconet, reference]) await measure(server, CONNECTIONS[0], Math.min(3, seconds)); // JIT, page cache
  console.log(
    `\n${label}\n| connections | round | Falconet req/s | p99 | CPU/poll | reference req/s | p99 | CPU/poll | ratio req/s | ratio CPU/poll |\n${'|---'.repeat(10)}|`,
  );
  const busy: number[] = [];
  for (const connections of CONNECTIONS) {
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 1; round <= roundCount; round++) {
      const ours = await measure(falconet, connections);
      const theirs = await measure(reference, connections);
      ratios.push(ours.rps / theirs.rps);
      cpuRatios.push(theirs.cpuUs / ours.cpuUs);
      busy.push((theirs.rps * theirs.cpuUs) / 1e6);
      console.log(`| ${connections} | ${round} | ${format(ours)} | ${format(theirs)} | ${(ours.rps / theirs.rps).toFixed(2)} | ${(theirs.cpuUs / ours.cpuUs).toFixed(2)} |`);
    }
    console.log(`| ${connections} | median | | | | | | | **${median(ratios).toFixed(2)}** | ${median(cpuRatios).toFixed(2)} |`);
  }
  falconet.resume();
  reference.resume();
  const [least, most] = [Math.min(...busy), Math.max(...busy)].map((share) => `${Math.round(share * 100)}%`);
  console.log(
    `The reference kept its core ${least}–${most} busy: below 100% its req/s was bounded by the load generator or the machine's other work, not by the server; CPU per poll does not depend on that.`,
  );
}

async function seeded(url: string): Promise<Fleet> {
  const db: Knex = openDatabase(url);
  try {
    await migrate(db);
    return await seedFleet(db);
  } finally {
    await db.destroy();
  }
}

/** Falconet's config for `databaseUrl`, with a throw-away operator password; logs at info (no line per poll). */
async function writeConfig(dir: string, databaseUrl: string): Promise<string> {
  const hash = await argon2.hash(`bench-${process.pid}-${Date.now()}`, { type: argon2.argon2id });
  const file = join(dir, `falconet-${Date.now()}.toml`);
  writeFileSync(
    file,
    [
      'bind = "127.0.0.1:0"',
      `database_url = ${JSON.stringify(databaseUrl)}`,
      `artifact_dir = ${JSON.stringify(join(dir, 'artifacts'))}`,
      'log_level = "info"',
      '[mgmt]',
      'username = "admin"',
      `password_hash = ${JSON.stringify(hash)}`,
    ].join('\n'),
  );
  return file;
}

/** The environment without FALCONET_* (the bench's own variables are no Falconet settings). */
const childEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('FALCONET_')));

async function bench(label: string, dir: string, falconetDb: string, referenceArgs: readonly string[], roundCount: number) {
  const started = performance.now();
  const fleet = await seeded(falconetDb);
  console.log(`\n${label}: seeded ${fleet.devices.length.toLocaleString('en')} targets (${fleet.installed} with an installed set, ${fleet.active} with an active action) in ${Math.round(performance.now() - started)} ms`);
  const config = await writeConfig(dir, falconetDb);
  const profiling = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const falconet = await startPinned('falconet', SERVER_CORE, [process.execPath, ...profiling, 'dist/cli.js', 'serve', '--config', config], childEnv());
  const reference = await startPinned('reference', SERVER_CORE, [process.execPath, '--import', 'tsx', 'bench/poll-reference.ts', ...referenceArgs], childEnv());
  try {
    await compare(label, falconet, reference, fleet.devices, roundCount);
  } finally {
    await Promise.all([falconet.stop(), reference.stop()]);
  }
}

execFileSync('taskset', ['-a', '-cp', String(LOAD_CORE), String(process.pid)], { stdio: 'ignore' });
console.log(`DDI poll: ${seconds} s per run, ${rounds} rounds; servers on core ${SERVER_CORE}, autocannon on core ${LOAD_CORE}`);
const dir = mkdtempSync(join(tmpdir(), 'falconet-poll-bench-'));
try {
  const file = join(dir, 'fleet.db');
  await bench('SQLite', dir, `sqlite:${file}`, ['sqlite', file], rounds);
  if (postgresUrl) {
    const schema = `falconet_bench_${process.pid}`;
    const url = new URL(postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const admin = openDatabase(postgresUrl);
    await admin.raw('create schema ??', [schema]);
    try {
      await bench('PostgreSQL (the database server is not pinned)', dir, url.href, ['pg', url.href], 1);
    } finally {
      await admin.raw('drop schema ?? cascade', [schema]);
      await admin.destroy();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

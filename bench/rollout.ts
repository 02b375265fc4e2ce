/**
 * Server time to create and start a rollout of 10,000 targets in 10 groups (the start deploys the first
 * group: 1,000 actions), in process through `app.request` (no sockets). Targets are seeded straight into the
 * database beforehand; each run uses its own 10,000 targets, so no action is superseded. SQLite in memory,
 * and PostgreSQL too when FALCONET_BENCH_DATABASE_URL names one (a fresh schema is used and dropped).
 * Prints each run and the median.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import knexFactory, { type Knex } from 'knex';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { configFromValues } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices } from '../src/services.js';

const TARGETS = 10_000;
const GROUPS = 10;
const RUNS = 5;
const PASSWORD = 'bench-password';
const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
const headers = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];

async function seedTargets(db: Knex, group: string): Promise<void> {
  const audit = { created_at: 1, created_by: 'bench', last_modified_at: 1, last_modified_by: 'bench' };
  const rows = Array.from({ length: TARGETS }, (_, i) => ({
    controller_id: `${group}-${i}`,
    name: `${group}-${i}`,
    security_token: `${group}-${i}`,
    group_name: group,
    update_status: 'registered',
    ...audit,
  }));
  for (let start = 0; start < rows.length; start += 500) await db('targets').insert(rows.slice(start, start + 500));
}

async function bench(label: string, databaseUrl: string): Promise<void> {
  const config = configFromValues({
    bind: '127.0.0.1:0',
    database_url: databaseUrl,
    artifact_dir: '/tmp/falconet-bench-artifacts',
    'mgmt.username': 'admin',
    'mgmt.password_hash': hash,
  });
  const db = openDatabase(config.databaseUrl);
  await migrate(db);
  const logger = pino({ level: process.env['BENCH_LOG'] ?? 'silent' });
  const app = buildApp({ config, services: createServices(config, db, Date.now, logger), operations, logger });
  const post = async (path: string, body?: unknown) => {
    const response = await app.request(path, { method: 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : await response.json();
  };
  const [module] = (await post('/rest/v1/softwaremodules', [{ name: 'os', version: '1', type: 'os' }])) as { id: number }[];
  const [set] = (await post('/rest/v1/distributionsets', [{ name: 'bench', version: '1', type: 'os', modules: [{ id: module?.id }] }])) as { id: number }[];
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const group = `bench-${run}`;
    await seedTargets(db, group);
    const start = process.hrtime.bigint();
    const rollout = (await post('/rest/v1/rollouts', {
      name: group,
      distributionSetId: set?.id,
      targetFilterQuery: `group==${group}`,
      amountGroups: GROUPS,
    })) as { id: number; totalTargets: number };
    const created = process.hrtime.bigint();
    await post(`/rest/v1/rollouts/${rollout.id}/start`);
    const started = process.hrtime.bigint();
    const actions = Number(((await db('actions').where('rollout_id', rollout.id).count({ n: '*' }).first()) as { n: number | string }).n);
    if (rollout.totalTargets !== TARGETS || actions !== TARGETS / GROUPS) throw new Error(`unexpected rollout: ${rollout.totalTargets} targets, ${actions} actions`);
    const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
    samples.push(ms(start, started));
    console.log(`${label} run ${run + 1}: create ${ms(start, created).toFixed(0)} ms + start ${ms(created, started).toFixed(0)} ms = ${ms(start, started).toFixed(0)} ms`);
  }
  samples.sort((a, z) => a - z);
  console.log(`${label}: median create + start of ${TARGETS} targets in ${GROUPS} groups: ${(samples[Math.floor(RUNS / 2)] as number).toFixed(0)} ms`);
  await db.destroy();
}

await bench('sqlite', 'sqlite::memory:');
const postgres = process.env['FALCONET_BENCH_DATABASE_URL'];
if (postgres) {
  const schema = `falconet_bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: postgres, pool: { min: 0, max: 1 } });
  await admin.raw('create schema ??', [schema]);
  const url = new URL(postgres);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    await bench('postgres', url.href);
  } finally {
    await admin.raw('drop schema ?? cascade', [schema]);
    await admin.destroy();
  }
}

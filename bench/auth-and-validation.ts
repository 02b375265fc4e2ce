/**
 * Micro-benchmark of the operator-auth and validation overheads, in process (no sockets):
 *  - a Basic-authenticated request whose credential is new (argon2id runs) vs one already verified;
 *  - an unauthenticated request (/health) as the floor;
 *  - openapi-backend's precompiled request validators alone, per request.
 * Figures are medians of batches measured in one run.
 */
import argon2 from 'argon2';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { configFromValues } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices } from '../src/services.js';

const PASSWORD = 'bench-password';

async function medianMicros(batches: number, perBatch: number, work: (i: number) => unknown): Promise<number> {
  const samples: number[] = [];
  let i = 0;
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let n = 0; n < perBatch; n++) await work(i++);
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / perBatch);
  }
  samples.sort((a, z) => a - z);
  return samples[Math.floor(samples.length / 2)] as number;
}

const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
const config = configFromValues({
  bind: '127.0.0.1:0',
  database_url: 'sqlite::memory:',
  artifact_dir: '/tmp/falconet-bench-artifacts',
  'mgmt.username': 'admin',
  'mgmt.password_hash': hash,
});
const db = openDatabase(config.databaseUrl);
await migrate(db);
const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];
const app = buildApp({ config, services: createServices(config, db, Date.now, pino({ level: 'silent' })), operations, logger: pino({ level: 'silent' }) });
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`;
// Each request from its own address, so the failed-login limit never interferes.
const request = (path: string, authorization: string | undefined, i: number) =>
  app.request(path, authorization ? { headers: { authorization } } : {}, { incoming: { socket: { remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } } });

const floor = await medianMicros(21, 500, (i) => request('/health', undefined, i));
// A new username each time: the credential is unknown to the cache, so argon2id verifies it.
const uncached = await medianMicros(11, 5, (i) => request('/rest/v1/session', basic(`user${i}`), i));
const cached = await medianMicros(21, 500, (i) => request('/rest/v1/session', basic('admin'), i));

const login = operations.find((operation) => operation.operationId === 'login');
const session = operations.find((operation) => operation.operationId === 'getSession');
if (!login || !session) throw new Error('operations missing');
const validate = (validators: ReturnType<typeof login.validators>, input: Record<string, unknown>) => {
  for (const validator of validators) validator(input);
};
const header = { authorization: basic('admin'), 'content-type': 'application/json', 'user-agent': 'bench' };
const loginValidation = await medianMicros(21, 5000, () =>
  validate(login.validators(), { path: {}, query: {}, header, requestBody: { username: 'admin', password: PASSWORD } }),
);
const sessionValidation = await medianMicros(21, 5000, () => validate(session.validators(), { path: {}, query: {}, header }));

const rows = [
  ['GET /health (no auth), whole request', floor],
  ['GET /rest/v1/session, Basic, credential not yet verified', uncached],
  ['GET /rest/v1/session, Basic, credential cached', cached],
  ['validators of POST /rest/v1/login (body + params)', loginValidation],
  ['validators of GET /rest/v1/session (params)', sessionValidation],
] as const;
console.log('| measurement | median µs per request |\n|---|---|');
for (const [name, micros] of rows) console.log(`| ${name} | ${micros.toFixed(1)} |`);
console.log(`\ncache speed-up: ${(uncached / cached).toFixed(0)}x`);
await db.destroy();

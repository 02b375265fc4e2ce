/**
 * Operator-auth and validation overheads, in this process through `app.request` (no sockets):
 *  - a Basic-authenticated request whose credential is new (argon2id runs) vs one already verified;
 *  - an unauthenticated request (/health) as the floor;
 *  - openapi-backend's precompiled request validators alone, per request.
 * Figures are medians of batches, µs per request.
 */
import argon2 from 'argon2';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { configFromValues } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { createServices } from '../src/services.js';
import { createArtifactStore } from '../src/storage/artifact-store.js';
import { median } from './report.js';

const PASSWORD = 'bench-password';

export interface AuthFigures {
  /** GET /health, no authentication, the whole request */
  readonly healthUs: number;
  /** GET /rest/v1/session with a Basic credential not yet verified */
  readonly basicUncachedUs: number;
  /** … with the credential already verified */
  readonly basicCachedUs: number;
  /** the validators of POST /rest/v1/login (body and parameters) */
  readonly loginValidationUs: number;
  /** the validators of GET /rest/v1/session (parameters) */
  readonly sessionValidationUs: number;
}

async function medianMicros(batches: number, perBatch: number, work: (i: number) => unknown): Promise<number> {
  const samples: number[] = [];
  let i = 0;
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let n = 0; n < perBatch; n++) await work(i++);
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / perBatch);
  }
  return median(samples);
}

export async function measureAuth(): Promise<AuthFigures> {
  const config = configFromValues({
    bind: '127.0.0.1:0',
    database_url: 'sqlite::memory:',
    artifact_dir: '/tmp/falconet-bench-artifacts',
    'mgmt.username': 'admin',
    'mgmt.password_hash': await argon2.hash(PASSWORD, { type: argon2.argon2id }),
  });
  const db = openDatabase(config.databaseUrl);
  try {
    await migrate(db);
    const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];
    const logger = pino({ level: 'silent' });
    const app = buildApp({
      config,
      services: createServices(config, db, Date.now, logger, createArtifactStore(config.artifactDir as string)),
      operations,
      logger,
    });
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`;
    // Each request from its own address, so the failed-login limit never interferes.
    const request = (path: string, authorization: string | undefined, i: number) =>
      app.request(path, authorization ? { headers: { authorization } } : {}, {
        incoming: { socket: { remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } },
      });

    const healthUs = await medianMicros(21, 500, (i) => request('/health', undefined, i));
    // A new username each time: the credential is unknown to the cache, so argon2id verifies it.
    const basicUncachedUs = await medianMicros(11, 5, (i) => request('/rest/v1/session', basic(`user${i}`), i));
    const basicCachedUs = await medianMicros(21, 500, (i) => request('/rest/v1/session', basic('admin'), i));

    const login = operations.find((operation) => operation.operationId === 'login');
    const session = operations.find((operation) => operation.operationId === 'getSession');
    if (!login || !session) throw new Error('operations missing');
    const validate = (validators: ReturnType<typeof login.validators>, input: Record<string, unknown>) => {
      for (const validator of validators) validator(input);
    };
    const header = { authorization: basic('admin'), 'content-type': 'application/json', 'user-agent': 'bench' };
    const loginValidationUs = await medianMicros(21, 5000, () =>
      validate(login.validators(), { path: {}, query: {}, header, requestBody: { username: 'admin', password: PASSWORD } }),
    );
    const sessionValidationUs = await medianMicros(21, 5000, () => validate(session.validators(), { path: {}, query: {}, header }));
    return { healthUs, basicUncachedUs, basicCachedUs, loginValidationUs, sessionValidationUs };
  } finally {
    await db.destroy();
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { pino, type Logger } from 'pino';
import { inject } from 'vitest';
import { loadResponseValidator, type ResponseValidator } from '../../contract-tests/response-validator.js';
import { buildApp, type App } from '../../src/app.js';
import { configFromValues, type Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { loadApiOperations, type ApiOperation } from '../../src/http/api-operations.js';
import type { ConsoleAssets } from '../../src/http/console-assets.js';
import { createServices, type Services } from '../../src/services.js';
import { openArtifactStore } from '../../src/storage/configured-store.js';
import { applyPollingOverrides } from '../../src/targets/polling-overrides.js';
import { createTestDatabase, type DatabaseKind } from './databases.js';
import { createTestBucket, s3StorageConfig, type TestBucket } from './s3-server.js';
import type { StorageKind } from './storage-kinds.js';

/*
 * How a test gets an app: `useTestApp(kind, overrides, options)` (./use-test-app.ts) for the app of a describe
 * block, started in beforeAll and closed in afterAll. That is the way. `startTestApp` below is its building block;
 * a test file calls it itself only for an app that lives inside one test (settings only that test needs, a broken
 * database or artifact directory, several apps at once) or whose options are made in beforeAll. Such files are
 * listed, each with its reason, in test/architecture.test.ts.
 */

export const TEST_USERNAME = 'admin';
export const TEST_PASSWORD = 'test-password';
/** argon2id of TEST_PASSWORD, computed once with `falconet hash-password` */
export const TEST_PASSWORD_HASH = '$argon2id$v=19$m=65536,p=4,t=3$L4e6HWZQczii7CMJ6TMLnA$9dFJwblNXatN0kfsQimPYRS6C1tfwjlxhnL9CIvozLM';

export const basicAuth = (username = TEST_USERNAME, password = TEST_PASSWORD) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A config like an operator's, with test values; keys as in TOML (`'ddi.gateway_token'`). */
export function testConfig(overrides: Readonly<Record<string, unknown>> = {}): Config {
  return configFromValues({
    bind: '127.0.0.1:0',
    database_url: 'sqlite::memory:',
    artifact_dir: join(tmpdir(), 'falconet-test-artifacts'),
    'mgmt.username': TEST_USERNAME,
    'mgmt.password_hash': TEST_PASSWORD_HASH,
    ...overrides,
  });
}

/** A clock tests move by hand. */
export interface TestClock {
  (): number;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 10, 21, 12)): TestClock {
  let now = start;
  return Object.assign(() => now, { advance: (ms: number) => void (now += ms) });
}

export interface TestApp {
  readonly app: App;
  readonly config: Config;
  readonly db: Knex;
  readonly services: Services;
  readonly clock: TestClock;
  readonly storage: StorageKind;
  /** the app's bucket with the s3 backend */
  readonly bucket: TestBucket | undefined;
  /** `app.request` as if from the given socket address; throws if the response breaks openapi/ */
  request(path: string, init?: RequestInit, remoteAddress?: string): Promise<Response>;
  close(): Promise<void>;
}

let operations: Promise<ApiOperation[]> | undefined;
let responseValidator: Promise<ResponseValidator> | undefined;

/**
 * The whole app on a fresh database of the given kind, with its artifacts in a fresh directory or, with
 * `storage: 's3'`, a fresh bucket of the run's S3 server; scheduler off, logs silent unless a logger is given.
 */
export async function startTestApp(
  kind: DatabaseKind,
  overrides: Readonly<Record<string, unknown>> = {},
  { consoleAssets, logger = pino({ level: 'silent' }), storage = 'local' }: { consoleAssets?: ConsoleAssets; logger?: Logger; storage?: StorageKind } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const artifactDir = mkdtempSync(join(tmpdir(), 'falconet-artifacts-'));
  const bucket = storage === 's3' ? await createTestBucket(inject('s3Endpoint')) : undefined;
  const bucketConfig = bucket === undefined ? {} : s3StorageConfig(inject('s3Endpoint'), bucket.name);
  const config = testConfig({ database_url: database.url, artifact_dir: artifactDir, ...bucketConfig, ...overrides });
  const db = openDatabase(config.databaseUrl, undefined, config.database);
  await migrate(db);
  await applyPollingOverrides(db, config.ddi.pollingOverrides);
  const clock = testClock();
  const services = createServices(config, db, clock, logger, await openArtifactStore(config, clock));
  operations ??= Promise.all([loadApiOperations('mgmt'), loadApiOperations('ddi')]).then((docs) => docs.flat());
  const app = buildApp({ config, services, operations: await operations, logger, consoleAssets });
  const validator = await (responseValidator ??= loadResponseValidator());
  return {
    app,
    config,
    db,
    services,
    clock,
    storage,
    bucket,
    async request(path, init, remoteAddress = '127.0.0.1') {
      const response = await app.request(path, init, { incoming: { socket: { remoteAddress } } });
      const violations = await validator.violations(init?.method ?? 'GET', path, response);
      // Thrown here, the failure points at the test line that made the request.
      if (violations.length > 0) throw new Error(`${init?.method ?? 'GET'} ${path}: the response breaks the contract:\n${violations.join('\n')}`);
      return response;
    },
    async close() {
      await db.destroy();
      await database.drop();
      await bucket?.drop();
      rmSync(artifactDir, { recursive: true, force: true });
    },
  };
}

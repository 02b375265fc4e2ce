import argon2 from 'argon2';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { loadApiOperations } from './http/api-operations.js';
import { loadConsoleAssets } from './http/console-assets.js';
import { listen } from './http/http-server.js';
import { createLogger } from './logger.js';
import { startScheduler } from './scheduler.js';
import { createServices, scheduledJobs } from './services.js';
import { startupHeapDone } from './startup-heap.js';
import { bindStartupError, databaseStartupError, ensureArtifactDir } from './startup-errors.js';
import { openArtifactStore } from './storage/configured-store.js';
import { applyPollingOverrides, checkPollingOverrides } from './targets/polling-overrides.js';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** The password of the documented demo account in falconet.toml. */
const DEMO_PASSWORD = 'admin';

/**
 * `falconet serve`: the only startup I/O of the product. Config errors throw before anything is
 * opened; then database, migrations, services, app, listener and scheduler, in that order.
 */
export async function runServer(configFile: string): Promise<void> {
  const { config, warnings } = loadConfig(configFile, process.env);
  checkPollingOverrides(config.ddi.pollingOverrides);
  const logger = createLogger(config.logLevel);
  warnings.forEach((warning) => logger.warn(warning));
  await warnAboutRiskySettings(config, logger);

  if (config.artifactDir !== undefined) ensureArtifactDir(config.artifactDir);
  const db = await openAndMigrate(config, logger);
  if (await applyPollingOverrides(db, config.ddi.pollingOverrides)) logger.info('polling overrides changed: every target recomputed');
  const services = createServices(config, db, systemClock, logger, await openArtifactStore(config, systemClock));
  const swept = await services.artifactStore.sweepTemp();
  if (swept > 0) logger.info({ removed: swept }, 'removed the temp files of uploads that crashed processes left');
  const operations = [...(await loadApiOperations('mgmt')), ...(await loadApiOperations('ddi'))];
  const consoleAssets = loadConsoleAssets();
  if (!consoleAssets) logger.info('web console not built: /ui is not served');
  const app = buildApp({ config, services, operations, logger, consoleAssets });
  startupHeapDone();

  const server = await listen(app, config, logger).catch((error: unknown) => {
    throw bindStartupError(error, `${config.bind.host}:${config.bind.port}`) ?? error;
  });
  const scheduler = startScheduler(scheduledJobs(services, config), logger);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await new Promise<void>((done) => {
      server.close(() => done());
      server.closeIdleConnections();
    });
    clearTimeout(forced);
    await scheduler.stop();
    await services.pollRecorder.flush();
    await db.destroy();
    logger.info('stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        logger.fatal({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      });
    });
  }
}

/** The migrated database; a failure the operator can fix (missing, unreachable, refused) as a StartupError. */
async function openAndMigrate({ databaseUrl: url, database }: Config, logger: Logger): Promise<Knex> {
  let db: Knex | undefined;
  try {
    db = openDatabase(url, logger, database);
    await migrate(db);
    return db;
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    throw databaseStartupError(error, url) ?? error;
  }
}

async function warnAboutRiskySettings(config: Config, logger: Logger): Promise<void> {
  if (await argon2.verify(config.mgmt.passwordHash, DEMO_PASSWORD)) {
    logger.warn(
      `!!! DEMO ACCOUNT: the operator password of '${config.mgmt.username}' is the public demo password ` +
        `'${DEMO_PASSWORD}'. Anyone can manage this server. Set [mgmt] password_hash from \`falconet hash-password\`. !!!`,
    );
  }
  if (config.ddi.confirmationFlow) {
    logger.warn('confirmation_flow is on: new actions wait for the device to confirm; clients that ignore confirmationBase never install');
  }
  if (config.ddi.anonymous) logger.warn('[ddi] anonymous is on: devices need no credential (development only)');
}

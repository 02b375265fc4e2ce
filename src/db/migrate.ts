import type { Knex } from 'knex';
import { StartupError } from '../startup-errors.js';
import { withAdvisoryLock } from './advisory-lock.js';
import * as typesAndSessions from './migrations/001-types-and-sessions.js';
import * as catalogue from './migrations/002-catalogue.js';
import * as targetFilters from './migrations/003-target-filters.js';
import * as rollouts from './migrations/004-rollouts.js';
import * as installedActionIndex from './migrations/005-installed-action-index.js';
import * as rolloutGroupActionIndex from './migrations/006-rollout-group-action-index.js';
import * as rolloutControl from './migrations/007-rollout-control.js';
import * as webhooks from './migrations/008-webhooks.js';
import * as auditLog from './migrations/009-audit-log.js';
import * as pollingOverrides from './migrations/010-polling-overrides.js';
import * as rolloutScale from './migrations/012-rollout-scale.js';
import * as loginAttemptsAndSessionCredentials from './migrations/013-login-attempts-and-session-credentials.js';
import * as autoAssignments from './migrations/016-auto-assignments.js';
import * as moduleCompleteness from './migrations/017-module-completeness.js';
import * as softDeletedSets from './migrations/018-soft-deleted-sets.js';
import * as targetCounts from './migrations/019-target-counts.js';
import * as actionCounts from './migrations/020-action-counts.js';
import * as rolloutGroupCounts from './migrations/021-rollout-group-counts.js';
import * as targetPolls from './migrations/022-target-polls.js';
import * as groupMemberKeysPerStatement from './migrations/023-group-member-keys-per-statement.js';

type Migration = { up(db: Knex): Promise<void>; down(db: Knex): Promise<void> };

/** Every migration in order. Compiled into the build, so no file globbing at startup. */
const MIGRATIONS: readonly (readonly [string, Migration])[] = [
  ['001-types-and-sessions', typesAndSessions],
  ['002-catalogue', catalogue],
  ['003-target-filters', targetFilters],
  ['004-rollouts', rollouts],
  ['005-installed-action-index', installedActionIndex],
  ['006-rollout-group-action-index', rolloutGroupActionIndex],
  ['007-rollout-control', rolloutControl],
  ['008-webhooks', webhooks],
  ['009-audit-log', auditLog],
  ['010-polling-overrides', pollingOverrides],
  ['012-rollout-scale', rolloutScale],
  ['013-login-attempts-and-session-credentials', loginAttemptsAndSessionCredentials],
  ['016-auto-assignments', autoAssignments],
  ['017-module-completeness', moduleCompleteness],
  ['018-soft-deleted-sets', softDeletedSets],
  ['019-target-counts', targetCounts],
  ['020-action-counts', actionCounts],
  ['021-rollout-group-counts', rolloutGroupCounts],
  ['022-target-polls', targetPolls],
  ['023-group-member-keys-per-statement', groupMemberKeysPerStatement],
];

const source: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(MIGRATIONS.map(([name]) => name)),
  getMigrationName: (name) => name,
  getMigration: (name) => {
    const migration = MIGRATIONS.find(([candidate]) => candidate === name);
    if (!migration) throw new Error(`unknown migration ${name}`);
    return Promise.resolve(migration[1]);
  },
};

/** Brings the schema up to date; safe to run from several processes at once. */
export async function migrate(db: Knex): Promise<void> {
  // knex's own migration lock refuses a second process (`Migration table is already locked`) instead of
  // waiting, and two processes creating its tables at once collide: processes started together on one
  // PostgreSQL (a scale-out deployment's usual start) would fail. The advisory lock makes them take turns.
  await withAdvisoryLock(db, 'migration', 'wait', async () => {
    await refuseNewerSchema(db);
    await db.migrate.latest({ migrationSource: source });
  });
}

/**
 * A database a newer build has migrated is no start-up of this one: knex would fail with its stack. Rolling
 * back an upgrade means restoring the backup taken before it (decision 235).
 */
async function refuseNewerSchema(db: Knex): Promise<void> {
  if (!(await db.schema.hasTable('knex_migrations'))) return;
  const known = new Set(migrationNames());
  const newer = ((await db('knex_migrations').orderBy('id').pluck('name')) as string[]).find((name) => !known.has(name));
  if (newer === undefined) return;
  throw new StartupError(
    `database_url: the database's schema is newer than this build (migration ${newer}): run the Falconet version that ` +
      `migrated it, or restore the backup taken before the upgrade (docs/backup.md)`,
  );
}

/** The names of this build's migrations, oldest first: a database whose list holds another name is newer. */
export const migrationNames = (): string[] => MIGRATIONS.map(([name]) => name);

/** Whether every migration of this build has run (false while knex's table is missing). */
export async function migrationsDone(db: Knex): Promise<boolean> {
  if (!(await db.schema.hasTable('knex_migrations'))) return false;
  const done = new Set((await db('knex_migrations').pluck('name')) as string[]);
  return MIGRATIONS.every(([name]) => done.has(name));
}

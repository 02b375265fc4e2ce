import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

export type DatabaseKind = 'sqlite' | 'postgres';

const postgresUrl = process.env['FALCONET_TEST_DATABASE_URL'];

/** SQLite always; PostgreSQL too when FALCONET_TEST_DATABASE_URL names one (CI sets it). */
export const DATABASE_KINDS: readonly DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  /** a `database_url` for the fresh database */
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: in-memory SQLite, or a new PostgreSQL schema selected through the URL's
 * `options=-c search_path=…`, dropped afterwards.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite' || !postgresUrl) return { url: 'sqlite::memory:', drop: () => Promise.resolve() };
  const schema = `falconet_test_${randomBytes(6).toString('hex')}`;
  const admin = () => knexFactory({ client: 'pg', connection: postgresUrl, pool: { min: 0, max: 1 } });
  const setup = admin();
  await setup.raw('create schema ??', [schema]);
  await setup.destroy();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.href,
    async drop() {
      const teardown = admin();
      await teardown.raw('drop schema ?? cascade', [schema]);
      await teardown.destroy();
    },
  };
}

import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createTestDatabase, DATABASE_KINDS } from './support/databases.js';

// Processes of a scale-out deployment start together and each migrates the one database at startup.
describe.skipIf(!DATABASE_KINDS.includes('postgres'))('migrations from several processes at once', () => {
  it('all succeed on a fresh PostgreSQL schema, and migrate it once', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase('postgres');
    const pools = Array.from({ length: 4 }, () => openDatabase(database.url));
    try {
      await Promise.all(pools.map((db) => migrate(db)));
      const [db] = pools as [ReturnType<typeof openDatabase>];
      const applied = await db('knex_migrations').select<{ name: string }[]>('name');
      expect(applied.length).toBeGreaterThan(0);
      expect(new Set(applied.map(({ name }) => name)).size).toBe(applied.length);
      expect(await db('knex_migrations_lock').first('is_locked')).toEqual({ is_locked: 0 });
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
      await database.drop();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateDatabaseError } from '../src/db/db-errors.js';
import { dialectOf, openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { ErrorCode } from '../src/errors.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';

const captureError = async (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe.each(DATABASE_KINDS)('storage on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('selects the backend from the URL scheme', () => {
    expect(dialectOf(db)).toBe(kind);
  });

  it('seeds the module types and distribution-set types of decision 11', async () => {
    const moduleTypes = await db('software_module_types').select('key', 'max_assignments').orderBy('key');
    expect(moduleTypes).toEqual([
      { key: 'application', max_assignments: 2147483647 },
      { key: 'firmware', max_assignments: 1 },
      { key: 'os', max_assignments: 1 },
      { key: 'runtime', max_assignments: 1 },
    ]);
    const links = await db('distribution_set_type_module_types as l')
      .join('distribution_set_types as d', 'd.id', 'l.distribution_set_type_id')
      .join('software_module_types as m', 'm.id', 'l.software_module_type_id')
      .select('d.key as ds', 'm.key as module', 'l.mandatory')
      .orderBy(['d.key', 'm.key']);
    const normalised = links.map((row: { ds: string; module: string; mandatory: unknown }) => ({ ...row, mandatory: Boolean(row.mandatory) }));
    expect(normalised).toEqual([
      { ds: 'app', module: 'application', mandatory: true },
      { ds: 'app', module: 'runtime', mandatory: false },
      { ds: 'os', module: 'firmware', mandatory: false },
      { ds: 'os', module: 'os', mandatory: true },
      { ds: 'os_app', module: 'application', mandatory: false },
      { ds: 'os_app', module: 'firmware', mandatory: false },
      { ds: 'os_app', module: 'os', mandatory: true },
      { ds: 'os_app', module: 'runtime', mandatory: false },
    ]);
    const audit = await db('distribution_set_types').first<{ created_at: unknown; created_by: string }>('created_at', 'created_by');
    expect(typeof audit.created_at).toBe('number');
    expect(audit.created_by).toBe('system');
  });

  it('migrates idempotently: a second start changes nothing', async () => {
    await migrate(db);
    expect((await db('software_module_types').count({ n: '*' }))[0]).toEqual({ n: 4 });
  });

  it('maps a unique violation to entityAlreadyExists', async () => {
    const now = Date.now();
    const row = { key: 'os', name: 'Another OS', max_assignments: 1, created_at: now, created_by: 't', last_modified_at: now, last_modified_by: 't' };
    const error = await captureError(db('software_module_types').insert(row));
    expect(translateDatabaseError(error)?.code).toBe(ErrorCode.entityAlreadyExists);
  });

  it('enforces foreign keys and maps a violation to concurrentModification', async () => {
    const error = await captureError(
      db('distribution_set_type_module_types').insert({ distribution_set_type_id: 9999, software_module_type_id: 9999, mandatory: true }),
    );
    expect(translateDatabaseError(error)?.code).toBe(ErrorCode.concurrentModification);
    const inUse = await captureError(db('software_module_types').where({ key: 'os' }).delete());
    expect(translateDatabaseError(inUse)?.code).toBe(ErrorCode.concurrentModification);
  });

  it('leaves other errors alone', async () => {
    const error = await captureError(db.raw('select * from no_such_table'));
    expect(error).toBeInstanceOf(Error);
    expect(translateDatabaseError(error)).toBeUndefined();
  });
});

describe('SQLite file database', () => {
  it('creates the file and its directory, in WAL mode with foreign keys on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'falconet-sqlite-'));
    const db = openDatabase(`sqlite:${join(dir, 'nested', 'falconet.db')}`);
    try {
      await migrate(db);
      expect(await db.raw('pragma journal_mode')).toEqual([{ journal_mode: 'wal' }]);
      expect(await db.raw('pragma foreign_keys')).toEqual([{ foreign_keys: 1 }]);
      expect(await db.raw('pragma busy_timeout')).toEqual([{ timeout: 5000 }]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { preparedRead, statement, type PreparedRead, type Queryable } from '../src/db/prepared-statements.js';
import { inStatementTransaction, inTransaction, onTransactionRetry } from '../src/db/transaction.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';

const AUDIT = { created_at: 1, created_by: 'seed', last_modified_at: 1, last_modified_by: 'seed' };
const target = (controllerId: string) => ({ controller_id: controllerId, name: controllerId, security_token: 'x', update_status: 'unknown', ...AUDIT });

describe.each(DATABASE_KINDS)('preparedRead on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  let read: PreparedRead<{ name: string; request_attributes: unknown }>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
    read = preparedRead(db, 'test-target-by-controller-id', 'SELECT name, request_attributes FROM targets WHERE controller_id = ? AND name <> ?');
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('binds its parameters in order and answers the first row, or undefined', async () => {
    await db('targets').insert(target('prep-1'));
    expect(await read('prep-1', 'other')).toMatchObject({ name: 'prep-1' });
    expect(await read('prep-1', 'prep-1')).toBeUndefined();
    expect(await read('nobody', 'other')).toBeUndefined();
  });

  it('never sees what an open transaction has not committed', async () => {
    await read('warm-up', 'x');
    let reading: Promise<{ name: string } | undefined> | undefined;
    const rollback = new Error('roll back');
    await expect(
      db.transaction(async (trx) => {
        await trx('targets').insert(target('prep-2'));
        reading = read('prep-2', 'other');
        // PostgreSQL reads beside the open transaction, on another connection; SQLite's one connection makes
        // the read wait for the transaction's end, so it can only be awaited after that.
        if (kind === 'postgres') expect(await reading).toBeUndefined();
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    // Had the read run inside the transaction, it would have seen the row that the rollback took away.
    expect(await reading).toBeUndefined();
    await db('targets').insert(target('prep-2'));
    expect(await read('prep-2', 'other')).toMatchObject({ name: 'prep-2' });
  });
});

describe.each(DATABASE_KINDS)('statement on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  const rename = statement('test-rename-target', 'UPDATE targets SET name = ? WHERE controller_id = ?');
  const names = statement<{ name: string }>('test-target-names', 'SELECT name FROM targets WHERE controller_id LIKE ? ORDER BY controller_id');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
    await db('targets').insert([target('stmt-1'), target('stmt-2')]);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('writes and reads on the caller transaction, and a rollback takes its writes back', async () => {
    const rollback = new Error('roll back');
    await expect(
      inTransaction(db, async (trx) => {
        expect(await rename.run(trx, 'renamed', 'stmt-1')).toBe(1);
        expect((await names.all(trx, 'stmt-%')).map((row) => row.name)).toEqual(['renamed', 'stmt-2']);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await names.all(db, 'stmt-%')).toEqual([{ name: 'stmt-1' }, { name: 'stmt-2' }]);
    expect(await rename.run(db, 'renamed', 'nobody')).toBe(0);
  });

  it('commits a statement transaction when its work resolves, and rolls it back when the work throws', async () => {
    expect(
      await inStatementTransaction(db, async (trx) => {
        await rename.run(trx, 'committed', 'stmt-2');
        return (await names.all(trx, 'stmt-2')).map((row) => row.name);
      }),
    ).toEqual(['committed']);
    expect(await names.all(db, 'stmt-2')).toEqual([{ name: 'committed' }]);
    const rollback = new Error('roll back');
    await expect(
      inStatementTransaction(db, async (trx) => {
        await rename.run(trx, 'lost', 'stmt-2');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await names.all(db, 'stmt-2')).toEqual([{ name: 'committed' }]);
    // the connection went back to the pool in a usable state: knex and further transactions run on it
    expect(await db('targets').where('controller_id', 'stmt-2').pluck('name')).toEqual(['committed']);
    await inStatementTransaction(db, (trx) => rename.run(trx, 'stmt-2', 'stmt-2'));
  });

  it('keeps what another transaction runs meanwhile out of a statement transaction, and its writes from the others until it commits', async () => {
    let inside: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish: () => void = () => undefined;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const open = inStatementTransaction(db, async (trx) => {
      await rename.run(trx, 'uncommitted', 'stmt-1');
      inside();
      await finishing;
    });
    await entered;
    // SQLite's one connection makes the others wait for the commit; PostgreSQL reads the committed row beside it
    const readBeside = names.all(db, 'stmt-1');
    const knexBeside = db('targets').where('controller_id', 'stmt-1').pluck('name');
    if (kind === 'postgres') {
      expect(await readBeside).toEqual([{ name: 'stmt-1' }]);
      expect(await knexBeside).toEqual(['stmt-1']);
    }
    finish();
    await open;
    if (kind === 'sqlite') {
      expect(await readBeside).toEqual([{ name: 'uncommitted' }]);
      expect(await knexBeside).toEqual(['uncommitted']);
    }
    await rename.run(db, 'stmt-1', 'stmt-1');
  });

  it('refuses a statement on a statement transaction that has ended, and joins a transaction it is given', async () => {
    let kept: Queryable | undefined;
    await inStatementTransaction(db, async (trx) => {
      kept = trx;
      // joined: the same transaction, not a new one
      await inStatementTransaction(trx, (joined) => Promise.resolve(expect(joined).toBe(trx)));
    });
    await expect(names.all(kept as Queryable, 'stmt-%')).rejects.toThrow(/ended/);
    const rollback = new Error('roll back');
    await expect(
      inTransaction(db, async (trx) => {
        await inStatementTransaction(trx, (joined) => rename.run(joined, 'in knex', 'stmt-1'));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await names.all(db, 'stmt-1')).toEqual([{ name: 'stmt-1' }]);
  });

  it('runs a statement transaction again after a conflict, each failed run rolled back', async () => {
    const retries: number[] = [];
    onTransactionRetry(db, (retry) => retries.push(retry.attempt));
    let runs = 0;
    const result = await inStatementTransaction(db, async (trx) => {
      runs++;
      await rename.run(trx, `run-${runs}`, 'stmt-2');
      if (runs < 3) throw Object.assign(new Error('deadlock'), { code: '40P01' });
      return (await names.all(trx, 'stmt-2'))[0]?.name;
    });
    expect([result, retries]).toEqual(['run-3', [1, 2]]);
    expect(await names.all(db, 'stmt-2')).toEqual([{ name: 'run-3' }]);
    await rename.run(db, 'stmt-2', 'stmt-2');
  });

  it('refuses a second text under a name it knows', () => {
    expect(() => statement('test-rename-target', 'SELECT 1')).toThrow(/defined twice/);
  });

  it('refuses a name PostgreSQL would cut (63 bytes at most)', () => {
    expect(() => statement('x'.repeat(64), 'SELECT 1')).toThrow(/longer than 63 bytes/);
    expect(() => statement('y'.repeat(63), 'SELECT 1')).not.toThrow();
  });
});

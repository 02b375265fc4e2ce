import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { inTransaction, onTransactionRetry, type TransactionRetry } from '../src/db/transaction.js';
import { DomainError, ErrorCode } from '../src/errors.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';

const AUDIT = { created_at: 1, created_by: 'seed', last_modified_at: 1, last_modified_by: 'seed' };
const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });

/** Resolves for every caller once `parties` callers wait: a meeting point, no timing involved. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === parties) open();
    return opened;
  };
}

describe.each(DATABASE_KINDS)('inTransaction on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  const retries: TransactionRetry[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
    onTransactionRetry(db, (retry) => retries.push(retry));
    await db('targets').insert(['tx-1', 'tx-2'].map((id) => ({ controller_id: id, name: id, security_token: 'x', update_status: 'unknown', ...AUDIT })));
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('runs the whole work again after a deadlock or serialization failure, and rolls back each failed run', async () => {
    retries.length = 0;
    const { id } = await db('targets').where('controller_id', 'tx-1').first<{ id: number }>('id');
    let runs = 0;
    const result = await inTransaction(db, async (trx) => {
      runs++;
      await trx('target_attributes').insert({ target_id: id, key: `run-${runs}`, value: 'x' });
      if (runs === 1) throw conflict('40P01');
      if (runs === 2) throw conflict('40001');
      return runs;
    });
    expect(result).toBe(3);
    expect(retries.map((retry) => [retry.attempt, retry.code])).toEqual([
      [1, '40P01'],
      [2, '40001'],
    ]);
    // only the run that committed left its row
    expect(await db('target_attributes').where('target_id', id).pluck('key')).toEqual(['run-3']);
  });

  it('answers concurrentModification once the retries are spent, and leaves other errors alone', async () => {
    let runs = 0;
    const spent = inTransaction(
      db,
      () => {
        runs++;
        return Promise.reject(conflict('40P01'));
      },
      { retries: 2 },
    );
    await expect(spent).rejects.toMatchObject({ code: ErrorCode.concurrentModification });
    expect(runs).toBe(3);

    runs = 0;
    const other = new DomainError(ErrorCode.entityNotFound, 'gone');
    await expect(inTransaction(db, () => (runs++, Promise.reject(other)))).rejects.toBe(other);
    expect(runs).toBe(1);
  });

  it('joins a transaction it is given: the outermost one runs again, as a whole', async () => {
    let outer = 0;
    let inner = 0;
    await inTransaction(db, async (trx) => {
      outer++;
      await inTransaction(trx, async (joined) => {
        inner++;
        expect(joined).toBe(trx);
        await joined('targets')
          .where('controller_id', 'tx-2')
          .update({ last_modified_by: `inner-${inner}` });
        if (inner === 1) throw conflict('40P01');
      });
    });
    expect([outer, inner]).toEqual([2, 2]);
  });

  it.runIf(kind === 'postgres')('survives a real deadlock: the transaction PostgreSQL aborts runs again and commits', { timeout: 20_000 }, async () => {
    retries.length = 0;
    const ids = (await db('targets').whereIn('controller_id', ['tx-1', 'tx-2']).orderBy('id').pluck('id')) as number[];
    const bothHoldOne = barrier(2);
    const runs: [number, number] = [0, 0];
    // Each locks one row, waits until the other holds the other row, then wants it: a lock cycle on the first run.
    const crossing = (side: 0 | 1) =>
      inTransaction(db, async (trx) => {
        runs[side]++;
        await trx('targets').where('id', ids[side]).forUpdate().select('id');
        if (runs[side] === 1) await bothHoldOne();
        await trx('targets')
          .where('id', ids[1 - side])
          .forUpdate()
          .select('id');
        await trx('targets')
          .where('id', ids[side])
          .update({ last_modified_by: `side-${side}` });
      });
    await Promise.all([crossing(0), crossing(1)]);
    expect(runs[0] + runs[1], 'one of the two ran twice').toBe(3);
    expect(retries.map((retry) => retry.code)).toEqual(['40P01']);
    expect((await db('targets').whereIn('id', ids).orderBy('id').pluck('last_modified_by')) as string[]).toEqual(['side-0', 'side-1']);
  });
});

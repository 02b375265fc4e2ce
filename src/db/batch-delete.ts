import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { inTransaction } from './transaction.js';

/** Rows a retention job deletes per transaction, so that a first run over a large table never holds the database for long. */
export const DELETE_BATCH = 1000;

/**
 * The loop of every retention job (action cleanup, audit log, webhook deliveries): `deleteBatch` deletes at
 * most {@link DELETE_BATCH} rows in its own transaction and says how many; it runs again until a batch comes
 * back short. With SQLite every query blocks the process, so requests get in between batches.
 * @returns the rows deleted in all
 */
export async function deleteInBatches(db: Knex, deleteBatch: (trx: Knex.Transaction) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await inTransaction(db, deleteBatch);
    deleted += count;
    if (count < DELETE_BATCH) return deleted;
    await yieldToEventLoop();
  }
}

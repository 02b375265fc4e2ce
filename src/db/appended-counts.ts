import type { Knex } from 'knex';
import { dialectOf } from './database.js';

/** rows of a count table past which {@link foldAppendedCounts} folds them */
const FOLD_ABOVE = 64;

/**
 * Folds the rows of change that PostgreSQL's triggers append to a count table (`target_counts`,
 * `action_counts`, `rollout_group_counts`; decisions 250, 251 and 265) into one row per key, once there are more than {@link FOLD_ABOVE};
 * SQLite's triggers keep one row per key anyway. Safe beside writers and other processes folding: it deletes
 * only the rows its snapshot sees.
 */
export async function foldAppendedCounts(db: Knex, table: 'target_counts' | 'action_counts' | 'rollout_group_counts', keys: readonly string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const columns = keys.map(() => '??').join(', ');
  await db.raw(
    `with gone as (delete from ?? where (select count(*) from ??) > ? returning ${columns}, n)
     insert into ?? (${columns}, n) select ${columns}, sum(n) from gone group by ${columns}`,
    [table, table, FOLD_ABOVE, ...keys, table, ...keys, ...keys, ...keys],
  );
}

import type { Knex } from 'knex';
import { assertSetExists } from '../distribution-sets/distribution-set.js';

/** What references one distribution set, counted (hawkBit's distribution-set statistics, decision 82). */
export interface SetStatistics {
  /** the set's actions by status, under hawkBit's upper-case status names; only statuses that occur */
  readonly actions: Readonly<Record<string, number>>;
  /** the set's rollouts by status, likewise */
  readonly rollouts: Readonly<Record<string, number>>;
  /** target filters auto-assigning the set */
  readonly autoAssignments: number;
}

/**
 * One grouped query per table.
 * @throws DomainError entityNotFound (set)
 */
export async function setStatistics(db: Knex, setId: number): Promise<SetStatistics> {
  await assertSetExists(db, setId);
  const byStatus = async (table: 'actions' | 'rollouts') => {
    const rows: { status: string; n: number | string }[] = await db(table)
      .where('distribution_set_id', setId)
      .select('status')
      .count({ n: '*' })
      .groupBy('status');
    return Object.fromEntries(rows.map((row) => [row.status.toUpperCase(), Number(row.n)]));
  };
  const filters = await db('target_filters').where('auto_assign_distribution_set_id', setId).count({ n: '*' }).first<{ n: number | string }>();
  return { actions: await byStatus('actions'), rollouts: await byStatus('rollouts'), autoAssignments: Number(filters.n) };
}

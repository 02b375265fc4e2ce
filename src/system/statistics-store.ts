import type { Knex } from 'knex';
import { foldAppendedCounts } from '../db/appended-counts.js';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { UPDATE_STATUSES, type UpdateStatus } from '../targets/target-model.js';
import { targetStore } from '../targets/target-store.js';

export interface Statistics {
  readonly totalTargets: number;
  readonly targetsByStatus: Readonly<Record<UpdateStatus, number>>;
  readonly totalDistributionSets: number;
  readonly totalSoftwareModules: number;
  readonly totalActions: number;
  readonly activeActions: number;
  readonly totalRollouts: number;
}

const count = async (builder: Knex.QueryBuilder) => Number(((await builder.count({ n: '*' }).first()) as { n: number | string }).n);

/**
 * The actions per status and activity, kept by triggers in `action_counts` (decision 251): rows of change
 * added up on PostgreSQL; a pair nothing has may be missing or 0.
 */
async function keptActionCounts(db: Knex): Promise<{ status: string; active: boolean; n: number }[]> {
  const rows: { status: string; active: boolean | number; n: number | string }[] = await db('action_counts')
    .groupBy('status', 'active')
    .select('status', 'active')
    .sum({ n: 'n' });
  return rows.map((row) => ({ status: row.status, active: Boolean(row.active), n: Number(row.n) }));
}

/**
 * Fleet counters. A FIQL `query` narrows only the target counters; catalogue and action counters stay
 * fleet-wide. Targets are counted per status in one grouped query.
 * @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad query
 */
async function fleetStatistics(db: Knex, query?: string): Promise<Statistics> {
  const targetsByStatus = Object.fromEntries(UPDATE_STATUSES.map((status) => [status, 0])) as Record<UpdateStatus, number>;
  if (query === undefined) {
    // the counts the triggers keep (decision 250) instead of grouping every target
    for (const [status, n] of await targetStore.countsByStatus(db)) targetsByStatus[status as UpdateStatus] = n;
  } else {
    const byStatus: { update_status: UpdateStatus; n: number | string }[] = await db('targets')
      .where(compileFiql(query, TARGET_FIQL_FIELDS))
      .select('update_status')
      .count({ n: '*' })
      .groupBy('update_status');
    for (const row of byStatus) targetsByStatus[row.update_status] = Number(row.n);
  }
  // the actions from the counts their triggers keep (decision 251); the catalogue and the rollouts are the
  // operator's work, not the fleet's, and few enough to count
  const [totalDistributionSets, totalSoftwareModules, actions, totalRollouts] = await Promise.all([
    count(db('distribution_sets')),
    count(db('software_modules')),
    keptActionCounts(db),
    count(db('rollouts')),
  ]);
  const totalActions = actions.reduce((sum, row) => sum + row.n, 0);
  const activeActions = actions.reduce((sum, row) => sum + (row.active ? row.n : 0), 0);
  return {
    totalTargets: Object.values(targetsByStatus).reduce((sum, n) => sum + n, 0),
    targetsByStatus,
    totalDistributionSets,
    totalSoftwareModules,
    totalActions,
    activeActions,
    totalRollouts,
  };
}

/** What references one distribution set, counted (hawkBit's distribution-set statistics, decision 82). */
export interface SetStatistics {
  /** the set's actions by status, under hawkBit's upper-case status names; only statuses that occur */
  readonly actions: Readonly<Record<string, number>>;
  /** the set's rollouts by status, likewise */
  readonly rollouts: Readonly<Record<string, number>>;
  /** target filters auto-assigning the set */
  readonly autoAssignments: number;
}

/** One grouped query per table; the caller checks that the set exists. */
async function setStatistics(db: Knex, setId: number): Promise<SetStatistics> {
  const byStatus = async (table: 'actions' | 'rollouts') => {
    const rows: { status: string; n: number | string }[] = await db(table)
      .where('distribution_set_id', setId)
      .select('status')
      .count({ n: '*' })
      .groupBy('status');
    return Object.fromEntries(rows.map((row) => [row.status.toUpperCase(), Number(row.n)]));
  };
  const autoAssignments = await db('auto_assignments').where('distribution_set_id', setId).count({ n: '*' }).first<{ n: number | string }>();
  return { actions: await byStatus('actions'), rollouts: await byStatus('rollouts'), autoAssignments: Number(autoAssignments.n) };
}

/** The SQL of the system statistics (docs/CONVENTIONS.md rule 5): counters over the whole database. */
export const statisticsStore = {
  fleet: fleetStatistics,
  set: setStatistics,
  /**
   * Every action's or rollout's status with how many have it; statuses nothing has are left out. The
   * actions' from the counts their triggers keep (decision 251).
   */
  async countsByStatus(db: Knex, table: 'actions' | 'rollouts'): Promise<{ status: string; count: number }[]> {
    if (table === 'actions') {
      const byStatus = new Map<string, number>();
      for (const row of await keptActionCounts(db)) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.n);
      return [...byStatus].filter(([, n]) => n !== 0).map(([status, n]) => ({ status, count: n }));
    }
    const rows = await db(table).groupBy('status').select('status').count<{ status: string; n: number | string }[]>({ n: '*' });
    return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
  },
  /** Folds the count changes PostgreSQL's triggers appended to `action_counts` (decision 251). */
  foldActionCounts: (db: Knex): Promise<void> => foldAppendedCounts(db, 'action_counts', ['status', 'active']),
};

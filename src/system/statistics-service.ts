import type { Knex } from 'knex';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';
import { UPDATE_STATUSES, type UpdateStatus } from '../targets/target-model.js';

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
 * Fleet counters. A FIQL `query` narrows only the target counters; catalogue and action counters stay
 * fleet-wide. Targets are counted per status in one grouped query.
 * @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad query
 */
export async function fleetStatistics(db: Knex, query?: string): Promise<Statistics> {
  const narrow = query === undefined ? () => undefined : compileFiql(query, TARGET_FIQL_FIELDS);
  const byStatus: { update_status: UpdateStatus; n: number | string }[] = await db('targets')
    .modify(narrow)
    .select('update_status')
    .count({ n: '*' })
    .groupBy('update_status');
  const targetsByStatus = Object.fromEntries(UPDATE_STATUSES.map((status) => [status, 0])) as Record<UpdateStatus, number>;
  for (const row of byStatus) targetsByStatus[row.update_status] = Number(row.n);
  const [totalDistributionSets, totalSoftwareModules, totalActions, activeActions, totalRollouts] = await Promise.all([
    count(db('distribution_sets')),
    count(db('software_modules')),
    count(db('actions')),
    count(db('actions').where('active', true)),
    count(db('rollouts')),
  ]);
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

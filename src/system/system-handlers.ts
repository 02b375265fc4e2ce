import type { Context } from 'hono';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import type { OperationHandlers } from '../http/routes.js';
import type { SetStatistics } from './set-statistics.js';
import type { SystemService } from './system-service.js';
import type { ConfigurationValue } from './tenant-configuration.js';

const valueJson = (base: string, key: string, value: ConfigurationValue) => ({
  value,
  global: true,
  _links: { self: { href: `${base}/rest/v1/system/configs/${encodeURIComponent(key)}` } },
});

/** hawkBit's counts by status: with their `total`, or nothing at all when none is asked for and none occurs. */
const withTotal = (counts: Readonly<Record<string, number>>, always: boolean) =>
  !always && Object.keys(counts).length === 0 ? undefined : { ...counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };

/** hawkBit's MgmtDistributionSetStatistics: every part for the full view, else only the part asked for. */
function setStatisticsJson(statistics: SetStatistics, part?: 'actions' | 'rollouts' | 'autoAssignments') {
  const full = part === undefined;
  const actions = full || part === 'actions' ? withTotal(statistics.actions, full) : undefined;
  const rollouts = full || part === 'rollouts' ? withTotal(statistics.rollouts, full) : undefined;
  return {
    ...(actions === undefined ? {} : { actions }),
    ...(rollouts === undefined ? {} : { rollouts }),
    ...(full || part === 'autoAssignments' ? { totalAutoAssignments: statistics.autoAssignments } : {}),
  };
}

const readOnly = () => {
  throw new DomainError(ErrorCode.configChangeNotAllowed, 'The configuration is read-only; change the configuration file');
};

/** Health, the read-only configuration, the fleet counters and a distribution set's counters. */
export function systemHandlers(system: SystemService, configuredUrl: string | undefined): OperationHandlers {
  const setStatisticsOf = (c: Context<AppEnv>) => system.setStatistics(c.get('input').params['distributionSetId'] as number);
  return {
    getHealth: (c) => c.text('ok'),
    getTenantConfiguration: async (c) => {
      const base = baseUrl(c, configuredUrl);
      const values = await system.configuration();
      return c.json(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, valueJson(base, key, value)])));
    },
    getTenantConfigurationValue: async (c) => {
      const key = c.get('input').params['keyName'] as string;
      return c.json(valueJson(baseUrl(c, configuredUrl), key, await system.configurationValue(key)));
    },
    getStatistics: async (c) => c.json(await system.statistics(c.get('input').query['q'] as string | undefined)),
    getStatisticsForDistributionSet: async (c) => c.json(setStatisticsJson(await setStatisticsOf(c))),
    getActionsCountByStatusForDistributionSet: async (c) => c.json(setStatisticsJson(await setStatisticsOf(c), 'actions')),
    getRolloutsCountByStatusForDistributionSet: async (c) => c.json(setStatisticsJson(await setStatisticsOf(c), 'rollouts')),
    getAutoAssignmentsCountForDistributionSet: async (c) => c.json(setStatisticsJson(await setStatisticsOf(c), 'autoAssignments')),
    updateTenantConfigurationValue: readOnly,
    deleteTenantConfigurationValue: readOnly,
  };
}

import { DomainError, ErrorCode } from '../errors.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import type { SetStatistics } from './statistics-store.js';
import type { ConfigurationValue } from './tenant-configuration.js';
import type { SystemService } from './system-service.js';

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
export const systemHandlers: HandlerFactory<{ readonly system: SystemService }> = (_config, { system }) => ({
  getHealth: (c) => c.text('ok'),
  getTenantConfiguration: async (c) => {
    const base = c.get('baseUrl');
    const values = await system.configuration();
    return c.json(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, valueJson(base, key, value)])));
  },
  getTenantConfigurationValue: async (c, { params }) => c.json(valueJson(c.get('baseUrl'), params.keyName, await system.configurationValue(params.keyName))),
  getStatistics: async (c, { query }) => c.json(await system.statistics(query.q)),
  getStatisticsForDistributionSet: async (c, { params }) => c.json(setStatisticsJson(await system.setStatistics(params.distributionSetId))),
  getActionsCountByStatusForDistributionSet: async (c, { params }) =>
    c.json(setStatisticsJson(await system.setStatistics(params.distributionSetId), 'actions')),
  getRolloutsCountByStatusForDistributionSet: async (c, { params }) =>
    c.json(setStatisticsJson(await system.setStatistics(params.distributionSetId), 'rollouts')),
  getAutoAssignmentsCountForDistributionSet: async (c, { params }) =>
    c.json(setStatisticsJson(await system.setStatistics(params.distributionSetId), 'autoAssignments')),
  updateTenantConfigurationValue: readOnly,
  deleteTenantConfigurationValue: readOnly,
});

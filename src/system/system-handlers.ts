import { DomainError, ErrorCode } from '../errors.js';
import { baseUrl } from '../http/links.js';
import type { OperationHandlers } from '../http/routes.js';
import type { SystemService } from './system-service.js';
import type { ConfigurationValue } from './tenant-configuration.js';

const valueJson = (base: string, key: string, value: ConfigurationValue) => ({
  value,
  global: true,
  _links: { self: { href: `${base}/rest/v1/system/configs/${encodeURIComponent(key)}` } },
});

const readOnly = () => {
  throw new DomainError(ErrorCode.configChangeNotAllowed, 'The configuration is read-only; change the configuration file');
};

/** Health, the read-only configuration and the fleet counters. */
export function systemHandlers(system: SystemService, configuredUrl: string | undefined): OperationHandlers {
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
    updateTenantConfigurationValue: readOnly,
    deleteTenantConfigurationValue: readOnly,
  };
}

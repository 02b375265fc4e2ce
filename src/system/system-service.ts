import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { DomainError, ErrorCode } from '../errors.js';
import { setStatistics, type SetStatistics } from './set-statistics.js';
import { fleetStatistics, type Statistics } from './statistics-service.js';
import { tenantConfiguration, type ConfigurationValue } from './tenant-configuration.js';

export interface SystemService {
  configuration(): Promise<Record<string, ConfigurationValue>>;
  /** @throws DomainError configKeyInvalid for a key the server does not know */
  configurationValue(key: string): Promise<ConfigurationValue>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad target query */
  statistics(targetQuery?: string): Promise<Statistics>;
  /** The counters of one distribution set. @throws DomainError entityNotFound */
  setStatistics(setId: number): Promise<SetStatistics>;
}

export function createSystemService(db: Knex, config: Config): SystemService {
  const configuration = async () => {
    const osApp = await db('distribution_set_types').where('key', 'os_app').first<{ id: number } | undefined>('id');
    return tenantConfiguration(config, osApp?.id ?? -1);
  };
  return {
    configuration,
    statistics: (targetQuery) => fleetStatistics(db, targetQuery),
    setStatistics: (setId) => setStatistics(db, setId),
    async configurationValue(key) {
      const values = await configuration();
      if (!Object.hasOwn(values, key)) {
        throw new DomainError(ErrorCode.configKeyInvalid, `The configuration key '${key}' is not known`);
      }
      return values[key] as ConfigurationValue;
    },
  };
}

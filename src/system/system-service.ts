import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { assertSetExists } from '../distribution-sets/distribution-set.js';
import { DomainError, ErrorCode } from '../errors.js';
import { distributionSetTypeStore } from '../types/type-store.js';
import { statisticsStore, type SetStatistics, type Statistics } from './statistics-store.js';
import { tenantConfiguration, type ConfigurationValue } from './tenant-configuration.js';

export interface SystemService {
  configuration(): Promise<Record<string, ConfigurationValue>>;
  /** @throws DomainError configKeyInvalid for a key the server does not know */
  configurationValue(key: string): Promise<ConfigurationValue>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField for a bad target query */
  statistics(targetQuery?: string): Promise<Statistics>;
  /** The counters of one distribution set. @throws DomainError entityNotFound */
  setStatistics(setId: number): Promise<SetStatistics>;
  /** Folds the appended changes of the action counts (PostgreSQL, decision 251); a scheduled job. */
  foldActionCounts(): Promise<void>;
}

export function createSystemService(db: Knex, config: Config): SystemService {
  const configuration = async () => {
    return tenantConfiguration(config, (await distributionSetTypeStore.idOfKey(db, 'os_app')) ?? -1);
  };
  return {
    configuration,
    statistics: (targetQuery) => statisticsStore.fleet(db, targetQuery),
    foldActionCounts: () => statisticsStore.foldActionCounts(db),
    async setStatistics(setId) {
      await assertSetExists(db, setId);
      return statisticsStore.set(db, setId);
    },
    async configurationValue(key) {
      const values = await configuration();
      if (!Object.hasOwn(values, key)) {
        throw new DomainError(ErrorCode.configKeyInvalid, `The configuration key '${key}' is not known`);
      }
      return values[key] as ConfigurationValue;
    },
  };
}

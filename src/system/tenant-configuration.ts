import { CLOSED_STATUSES } from '../actions/action-history-store.js';
import type { Config } from '../config.js';

export type ConfigurationValue = string | number | boolean;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The server's behaviour under hawkBit's tenant-configuration keys, so tools reading
 * `/rest/v1/system/configs` see how this server behaves. Values come from the config file and are
 * read-only: Falconet has one tenant and no runtime configuration store. `default.ds.type` is the id
 * of the seeded `os_app` set type. The gateway token itself is not disclosed.
 */
export function tenantConfiguration(config: Config, defaultDistributionSetTypeId: number): Record<string, ConfigurationValue> {
  return {
    // hawkBit 1.x's form of the default and the overrides (decision 110): `00:05:00~10%, group==eu -> 00:02:00`
    pollingTime: [config.ddi.pollingInterval, ...config.ddi.pollingOverrides.map(({ query, interval }) => `${query} -> ${interval}`)].join(', '),
    pollingOverdueTime: config.ddi.pollingInterval.replace(/~.*/, ''),
    'authentication.targettoken.enabled': true,
    'authentication.gatewaytoken.enabled': config.ddi.gatewayToken !== undefined,
    'authentication.header.enabled': false,
    'authentication.anonymous.enabled': config.ddi.anonymous,
    'user.confirmation.flow.enabled': config.ddi.confirmationFlow,
    'rollout.approval.enabled': config.rolloutApprovalEnabled,
    'auto.assignment.approval.enabled': config.autoAssignmentApprovalEnabled,
    'repository.actions.autoclose.enabled': true,
    'multi.assignments.enabled': false,
    'batch.assignments.enabled': false,
    'implicit.lock.enabled': true,
    'action.cleanup.auto.expiry': config.cleanup.enabled ? config.cleanup.expiryDays * DAY_MS : -1,
    'action.cleanup.auto.status': config.cleanup.statuses.map((status) => status.toUpperCase()).join(','),
    // what the history purge (DELETE /rest/v1/actions…) may delete; never the action behind installedBase
    'action.delete.allowed.statuses': CLOSED_STATUSES.map((status) => status.toUpperCase()).join(','),
    'default.ds.type': defaultDistributionSetTypeId,
  };
}

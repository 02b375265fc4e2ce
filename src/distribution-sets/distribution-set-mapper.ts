import { auditOf } from '../db/audit.js';
import { softwareModuleJson } from '../software-modules/software-module-mapper.js';
import type { DistributionSet, DistributionSetModule } from './distribution-set.js';

/** A module as a set embeds or lists it: the shared software-module JSON. */
export const setModuleJson = (module: DistributionSetModule, base: string) => {
  const { locked, ...row } = module;
  return softwareModuleJson(row, base, locked);
};

/** hawkBit's distribution set JSON (MgmtDistributionSet) with its modules embedded. */
export function distributionSetJson(set: DistributionSet, base: string) {
  const self = `${base}/rest/v1/distributionsets/${set.id}`;
  return {
    id: set.id,
    name: set.name,
    version: set.version,
    description: set.description ?? undefined,
    type: set.typeKey,
    typeName: set.typeName,
    complete: set.complete,
    locked: set.locked,
    deleted: set.deleted,
    valid: set.valid,
    requiredMigrationStep: set.requiredMigrationStep,
    modules: set.modules.map((module) => setModuleJson(module, base)),
    ...auditOf(set),
    _links: {
      self: { href: self },
      type: { href: `${base}/rest/v1/distributionsettypes/${set.typeId}` },
      modules: { href: `${self}/assignedSM?offset=0&limit=50` },
      metadata: { href: `${self}/metadata?offset=0&limit=50` },
    },
  };
}

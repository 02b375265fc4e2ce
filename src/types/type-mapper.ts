import { auditOf } from '../db/audit.js';
import type { components } from '../generated/mgmt.js';
import type { DistributionSetTypeInput } from './distribution-set-type-service.js';
import type { TargetTypeInput } from './target-type-service.js';
import type { SoftwareModuleType, TypeEntity } from './type-models.js';

type Schemas = components['schemas'];

const ids = (references: Schemas['IdReferences'] | undefined) => (references ?? []).map((reference) => reference.id);

/** hawkBit leaves unset description and colour out of the JSON; types are never soft-deleted here. */
const typeFields = (type: TypeEntity) => ({
  id: type.id,
  key: type.key,
  name: type.name,
  ...(type.description === null ? {} : { description: type.description }),
  ...(type.colour === null ? {} : { colour: type.colour }),
  deleted: false,
  ...auditOf(type),
});

export function softwareModuleTypeJson(type: SoftwareModuleType, base: string): Schemas['SoftwareModuleType'] {
  return {
    ...typeFields(type),
    maxAssignments: type.maxAssignments,
    minArtifacts: type.minArtifacts,
    _links: { self: { href: `${base}/rest/v1/softwaremoduletypes/${type.id}` } },
  };
}

export function distributionSetTypeJson(type: TypeEntity, base: string): Schemas['DistributionSetType'] {
  const self = `${base}/rest/v1/distributionsettypes/${type.id}`;
  return {
    ...typeFields(type),
    _links: {
      self: { href: self },
      mandatorymodules: { href: `${self}/mandatorymoduletypes` },
      optionalmodules: { href: `${self}/optionalmoduletypes` },
    },
  };
}

export function targetTypeJson(type: TypeEntity, base: string): Schemas['TargetType'] {
  const self = `${base}/rest/v1/targettypes/${type.id}`;
  return {
    ...typeFields(type),
    _links: { self: { href: self }, compatibledistributionsettypes: { href: `${self}/compatibledistributionsettypes` } },
  };
}

export function distributionSetTypeInput(body: Schemas['DistributionSetTypeCreateRequest']): DistributionSetTypeInput {
  const { key, name, description, colour } = body;
  return { key, name, description, colour, mandatoryModuleTypeIds: ids(body.mandatorymodules), optionalModuleTypeIds: ids(body.optionalmodules) };
}

/** hawkBit's target-type key defaults to the name. */
export function targetTypeInput(body: Schemas['TargetTypeCreateRequest']): TargetTypeInput {
  const { name, description, colour } = body;
  return { key: body.key ?? name, name, description, colour, compatibleDistributionSetTypeIds: ids(body.compatibledistributionsettypes) };
}

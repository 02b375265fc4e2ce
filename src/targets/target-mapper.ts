import type { components } from '../generated/mgmt.js';
import { auditOf } from '../db/audit.js';
import { addressUri } from './target-address.js';
import type { DistributionSetSummary, Target, TargetDetails } from './target-model.js';

type TargetJson = components['schemas']['Target'];

/** What the wire form depends on besides the target: the link base and whether the confirmation flow is on. */
export interface TargetJsonContext {
  readonly base: string;
  readonly confirmationFlow: boolean;
}

/** hawkBit's target JSON (MgmtTarget), as create and update answer it: nothing embedded. */
export function targetJson(target: Target, { base, confirmationFlow }: TargetJsonContext): TargetJson {
  const self = `${base}/rest/v1/targets/${encodeURIComponent(target.controllerId)}`;
  return {
    controllerId: target.controllerId,
    name: target.name,
    description: target.description ?? undefined,
    updateStatus: target.updateStatus,
    securityToken: target.securityToken,
    requestAttributes: target.requestAttributes,
    group: target.group ?? undefined,
    address: target.address === null ? undefined : addressUri(target.address),
    ipAddress: target.address ?? undefined,
    lastControllerRequestAt: target.lastControllerRequestAt ?? undefined,
    installedAt: target.installedAt ?? undefined,
    pollStatus: target.pollStatus ?? undefined,
    targetType: target.targetType?.id,
    targetTypeName: target.targetType?.name,
    autoConfirmActive: confirmationFlow ? target.autoConfirmActive : undefined,
    ...auditOf(target),
    _links: {
      self: { href: self },
      assignedDS: { href: `${self}/assignedDS` },
      installedDS: { href: `${self}/installedDS` },
      attributes: { href: `${self}/attributes` },
      actions: { href: `${self}/actions?offset=0&limit=50&sort=id%3ADESC` },
      metadata: { href: `${self}/metadata?offset=0&limit=50` },
      ...(target.targetType ? { targetType: { href: `${base}/rest/v1/targettypes/${target.targetType.id}` } } : {}),
      ...(confirmationFlow ? { autoConfirm: { href: `${self}/autoConfirm` } } : {}),
    },
  };
}

/** The target JSON of reads (one or a list), which also embeds the installed and assigned sets and the tags. */
export function targetDetailsJson(target: TargetDetails, context: TargetJsonContext): TargetJson {
  const set = (ds: DistributionSetSummary | null) => (ds ? { id: ds.id, name: ds.name, version: ds.version, type: ds.type } : undefined);
  return {
    ...targetJson(target, context),
    installedDs: set(target.installedDs),
    assignedDs: set(target.assignedDs),
    tags: target.tags.length === 0 ? undefined : target.tags.map(({ id, name, colour }) => ({ id, name, ...(colour === null ? {} : { colour }) })),
  };
}

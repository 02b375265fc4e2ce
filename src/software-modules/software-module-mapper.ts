import { auditOf } from '../db/audit.js';
import type { SoftwareModuleRow } from './software-module-store.js';

/** hawkBit's software module JSON (MgmtSoftwareModule); `locked` is true once a set holding it was assigned. */
export function softwareModuleJson(row: SoftwareModuleRow, base: string, locked: boolean) {
  const self = `${base}/rest/v1/softwaremodules/${row.id}`;
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    type: row.typeKey,
    typeName: row.typeName,
    vendor: row.vendor ?? undefined,
    description: row.description ?? undefined,
    encrypted: false,
    locked,
    deleted: false,
    complete: row.complete,
    ...auditOf(row),
    _links: {
      self: { href: self },
      artifacts: { href: `${self}/artifacts` },
      type: { href: `${base}/rest/v1/softwaremoduletypes/${row.typeId}` },
      metadata: { href: `${self}/metadata?offset=0&limit=50` },
    },
  };
}

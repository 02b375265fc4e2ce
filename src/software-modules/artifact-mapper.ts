import { auditOf } from '../db/audit.js';
import type { Artifact } from './software-module-store.js';

/** hawkBit's artifact JSON (MgmtArtifact), with links to itself and to its bytes. */
export function artifactJson(artifact: Artifact, base: string) {
  const self = `${base}/rest/v1/softwaremodules/${artifact.softwareModuleId}/artifacts/${artifact.id}`;
  return {
    id: artifact.id,
    providedFilename: artifact.providedFilename,
    size: artifact.size,
    hashes: { sha1: artifact.sha1, md5: artifact.md5, sha256: artifact.sha256 },
    ...auditOf(artifact),
    _links: { self: { href: self }, download: { href: `${self}/download` } },
  };
}

/** What a device needs to know of an artifact: its name, size and hashes. */
export interface DdiArtifactSource {
  readonly filename: string;
  /** bytes */
  readonly size: number;
  readonly sha1: string;
  readonly md5: string;
  readonly sha256: string;
}

/**
 * hawkBit's DDI artifact JSON (DdiArtifact), as listed by `getSoftwareModulesArtifacts` and in
 * deploymentBase chunks. `prefix` is the device's base URL, `…/{tenant}/controller/v1/{controllerId}`.
 * Both `download` and `download-http` (and `md5sum`, `md5sum-http`) point at the same URL: clients
 * such as rauc-hawkbit-updater look for either rel (decision 12).
 */
export function ddiArtifact(prefix: string, moduleId: number, artifact: DdiArtifactSource) {
  const download = { href: `${prefix}/softwaremodules/${moduleId}/artifacts/${encodeURIComponent(artifact.filename)}` };
  const md5sum = { href: `${download.href}.MD5SUM` };
  return {
    filename: artifact.filename,
    hashes: { sha1: artifact.sha1, md5: artifact.md5, sha256: artifact.sha256 },
    size: artifact.size,
    _links: { download, 'download-http': download, md5sum, 'md5sum-http': md5sum },
  };
}

import { describe, expect, it } from 'vitest';
import { ddiArtifact } from './ddi-artifacts.js';

const artifact = { filename: 'image v1.swu', size: 13, sha1: 'a'.repeat(40), md5: 'b'.repeat(32), sha256: 'c'.repeat(64) };

describe('ddiArtifact', () => {
  it('builds hawkBit’s artifact JSON with encoded download and md5sum links', () => {
    const href = 'https://ota.example/DEFAULT/controller/v1/dev-1/softwaremodules/7/artifacts/image%20v1.swu';
    expect(ddiArtifact('https://ota.example/DEFAULT/controller/v1/dev-1', 7, artifact)).toEqual({
      filename: 'image v1.swu',
      hashes: { sha1: artifact.sha1, md5: artifact.md5, sha256: artifact.sha256 },
      size: 13,
      _links: {
        download: { href },
        'download-http': { href },
        md5sum: { href: `${href}.MD5SUM` },
        'md5sum-http': { href: `${href}.MD5SUM` },
      },
    });
  });
});

import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { createCredentialVerifier } from './credential-verifier.js';
import { canonicalArgon2Phc, hashPassword } from './password-hash.js';

const SALT_AND_HASH = 'c2FsdHNhbHRzYWx0$IVZeB0NuvxE2K0OXsM6tO9fHDO3QFRPOUN+lk7Zh004';

describe('canonicalArgon2Phc', () => {
  it('puts the parameters in libargon2 order', () => {
    expect(canonicalArgon2Phc(`$argon2id$v=19$m=65536,p=4,t=3$${SALT_AND_HASH}`)).toBe(`$argon2id$v=19$m=65536,t=3,p=4$${SALT_AND_HASH}`);
    expect(canonicalArgon2Phc(`$argon2i$v=19$p=1,t=2,m=4096$${SALT_AND_HASH}`)).toBe(`$argon2i$v=19$m=4096,t=2,p=1$${SALT_AND_HASH}`);
  });

  it.each([
    [`$argon2id$v=19$m=65536,t=3,p=4$${SALT_AND_HASH}`],
    [`$argon2id$v=19$m=65536,t=3,p=4,data=abc$${SALT_AND_HASH}`],
    [`$argon2id$v=19$m=65536,t=3$${SALT_AND_HASH}`],
    [`$scrypt$ln=16,r=8,p=1$${SALT_AND_HASH}`],
    ['not a hash'],
  ])('leaves %s as it is', (hash) => {
    expect(canonicalArgon2Phc(hash)).toBe(hash);
  });
});

describe('hashPassword', () => {
  it('writes an argon2id hash in libargon2 order that verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[^$]+\$[^$]+$/);
    expect(await argon2.verify(hash, 'correct horse')).toBe(true);
    expect(await argon2.verify(hash, 'wrong horse')).toBe(false);
  });

  it('keeps hashes in either order verifying for the operator account', async () => {
    const sorted = await argon2.hash('correct horse', { type: argon2.argon2id });
    expect(sorted).toMatch(/\$m=\d+,p=\d+,t=\d+\$/);
    for (const passwordHash of [sorted, canonicalArgon2Phc(sorted)]) {
      const verify = createCredentialVerifier({ username: 'admin', passwordHash });
      expect(await verify('admin', 'correct horse')).toBe(true);
      expect(await verify('admin', 'wrong horse')).toBe(false);
    }
  });
});

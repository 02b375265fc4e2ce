import { describe, expect, it, vi } from 'vitest';

import { createCredentialVerifier, type OperatorAccount } from './credential-verifier.js';

const PASSWORD = 'test-password';
/** argon2id hash of {@link PASSWORD}. */
const REAL_HASH = '$argon2id$v=19$m=65536,p=4,t=3$L4e6HWZQczii7CMJ6TMLnA$9dFJwblNXatN0kfsQimPYRS6C1tfwjlxhnL9CIvozLM';

const account: OperatorAccount = { username: 'admin', passwordHash: 'fake-hash' };

/** A fake hash check that accepts exactly {@link PASSWORD} for the account's hash. */
function fakeVerifyHash() {
  return vi.fn((hash: string, password: string) => Promise.resolve(hash === account.passwordHash && password === PASSWORD));
}

describe('createCredentialVerifier', () => {
  it('accepts the right credentials', async () => {
    const verify = createCredentialVerifier(account, fakeVerifyHash());

    await expect(verify('admin', PASSWORD)).resolves.toBe(true);
  });

  it('rejects a wrong password', async () => {
    const verify = createCredentialVerifier(account, fakeVerifyHash());

    await expect(verify('admin', 'wrong-password')).resolves.toBe(false);
  });

  it('rejects a wrong username with the right password, still checking the hash', async () => {
    const verifyHash = fakeVerifyHash();
    const verify = createCredentialVerifier(account, verifyHash);

    await expect(verify('intruder', PASSWORD)).resolves.toBe(false);
    expect(verifyHash).toHaveBeenCalledTimes(1);
    expect(verifyHash).toHaveBeenCalledWith(account.passwordHash, PASSWORD);
  });

  it.each([
    ['a valid', 'admin', PASSWORD, true],
    ['an invalid', 'admin', 'wrong-password', false],
  ])('verifies %s credential once and remembers the verdict', async (_kind, username, password, expected) => {
    const verifyHash = fakeVerifyHash();
    const verify = createCredentialVerifier(account, verifyHash);

    await expect(verify(username, password)).resolves.toBe(expected);
    await expect(verify(username, password)).resolves.toBe(expected);
    expect(verifyHash).toHaveBeenCalledTimes(1);
  });

  it('forgets a verification that failed to run, so the next request tries again', async () => {
    const verifyHash = vi.fn().mockRejectedValueOnce(new Error('argon2 failed')).mockResolvedValueOnce(true);
    const verify = createCredentialVerifier(account, verifyHash);

    await expect(verify('admin', PASSWORD)).rejects.toThrow('argon2 failed');
    await expect(verify('admin', PASSWORD)).resolves.toBe(true);
    expect(verifyHash).toHaveBeenCalledTimes(2);
  });

  it('shares one verification among concurrent calls with the same credential', async () => {
    let finish!: (ok: boolean) => void;
    const verifyHash = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          finish = resolve;
        }),
    );
    const verify = createCredentialVerifier(account, verifyHash);

    const first = verify('admin', PASSWORD);
    const second = verify('admin', PASSWORD);
    expect(verifyHash).toHaveBeenCalledTimes(1);

    finish(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(verifyHash).toHaveBeenCalledTimes(1);
  });

  it('verifies different credentials separately', async () => {
    const verifyHash = fakeVerifyHash();
    const verify = createCredentialVerifier(account, verifyHash);

    await expect(verify('admin', 'wrong-password')).resolves.toBe(false);
    await expect(verify('admin', PASSWORD)).resolves.toBe(true);
    await expect(verify('intruder', PASSWORD)).resolves.toBe(false);
    expect(verifyHash).toHaveBeenCalledTimes(3);
  });

  it('does not confuse credentials that concatenate to the same text', async () => {
    // 'a' + 'b:c' and 'a:b' + 'c' read the same once joined with ':'.
    const ambiguous: OperatorAccount = { username: 'a', passwordHash: 'fake-hash' };
    const verifyHash = vi.fn((_hash: string, password: string) => Promise.resolve(password === 'b:c'));
    const verify = createCredentialVerifier(ambiguous, verifyHash);

    await expect(verify('a', 'b:c')).resolves.toBe(true);
    await expect(verify('a:b', 'c')).resolves.toBe(false);
    expect(verifyHash).toHaveBeenCalledTimes(2);
    expect(verifyHash).toHaveBeenLastCalledWith('fake-hash', 'c');
  });

  it('answers earlier() from a check made or under way, without checking', async () => {
    let finish!: (ok: boolean) => void;
    const verifyHash = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const verify = createCredentialVerifier(account, verifyHash);

    expect(verify.earlier('admin', PASSWORD)).toBeUndefined();
    const first = verify('admin', PASSWORD);
    const earlier = verify.earlier('admin', PASSWORD);
    finish(true);
    await expect(Promise.all([first, earlier])).resolves.toEqual([true, true]);
    expect(verify.earlier('admin', 'wrong-password')).toBeUndefined();
    expect(verifyHash).toHaveBeenCalledTimes(1);
  });

  it('checks a real argon2id hash by default', async () => {
    const verify = createCredentialVerifier({ username: 'admin', passwordHash: REAL_HASH });

    await expect(verify('admin', PASSWORD)).resolves.toBe(true);
    await expect(verify('admin', 'wrong-password')).resolves.toBe(false);
  });
});

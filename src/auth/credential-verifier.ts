import { createHmac, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { LRUCache } from 'lru-cache';

export type HashVerifier = (hash: string, password: string) => Promise<boolean>;

export interface OperatorAccount {
  readonly username: string;
  readonly passwordHash: string;
}

/** Checks a credential; `earlier` answers from a check of the same credential already made or under way. */
export interface CredentialVerifier {
  /** `run` runs the hash check when this call makes one (by default at once); it is shared like the check. */
  (username: string, password: string, run?: (checkHash: () => Promise<boolean>) => Promise<boolean>): Promise<boolean>;
  /** The verdict of an earlier or running check of this credential; undefined when there is none. */
  earlier(username: string, password: string): Promise<boolean> | undefined;
}

/**
 * Checks operator credentials against the configured argon2id hash. argon2 costs tens of milliseconds
 * by design, so each distinct credential is verified once and its verdict remembered, keyed by an HMAC
 * under a per-process random key: the cache never holds a password, and a busy API client pays
 * argon2 once instead of on every request. Concurrent requests with the same credential share one
 * verification.
 */
export function createCredentialVerifier(
  account: OperatorAccount,
  verifyHash: HashVerifier = (hash, password) => argon2.verify(hash, password),
): CredentialVerifier {
  const key = randomBytes(32);
  const verdicts = new LRUCache<string, Promise<boolean>>({ max: 1000 });
  const idOf = (username: string, password: string) => createHmac('sha256', key).update(`${username.length}:${username}`).update(password).digest('base64');
  const verify = (username: string, password: string, run = (checkHash: () => Promise<boolean>) => checkHash()) => {
    const id = idOf(username, password);
    let verdict = verdicts.get(id);
    if (!verdict) {
      // The hash is always checked, so a wrong username takes as long as a wrong password.
      verdict = run(() => verifyHash(account.passwordHash, password)).then((ok) => ok && username === account.username);
      verdicts.set(id, verdict);
      // A verification that failed to run is no verdict; the next request tries again.
      verdict.catch(() => verdicts.delete(id));
    }
    return verdict;
  };
  return Object.assign(verify, { earlier: (username: string, password: string) => verdicts.get(idOf(username, password)) });
}

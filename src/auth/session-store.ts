import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { OperatorAccount } from './credential-verifier.js';

/** A session unused for this long expires (it is extended once half of it has passed). */
export const SESSION_IDLE_LIFETIME_MS = 8 * 60 * 60 * 1000;

export interface SessionStore {
  /** Starts a session and returns the cookie value. */
  create(username: string): Promise<string>;
  /** The session's account, sliding its expiry forward; undefined when unknown or expired. */
  find(token: string): Promise<string | undefined>;
  /** Ends the session; returns its account, or undefined when there was no live session to end. */
  revoke(token: string): Promise<string | undefined>;
  purgeExpired(): Promise<number>;
}

/**
 * Sessions live in the database so that several Falconet processes on one PostgreSQL share them. Only the
 * SHA-256 of the cookie value is stored, so a database leak leaks no session. Each session is bound to the
 * operator credentials that created it (decision 192): it records a fingerprint of the account's name and
 * password hash, and a session whose fingerprint is not the configured account's is dead. A new password
 * hash or a renamed account therefore ends every session once the processes restart with it.
 */
export function createSessionStore(db: Knex, clock: Clock, account: OperatorAccount): SessionStore {
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const fingerprint = createHash('sha256').update(`${account.username.length}:${account.username}`).update(account.passwordHash).digest('hex');
  const session = (token: string) => db('sessions').where({ token_hash: hash(token), credential_fingerprint: fingerprint });
  const read = (token: string) => session(token).first<{ username: string; expires_at: number } | undefined>('username', 'expires_at');
  return {
    async create(username) {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await db('sessions').insert({
        token_hash: hash(token),
        username,
        credential_fingerprint: fingerprint,
        created_at: now,
        expires_at: now + SESSION_IDLE_LIFETIME_MS,
      });
      return token;
    },
    async find(token) {
      const found = await read(token);
      const now = clock();
      if (!found || found.expires_at <= now) return undefined;
      // Extending at most every half lifetime keeps a polling console from writing on every request.
      if (found.expires_at - now < SESSION_IDLE_LIFETIME_MS / 2) await session(token).update({ expires_at: now + SESSION_IDLE_LIFETIME_MS });
      return found.username;
    },
    async revoke(token) {
      const found = await read(token);
      if (!found) return undefined;
      // deleted by this call, not by a concurrent logout: each ended session is reported once
      const deleted = await session(token).delete();
      return deleted > 0 && found.expires_at > clock() ? found.username : undefined;
    },
    purgeExpired: () => db('sessions').where('expires_at', '<=', clock()).delete(),
  };
}

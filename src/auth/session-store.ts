import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { SessionModel } from './session-model.js';

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

/** Sessions live in the database so that several Falconet processes on one PostgreSQL share them. */
export function createSessionStore(db: Knex, clock: Clock): SessionStore {
  const sessions = () => SessionModel.query(db);
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  return {
    async create(username) {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await sessions().insert({ tokenHash: hash(token), username, createdAt: now, expiresAt: now + SESSION_IDLE_LIFETIME_MS });
      return token;
    },
    async find(token) {
      const session = await sessions().findById(hash(token));
      const now = clock();
      if (!session || session.expiresAt <= now) return undefined;
      // Extending at most every half lifetime keeps a polling console from writing on every request.
      if (session.expiresAt - now < SESSION_IDLE_LIFETIME_MS / 2) {
        await sessions()
          .findById(session.tokenHash)
          .patch({ expiresAt: now + SESSION_IDLE_LIFETIME_MS });
      }
      return session.username;
    },
    async revoke(token) {
      const session = await sessions().findById(hash(token));
      if (!session) return undefined;
      // deleted by this call, not by a concurrent logout: each ended session is reported once
      const deleted = await sessions().deleteById(session.tokenHash);
      return deleted > 0 && session.expiresAt > clock() ? session.username : undefined;
    },
    async purgeExpired() {
      return sessions().delete().where('expires_at', '<=', clock());
    },
  };
}

import { DomainError, ErrorCode } from '../errors.js';
import type { CredentialVerifier } from './credential-verifier.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionStore } from './session-store.js';

export interface Credentials {
  /** the `Authorization` header, if any */
  readonly authorization: string | undefined;
  /** the session cookie's value, if any */
  readonly sessionToken: string | undefined;
  readonly clientAddress: string;
}

export interface OperatorAuth {
  /**
   * The operator account behind a request: a live session cookie, else HTTP Basic credentials.
   * @throws DomainError `unauthorized` for missing or bad credentials, `tooManyRequests` while the
   * client address is locked out after repeated failures
   */
  authenticate(credentials: Credentials): Promise<string>;
  /** Checks the credentials like {@link authenticate} and starts a session; returns the cookie value. */
  login(username: string, password: string, clientAddress: string): Promise<string>;
  /** Ends the session; returns its account, undefined when the token named no live session. */
  logout(sessionToken: string): Promise<string | undefined>;
}

export function createOperatorAuth(verify: CredentialVerifier, throttle: LoginThrottle, sessions: SessionStore): OperatorAuth {
  const inTurn = oneAtATime();
  const refuseWhileLocked = (retryAfterSeconds: number) => {
    if (retryAfterSeconds > 0) {
      throw new DomainError(ErrorCode.tooManyRequests, 'Too many failed logins from this address; try again later', {
        retryAfterSeconds,
      });
    }
  };
  // Counted as failed before the password is checked, so a burst gets no more than the limit (decision 191);
  // then one argon2 check per address at a time, so a burst waits in line instead of filling libuv's threads.
  const countedInTurn = (clientAddress: string) => async (checkHash: () => Promise<boolean>) => {
    refuseWhileLocked(await throttle.reserve(clientAddress));
    return inTurn(clientAddress, checkHash);
  };
  const check = async (username: string, password: string, clientAddress: string) => {
    const earlier = verify.earlier(username, password);
    // A credential checked before, or being checked, is no new guess. When right, it is refused only while the
    // address is locked out, and costs no write: an API client sends it on every request, and a burst of its
    // first requests shares one check. When wrong (or its check failed), it is counted like a new guess.
    if (earlier !== undefined && (await earlier.catch(() => false))) {
      refuseWhileLocked(await throttle.retryAfterSeconds(clientAddress));
      return username;
    }
    if (earlier !== undefined) refuseWhileLocked(await throttle.reserve(clientAddress));
    const ok = await verify(username, password, earlier === undefined ? countedInTurn(clientAddress) : (checkHash) => inTurn(clientAddress, checkHash));
    if (!ok) throw new DomainError(ErrorCode.unauthorized, 'Bad credentials');
    await throttle.release(clientAddress);
    return username;
  };

  return {
    async authenticate({ authorization, sessionToken, clientAddress }) {
      const account = sessionToken === undefined ? undefined : await sessions.find(sessionToken);
      if (account !== undefined) return account;
      const basic = authorization === undefined ? undefined : parseBasic(authorization);
      if (basic === undefined) {
        throw new DomainError(ErrorCode.unauthorized, 'Full authentication is required to access this resource');
      }
      return check(basic.username, basic.password, clientAddress);
    },
    async login(username, password, clientAddress) {
      return sessions.create(await check(username, password, clientAddress));
    },
    logout(sessionToken) {
      return sessions.revoke(sessionToken);
    },
  };
}

/** RFC 7617: `Basic base64(user:password)`; the scheme name is case-insensitive. */
function parseBasic(header: string): { username: string; password: string } | undefined {
  const match = /^basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Runs tasks of the same key one after another, tasks of different keys side by side; a key's queue is
 * forgotten once it runs empty. (p-limit and its kin limit all tasks together, not per key.)
 */
function oneAtATime(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const result = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

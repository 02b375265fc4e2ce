import { DomainError, ErrorCode } from '../errors.js';
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

export function createOperatorAuth(
  verify: (username: string, password: string) => Promise<boolean>,
  throttle: LoginThrottle,
  sessions: SessionStore,
): OperatorAuth {
  const check = async (username: string, password: string, clientAddress: string) => {
    const retryAfterSeconds = throttle.retryAfterSeconds(clientAddress);
    if (retryAfterSeconds > 0) {
      throw new DomainError(ErrorCode.tooManyRequests, 'Too many failed logins from this address; try again later', {
        retryAfterSeconds,
      });
    }
    if (!(await verify(username, password))) {
      throttle.recordFailure(clientAddress);
      throw new DomainError(ErrorCode.unauthorized, 'Bad credentials');
    }
    throttle.recordSuccess(clientAddress);
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

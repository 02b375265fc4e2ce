import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/mgmt';
import { REQUEST_DEADLINE_MS, requestStarted } from './freshness';

export type Schemas = components['schemas'];

/** A failed call, with the server's ExceptionInfo message when it sent one; status 0 when no answer came. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** the server's Retry-After (a rate limit, a login lockout), in seconds */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** No answer, or one the server could not give (5xx): the data on screen may be stale. */
  get unreachable(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /** The server refused the request itself (4xx other than an ended session or a rate limit): asking again changes nothing. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 401 && this.status !== 429;
  }
}

const expiryListeners = new Set<() => void>();

/** Called when any call (other than the login itself) answers 401: the session is gone. */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

// X-Requested-With makes the server leave out WWW-Authenticate, so the browser shows no password dialog.
const consoleRequests: Middleware = {
  onRequest({ request }) {
    request.headers.set('X-Requested-With', 'XMLHttpRequest');
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !request.url.endsWith('/rest/v1/login')) expiryListeners.forEach((listener) => listener());
    return response;
  },
};

/** Every request with its deadline, its answer (or none) noted for the console's freshness (decision 221). */
async function fetchWithDeadline(request: Request): Promise<Response> {
  const ended = requestStarted();
  try {
    const response = await fetch(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_DEADLINE_MS)]) });
    ended(response.status < 500);
    return response;
  } catch (error) {
    ended(false);
    throw error;
  }
}

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin', fetch: fetchWithDeadline });
api.use(consoleRequests);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful call; otherwise throws ApiError with the server's message. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? `No answer from the server within ${REQUEST_DEADLINE_MS / 1000} s` : 'Cannot reach the server', 0);
  }
  const { data, error, response } = answer;
  if (response.ok) return data as T;
  const message = (error as { message?: unknown } | undefined)?.message;
  const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
  throw new ApiError(
    typeof message === 'string' ? message : `${response.status} ${response.statusText}`,
    response.status,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The request parameters of a list page. */
export interface PageQuery {
  offset: number;
  limit: number;
  q?: string;
  sort?: string;
}

export interface Page<T> {
  content: T[];
  total: number;
}

/** Drops an empty FIQL filter, which the server would refuse; the page's sort wins over the list's default. */
export const listQuery = ({ offset, limit, q, sort }: PageQuery, defaultSort?: string) => ({
  offset,
  limit,
  ...(q ? { q } : {}),
  ...(sort || defaultSort ? { sort: sort || defaultSort } : {}),
});

// Text inside a double-quoted FIQL value, where `*` stays literal: the parser turns `\\` into `\` and
// `\*` into `*`, so a literal star is sent as `\\\*` (the server reads `\*` as a star, not a wildcard).
const escapeText = (text: string) => text.replace(/[\\"]/g, (char) => `\\${char}`).replace(/\*/g, '\\\\\\*');

/** A FIQL value in double quotes, matched literally. */
export const fiqlValue = (value: string) => `"${escapeText(value)}"`;

/** FIQL for "one of `fields` contains `text`" (case-insensitive, as `==` with wildcards is). */
export const containsQuery = (fields: readonly string[], text: string) => fields.map((field) => `${field}=="*${escapeText(text)}*"`).join(',');

/** Both filters at once: `(a);(b)`, or the one given. */
export const bothQueries = (a: string, b: string) => (a && b ? `(${a});(${b})` : a || b);

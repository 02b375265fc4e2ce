import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/mgmt';

export type Schemas = components['schemas'];

/** A failed call, with the server's ExceptionInfo message when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
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

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(consoleRequests);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful call; otherwise throws ApiError with the server's message. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const message = (error as { message?: unknown } | undefined)?.message;
  throw new ApiError(typeof message === 'string' ? message : `${response.status} ${response.statusText}`, response.status);
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The request parameters of a list page. */
export interface PageQuery {
  offset: number;
  limit: number;
  q?: string;
}

export interface Page<T> {
  content: T[];
  total: number;
}

/** Drops an empty FIQL filter, which the server would refuse. */
export const listQuery = ({ offset, limit, q }: PageQuery, sort?: string) => ({
  offset,
  limit,
  ...(q ? { q } : {}),
  ...(sort ? { sort } : {}),
});

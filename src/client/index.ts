import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import createClient, { type Client, type ClientPathsWithMethod, type MethodResponse, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/mgmt.js';

/** The management API's paths and operations, as generated from openapi/mgmt.yaml. */
export type { components, operations, paths } from '../generated/mgmt.js';
export type Schemas = components['schemas'];

/** The operator account's name and password. */
export interface Credentials {
  readonly user: string;
  readonly password: string;
}

/** Basic authentication on every request, or one session cookie from `POST /rest/v1/login`. */
export type FalconetAuth = { readonly basic: Credentials } | { readonly session: Credentials };

export interface FalconetClientOptions {
  /** the server's base URL, e.g. `http://127.0.0.1:8080` (no `/rest/v1`) */
  readonly baseUrl: string;
  readonly auth: FalconetAuth;
  /** a fetch of your own (a proxy, a deadline); the global one otherwise */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** headers sent with every request */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A failed call: the HTTP status and, when the server sent one, hawkBit's error body. */
export class FalconetApiError extends Error {
  override readonly name = 'FalconetApiError';
  constructor(
    readonly status: number,
    /** hawkBit's error key, e.g. `hawkbit.server.error.repo.entityNotFound` */
    readonly errorCode: string | undefined,
    readonly body: Schemas['ExceptionInfo'] | undefined,
    readonly method: string,
    readonly url: string,
  ) {
    super(`${method} ${url}: ${status}${errorCode ? ` ${errorCode}` : ''}${body?.message ? `: ${body.message}` : ''}`);
  }
}

/** An artifact whose SHA-256 is not the one expected: the caller's, or the server's answer. */
export class ChecksumMismatchError extends Error {
  override readonly name = 'ChecksumMismatchError';
  constructor(
    /** `expected`: the `sha256` option differs from the file's; `server`: the server stored other bytes */
    readonly stage: 'expected' | 'server',
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      stage === 'expected'
        ? `the file's SHA-256 is ${actual}, not the expected ${expected}`
        : `the server computed SHA-256 ${actual} for the upload, the file's is ${expected}`,
    );
  }
}

/** GET paths whose answer is a hawkBit page: `content` and `total`. */
export type PagedPath = {
  [P in ClientPathsWithMethod<Client<paths>, 'get'>]: MethodResponse<Client<paths>, 'get', P> extends { content: unknown[]; total: number } ? P : never;
}[ClientPathsWithMethod<Client<paths>, 'get'>];

/** One entry of a page of `P`. */
export type PageItem<P extends PagedPath> = MethodResponse<Client<paths>, 'get', P> extends { content: Array<infer T> } ? T : never;

type QueryOf<P extends PagedPath> = paths[P]['get'] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type PathParamsOf<P extends PagedPath> = paths[P]['get'] extends { parameters: { path: infer A } } ? A : never;

/** What `pages` sends besides `offset`: the filter, sort, page size (`limit`, 100 unless given) and path parameters. */
export interface PageInit<P extends PagedPath> {
  readonly query?: Omit<QueryOf<P>, 'offset'>;
  readonly path?: PathParamsOf<P>;
}

export interface UploadOptions {
  /** the stored file name; the path's base name, or `artifact.bin` for bytes */
  readonly filename?: string;
  /** the expected SHA-256 (hex): checked against the file before the upload and sent to the server to check too */
  readonly sha256?: string;
}

/** The openapi-fetch client of the management API, with helpers. */
export interface FalconetClient extends Client<paths> {
  readonly baseUrl: string;
  /** Every entry of a list, page by page (`offset` += page length until `total`). Throws FalconetApiError. */
  pages<P extends PagedPath>(path: P, init?: PageInit<P>): AsyncGenerator<PageItem<P>, void, undefined>;
  /** Every entry of a list in one array. */
  all<P extends PagedPath>(path: P, init?: PageInit<P>): Promise<Array<PageItem<P>>>;
  /**
   * Uploads a file (a path, a Blob or bytes) as a multipart form and checks that the server's SHA-256 of
   * the stored artifact is the file's. Throws ChecksumMismatchError or FalconetApiError.
   */
  uploadArtifact(moduleId: number, file: string | Blob | Uint8Array, options?: UploadOptions): Promise<Schemas['Artifact']>;
  /** With session authentication: logs in now (otherwise the first request does). */
  login(): Promise<void>;
  /** With session authentication: ends the session; the next request logs in again. */
  logout(): Promise<void>;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful call; otherwise throws FalconetApiError with hawkBit's error body. */
export async function unwrap<T>(call: Promise<Answer<T>> | Answer<T>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw apiError(response, error);
}

/** The method of each answer a client received, so that `unwrap` can name the failed call. */
const methods = new WeakMap<Response, string>();

function apiError(response: Response, error: unknown, method = methods.get(response) ?? 'request'): FalconetApiError {
  const body = typeof error === 'object' && error !== null && 'errorCode' in error ? (error as Schemas['ExceptionInfo']) : undefined;
  const url = new URL(response.url || 'http://unknown/');
  return new FalconetApiError(response.status, body?.errorCode, body, method, `${url.pathname}${url.search}`);
}

async function errorOf(response: Response, method: string): Promise<FalconetApiError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return apiError(response, body, method);
}

async function sha256Of(blob: Blob): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of blob.stream() as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

const PAGE_SIZE = 100;

/** A typed client of Falconet's (and hawkBit's) management API. */
export function createFalconetClient(options: FalconetClientOptions): FalconetClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const basic = 'basic' in options.auth ? options.auth.basic : undefined;
  const session = 'session' in options.auth ? options.auth.session : undefined;
  const headers: Record<string, string> = { ...options.headers };
  if (basic) headers['Authorization'] = `Basic ${Buffer.from(`${basic.user}:${basic.password}`).toString('base64')}`;
  const client = createClient<paths>({ baseUrl, fetch: send, headers });
  client.use({
    onResponse({ request, response }) {
      methods.set(response, request.method);
      return undefined;
    },
  });

  let cookie: Promise<string> | undefined;
  const login = async (): Promise<string> => {
    const request = new Request(`${baseUrl}/rest/v1/login`, {
      method: 'POST',
      headers: { ...options.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: session?.user, password: session?.password }),
    });
    const response = await send(request);
    if (!response.ok) throw await errorOf(response, 'POST');
    const pair = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]?.trim() ?? '')
      .find((line) => line.includes('='));
    await response.body?.cancel();
    if (!pair) throw new FalconetApiError(response.status, undefined, undefined, 'POST', '/rest/v1/login (no session cookie in the answer)');
    return pair;
  };
  const sessionCookie = (): Promise<string> => {
    cookie ??= login().catch((error: unknown) => {
      cookie = undefined;
      throw error;
    });
    return cookie;
  };
  if (session) {
    const sessions: Middleware = {
      async onRequest({ request }) {
        if (new URL(request.url).pathname.endsWith('/rest/v1/login')) return request;
        request.headers.set('Cookie', await sessionCookie());
        return request;
      },
      onResponse({ response }) {
        // an expired or revoked session: the next request logs in again
        if (response.status === 401) cookie = undefined;
        return undefined;
      },
    };
    client.use(sessions);
  }

  async function* pages<P extends PagedPath>(path: P, init: PageInit<P> = {}): AsyncGenerator<PageItem<P>, void, undefined> {
    const query = { limit: PAGE_SIZE, ...(init.query as Record<string, unknown> | undefined) };
    let offset = 0;
    for (;;) {
      const get = client.GET as unknown as (path: string, init: unknown) => Promise<Answer<{ content: Array<PageItem<P>>; total: number }>>;
      const page = await unwrap(get(path, { params: { path: init.path, query: { ...query, offset } } }));
      yield* page.content;
      offset += page.content.length;
      if (page.content.length === 0 || offset >= page.total) return;
    }
  }

  return Object.assign(client, {
    baseUrl,
    pages,
    async all<P extends PagedPath>(path: P, init?: PageInit<P>) {
      const items: Array<PageItem<P>> = [];
      for await (const item of pages(path, init)) items.push(item);
      return items;
    },
    async uploadArtifact(moduleId: number, file: string | Blob | Uint8Array, { filename, sha256 }: UploadOptions = {}) {
      const blob = typeof file === 'string' ? await openAsBlob(file) : file instanceof Blob ? file : new Blob([file]);
      const name = filename ?? (typeof file === 'string' ? basename(file) : 'artifact.bin');
      const local = await sha256Of(blob);
      if (sha256 !== undefined && sha256.toLowerCase() !== local) throw new ChecksumMismatchError('expected', sha256.toLowerCase(), local);
      const form = new FormData();
      form.append('file', blob, name);
      const artifact = await unwrap(
        client.POST('/rest/v1/softwaremodules/{softwareModuleId}/artifacts', {
          params: { path: { softwareModuleId: moduleId }, query: { sha256sum: local } },
          body: form as unknown as Schemas['ArtifactUpload'],
          bodySerializer: (body) => body,
        }),
      );
      if (artifact.hashes.sha256.toLowerCase() !== local) throw new ChecksumMismatchError('server', local, artifact.hashes.sha256);
      return artifact;
    },
    async login() {
      if (session) await sessionCookie();
    },
    async logout() {
      if (!session || !cookie) return;
      const current = cookie;
      cookie = undefined;
      const response = await send(new Request(`${baseUrl}/rest/v1/logout`, { method: 'POST', headers: { ...options.headers, Cookie: await current } }));
      await response.body?.cancel();
      if (!response.ok) throw await errorOf(response, 'POST');
    },
  });
}

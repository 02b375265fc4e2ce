import { CheckFailure, expectEqual, expectThat } from './check-report.js';

export type Json = Record<string, unknown>;
export const object = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});

/** One DDI answer, its body read whole. */
export interface DdiAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
  /** the body as JSON, when it parses */
  readonly json: unknown;
}

/** The hrefs of a DDI answer's `_links`, by relation. */
export function linksOf(body: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(object(object(body)['_links'])).flatMap(([rel, link]) => {
      const href = object(link)['href'];
      return typeof href === 'string' ? [[rel, href]] : [];
    }),
  );
}

/** A device of the check: its DDI base URL and credential; requests with a deadline. */
export class CheckDevice {
  readonly base: string;

  constructor(
    url: string,
    readonly tenant: string,
    readonly controllerId: string,
    private readonly authorization: string,
    private readonly timeoutMs: number,
  ) {
    this.base = `${url}/${encodeURIComponent(tenant)}/controller/v1/${encodeURIComponent(controllerId)}`;
  }

  /** The path of `rest` under this device's base, as a link's path must end. */
  path(rest: string): string {
    return new URL(`${this.base}/${rest}`).pathname;
  }

  /** `pathOrHref`: a path under the device's base (`deploymentBase/3`) or a link's absolute href. */
  async request(
    pathOrHref: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown; authorization?: string } = {},
  ): Promise<DdiAnswer> {
    const url = /^https?:\/\//.test(pathOrHref) ? pathOrHref : `${this.base}/${pathOrHref}`;
    const headers: Record<string, string> = {
      Accept: 'application/hal+json, application/json',
      Authorization: init.authorization ?? this.authorization,
      ...init.headers,
    };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    let json: unknown;
    try {
      json = bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, bytes, json };
  }

  /** A request whose answer must have `status`; `what` names it in the failure. */
  async expect(what: string, status: number, pathOrHref: string, init?: Parameters<CheckDevice['request']>[1]): Promise<DdiAnswer> {
    const answer = await this.request(pathOrHref, init);
    if (answer.status !== status) {
      const code = object(answer.json)['errorCode'];
      throw new CheckFailure(`${what}: expected status ${status}, got ${answer.status}${typeof code === 'string' ? ` (${code})` : ''}`);
    }
    return answer;
  }

  /** The poll's answer (200), its body and links. */
  async poll(what = 'poll'): Promise<{ body: Json; links: Record<string, string> }> {
    const answer = await this.expect(what, 200, this.base);
    return { body: object(answer.json), links: linksOf(answer.json) };
  }

  /** A feedback body of DDI's `DdiActionFeedback`. */
  static feedback(execution: string, finished: string, details: string[] = [], code: number | null = 200): Json {
    return { status: { execution, result: { finished }, ...(code === null ? {} : { code }), details } };
  }

  /** Asserts that the poll links exactly `rel` among the action links, its path `path` (a query is allowed). */
  expectActionLink(links: Record<string, string>, rel: string, path: string): string {
    const actionRels = ['deploymentBase', 'confirmationBase', 'cancelAction'];
    const present = actionRels.filter((name) => links[name] !== undefined);
    expectEqual('poll _links (action relations)', present, [rel]);
    const href = links[rel] as string;
    expectEqual(`poll _links.${rel} path`, new URL(href).pathname, this.path(path));
    return href;
  }
}

/** Hex of the given length. */
export const isHex = (value: unknown, length: number) => typeof value === 'string' && new RegExp(`^[0-9a-f]{${length}}$`, 'i').test(value);

/** Asserts the shape of a DDI deployment (`deployment` or `confirmation`) against the set the check uploaded. */
export function expectDeployment(
  what: string,
  body: unknown,
  key: 'deployment' | 'confirmation',
  expected: { actionId: number; download: string; update: string; maintenanceWindow?: string; artifact: { filename: string; size: number; sha256: string } },
): Json {
  const root = object(body);
  expectEqual(`${what} id`, root['id'], String(expected.actionId));
  const deployment = object(root[key]);
  expectEqual(`${what} ${key}.download`, deployment['download'], expected.download);
  expectEqual(`${what} ${key}.update`, deployment['update'], expected.update);
  expectEqual(`${what} ${key}.maintenanceWindow`, deployment['maintenanceWindow'], expected.maintenanceWindow);
  const chunks = deployment['chunks'];
  expectThat(`${what} ${key}.chunks`, Array.isArray(chunks) && chunks.length === 1, 'one chunk', chunks);
  const chunk = object((chunks as unknown[])[0]);
  expectEqual(`${what} chunk part`, chunk['part'], 'os');
  expectThat(`${what} chunk version`, typeof chunk['version'] === 'string', 'a version string', chunk['version']);
  const artifacts = chunk['artifacts'];
  expectThat(`${what} chunk artifacts`, Array.isArray(artifacts) && artifacts.length === 1, 'one artifact', artifacts);
  const artifact = object((artifacts as unknown[])[0]);
  expectEqual(`${what} artifact filename`, artifact['filename'], expected.artifact.filename);
  expectEqual(`${what} artifact size`, artifact['size'], expected.artifact.size);
  const hashes = object(artifact['hashes']);
  expectThat(`${what} artifact hashes.sha1`, isHex(hashes['sha1'], 40), '40 hex digits', hashes['sha1']);
  expectThat(`${what} artifact hashes.md5`, isHex(hashes['md5'], 32), '32 hex digits', hashes['md5']);
  expectEqual(`${what} artifact hashes.sha256`, hashes['sha256'], expected.artifact.sha256);
  const links = linksOf(artifact);
  expectThat(`${what} artifact _links.download-http`, typeof links['download-http'] === 'string', 'a link', links['download-http']);
  expectThat(`${what} artifact _links.md5sum-http`, typeof links['md5sum-http'] === 'string', 'a link', links['md5sum-http']);
  return artifact;
}

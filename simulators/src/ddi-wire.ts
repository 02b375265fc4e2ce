/**
 * The parts of DDI's JSON the simulator reads and writes (hawkBit's DDI v1 shapes; Falconet's
 * `openapi/ddi.yaml`). Read defensively: a device takes what it needs and ignores the rest.
 */
export type LinkRel = 'configData' | 'cancelAction' | 'confirmationBase' | 'deploymentBase';

export interface PollAnswer {
  /** `config.polling.sleep` in ms, when it parses */
  readonly sleepMs: number | undefined;
  readonly links: Partial<Record<LinkRel, string>>;
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/** `HH:mm:ss` → ms; anything else → undefined. */
export function parseSleep(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const [hours, minutes, seconds] = match.slice(1).map(Number) as [number, number, number];
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

export function readPoll(body: unknown): PollAnswer {
  const root = object(body);
  const links: Partial<Record<LinkRel, string>> = {};
  for (const [rel, link] of Object.entries(object(root['_links']))) {
    const href = object(link)['href'];
    if (typeof href === 'string') links[rel as LinkRel] = href;
  }
  return { sleepMs: parseSleep(object(object(root['config'])['polling'])['sleep']), links };
}

export interface ArtifactToFetch {
  readonly filename: string;
  readonly size: number;
  readonly sha256: string | undefined;
  readonly href: string | undefined;
}

export interface Deployment {
  readonly actionId: string;
  readonly update: string;
  /** `maintenanceWindow` present: `update: skip` means "wait for the window", not download-only */
  readonly hasMaintenanceWindow: boolean;
  readonly artifacts: readonly ArtifactToFetch[];
}

/** A `deploymentBase` (or `confirmationBase/{id}`) body; the deployment sits under `key`. */
export function readDeployment(body: unknown, key: 'deployment' | 'confirmation' = 'deployment'): Deployment {
  const root = object(body);
  const deployment = object(root[key]);
  const chunks = Array.isArray(deployment['chunks']) ? (deployment['chunks'] as unknown[]) : [];
  const artifacts = chunks.flatMap((chunk) => {
    const list = object(chunk)['artifacts'];
    return (Array.isArray(list) ? (list as unknown[]) : []).map((entry) => {
      const artifact = object(entry);
      const links = object(artifact['_links']);
      const href = object(links['download-http'])['href'] ?? object(links['download'])['href'];
      const sha256 = object(artifact['hashes'])['sha256'];
      return {
        filename: String(artifact['filename']),
        size: Number(artifact['size']),
        sha256: typeof sha256 === 'string' ? sha256 : undefined,
        href: typeof href === 'string' ? href : undefined,
      };
    });
  });
  return {
    actionId: String(root['id']),
    update: String(deployment['update']),
    hasMaintenanceWindow: deployment['maintenanceWindow'] !== undefined,
    artifacts,
  };
}

/** The action id at the end of a `…/{rel}/{id}[?c=…]` link. */
export const actionIdOf = (href: string): string => new URL(href).pathname.split('/').pop() ?? '';

/** `POST …/feedback` next to a resource link: the link without its query, plus `/feedback`. */
export function feedbackUrl(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.pathname += '/feedback';
  return url.href;
}

export interface FeedbackBody {
  readonly timestamp: number;
  readonly status: {
    readonly execution: 'proceeding' | 'closed' | 'downloaded';
    readonly result: { readonly finished: 'success' | 'failure' | 'none'; readonly progress?: { cnt: number; of: number } };
    readonly code?: number;
    readonly details: string[];
  };
}

export const feedback = (
  execution: FeedbackBody['status']['execution'],
  finished: FeedbackBody['status']['result']['finished'],
  details: string,
  extra: { progress?: { cnt: number; of: number }; code?: number } = {},
): FeedbackBody => ({
  timestamp: Date.now(),
  status: {
    execution,
    result: { finished, ...(extra.progress ? { progress: extra.progress } : {}) },
    ...(extra.code === undefined ? {} : { code: extra.code }),
    details: [details],
  },
});

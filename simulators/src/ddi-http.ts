import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { LatencyHistogram } from './latency-histogram.js';

/** The DDI calls the simulator makes, each with its own latency series. */
export const REQUEST_KINDS = [
  'poll',
  'configData',
  'confirmationBase',
  'confirmationFeedback',
  'deploymentBase',
  'deploymentFeedback',
  'download',
  'cancelAction',
  'cancelFeedback',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface JsonResponse {
  readonly status: number;
  readonly body: unknown;
}

export interface DownloadResult {
  readonly status: number;
  readonly size: number;
  readonly sha256: string;
}

export interface RequestStats {
  readonly latency: LatencyHistogram;
  /** from a connection taken to the end: the latency without the wait for one of the pool's connections */
  readonly onConnection: LatencyHistogram;
  /** responses other than 2xx, and transport errors */
  errors: number;
}

/**
 * One keep-alive connection pool for the whole fleet over `node:http(s)`, with per-kind latency (from
 * the call, so time queued for a free connection counts, as a device would feel it) and error counts.
 */
export class DdiHttp {
  readonly stats: Record<RequestKind, RequestStats> = Object.fromEntries(
    REQUEST_KINDS.map((kind) => [kind, { latency: new LatencyHistogram(), onConnection: new LatencyHistogram(), errors: 0 }]),
  ) as Record<RequestKind, RequestStats>;
  /** `"<kind> <status>"` (or `"<kind> <error code>"`) → count */
  readonly errorsByCause = new Map<string, number>();
  /** from the call until a connection is assigned: the part of each latency spent waiting in this process */
  readonly connectionWait = new LatencyHistogram();
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(
    connections: number,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal,
  ) {
    const options = { keepAlive: true, maxSockets: connections, maxFreeSockets: connections };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  /** A JSON call; the body of a 2xx answer is parsed when there is one. */
  async json(kind: RequestKind, method: string, url: string, auth: string | undefined, payload?: unknown): Promise<JsonResponse> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/hal+json, application/json' };
    if (auth) headers['authorization'] = auth;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.call(kind, method, url, headers, body, async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const ok = response.statusCode! >= 200 && response.statusCode! < 300;
      return { status: response.statusCode!, body: ok && text ? (JSON.parse(text) as unknown) : undefined };
    });
  }

  /** Streams an artifact through SHA-256, at most `bytesPerSec` when given. */
  async download(url: string, auth: string | undefined, bytesPerSec?: number): Promise<DownloadResult> {
    const headers: http.OutgoingHttpHeaders = auth ? { authorization: auth } : {};
    return this.call('download', 'GET', url, headers, undefined, (response) => {
      const hash = createHash('sha256');
      let size = 0;
      const started = performance.now();
      const ahead = () => (bytesPerSec ? (size / bytesPerSec) * 1000 - (performance.now() - started) : 0);
      return new Promise<DownloadResult>((resolve, reject) => {
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
          const wait = ahead();
          if (wait > 1) {
            response.pause();
            setTimeout(() => response.resume(), wait);
          }
        });
        // the last chunk ends the body at once, paused or not: wait out its share of the rate here
        response.on('end', () => {
          const result = { status: response.statusCode!, size, sha256: hash.digest('hex') };
          setTimeout(() => resolve(result), Math.max(0, ahead()));
        });
        response.on('error', reject);
      });
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private async call<T extends { status: number }>(
    kind: RequestKind,
    method: string,
    url: string,
    headers: http.OutgoingHttpHeaders,
    body: string | undefined,
    read: (response: http.IncomingMessage) => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    let connected = started;
    const isHttps = url.startsWith('https:');
    try {
      const result = await new Promise<T>((resolve, reject) => {
        const request = (isHttps ? https : http).request(url, {
          method,
          headers,
          agent: isHttps ? this.agents.https : this.agents.http,
          timeout: this.timeoutMs,
          signal: this.signal,
        });
        request.once('socket', () => {
          connected = performance.now();
          this.connectionWait.record(connected - started);
        });
        request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
        request.on('error', reject);
        request.on('response', (response) => void read(response).then(resolve, reject));
        request.end(body);
      });
      const ended = performance.now();
      this.stats[kind].latency.record(ended - started);
      this.stats[kind].onConnection.record(ended - connected);
      if (result.status < 200 || result.status >= 300) this.countError(kind, String(result.status));
      return result;
    } catch (error) {
      if (!this.signal.aborted) this.countError(kind, (error as { code?: string }).code ?? 'error');
      throw error;
    }
  }

  /** Counts a failure of `kind` (a request kind, or a device state whose work threw). */
  countError(kind: string, cause: string): void {
    if (kind in this.stats) this.stats[kind as RequestKind].errors++;
    const key = `${kind} ${cause}`;
    this.errorsByCause.set(key, (this.errorsByCause.get(key) ?? 0) + 1);
  }
}

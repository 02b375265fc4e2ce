import { createHash, type Hash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { LatencyHistogram } from './latency-histogram.js';
import type { Random } from './prng.js';

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
  /** 200 when complete; the status of a failed part, or 0 for a continuation answered with other bytes */
  readonly status: number;
  readonly size: number;
  readonly sha256: string;
  /** the device cut the download at a random byte itself */
  readonly cut: boolean;
  /** continuations sent with `Range` after a cut or a reset */
  readonly resumed: number;
  /** continuations the server answered with the whole file (the bytes so far thrown away) */
  readonly rangeIgnored: number;
}

/**
 * A device's network link, with the faults of the current phase (decision 243). The device's own seeded
 * source decides which request is hit, so a fleet hits the same faults in the same order of its requests.
 */
export interface Link {
  readonly random: Random;
  /** share of requests whose connection is reset */
  resets: number;
  /** share of downloads the device cuts at a random byte and resumes with `Range` */
  cutDownloads: number;
  /** a slow link reads at most this many bytes/s */
  bytesPerSec: number | undefined;
  /** resets injected on it so far */
  resetsInjected: number;
}

/** Retries of a request whose connection was reset, with backoff, before the device gives up until its next poll. */
const RESET_RETRIES = 5;
const BACKOFF_MS = 50;

/** An injected reset: before the request is written, or (GET only) once the answer's headers are in. */
type ResetMoment = 'request' | 'response';

/** Marks the causes of injected faults in `errorsByCause`. */
export const INJECTED = '(injected)';

const injectedReset = () => Object.assign(new Error('simulated connection reset'), { code: 'ECONNRESET', injected: true });
const isReset = (error: unknown): boolean => (error as { code?: unknown }).code === 'ECONNRESET' || (error as { code?: unknown }).code === 'EPIPE';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), ms);
    const onAbort = () => (clearTimeout(timer), reject(signal.reason as Error));
    signal.addEventListener('abort', onAbort, { once: true });
  });
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
    // With a timeout of its own, Node's agent closes an idle connection a second before the server's
    // `Keep-Alive: timeout=N` would (without one it ignores the hint): no request is sent on a connection
    // the server is closing, which would be reset.
    const options = { keepAlive: true, maxSockets: connections, maxFreeSockets: connections, timeout: timeoutMs };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  /** A JSON call; the body of a 2xx answer is parsed when there is one. */
  async json(kind: RequestKind, method: string, url: string, auth: string | undefined, payload?: unknown, link?: Link): Promise<JsonResponse> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/hal+json, application/json' };
    if (auth) headers['authorization'] = auth;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.call(kind, method, url, headers, body, link, async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const ok = response.statusCode! >= 200 && response.statusCode! < 300;
      return { status: response.statusCode!, body: ok && text ? (JSON.parse(text) as unknown) : undefined };
    });
  }

  /**
   * Streams an artifact through SHA-256, at most `bytesPerSec` (or the link's rate, the lower) when given.
   * A cut (the link's `cutDownloads`) or a reset in the body ends a part; the next part asks for the rest
   * with `Range: bytes=<received>-` and the hash goes on over the joined bytes.
   */
  async download(url: string, auth: string | undefined, bytesPerSec?: number, link?: Link): Promise<DownloadResult> {
    let hash = createHash('sha256');
    const rate = Math.min(bytesPerSec ?? Infinity, link?.bytesPerSec ?? Infinity);
    let size = 0;
    let cutPending = link !== undefined && link.cutDownloads > 0 && link.random() < link.cutDownloads;
    let cut = false;
    let resumed = 0;
    let rangeIgnored = 0;
    let failures = 0;
    for (;;) {
      const headers: http.OutgoingHttpHeaders = auth ? { authorization: auth } : {};
      if (size > 0) headers['range'] = `bytes=${size}-`;
      const from = size;
      /** `refused`: a continuation answered with other bytes than asked for */
      let part: { status: number; complete: boolean; refused?: true };
      try {
        part = await this.attempt('download', 'GET', url, headers, undefined, this.resetMoment('GET', link), (response) => {
          const status = response.statusCode!;
          if (from > 0) {
            resumed++;
            if (status === 200) {
              // the server sent the whole file again: start over
              rangeIgnored++;
              hash = createHash('sha256');
              size = 0;
            } else if (status !== 206 || !String(response.headers['content-range']).startsWith(`bytes ${from}-`)) {
              response.resume();
              return Promise.resolve({ status, complete: true, refused: true as const });
            }
          }
          if (status !== 200 && status !== 206) {
            response.resume();
            return Promise.resolve({ status, complete: true });
          }
          const total = size + Number(response.headers['content-length'] ?? NaN);
          const cutAt = cutPending && total > size + 1 ? size + 1 + Math.floor(link!.random() * (total - size - 1)) : undefined;
          return this.readBody(response, hash, rate, (chunk) => {
            if (cutAt === undefined || size + chunk.length < cutAt) {
              size += chunk.length;
              return chunk;
            }
            cutPending = false;
            cut = true;
            const kept = chunk.subarray(0, cutAt - size);
            size = cutAt;
            return kept;
          }).then((complete) => ({ status, complete }));
        });
      } catch (error) {
        if (size > from) failures = 0;
        if (this.signal.aborted || !isReset(error) || failures >= RESET_RETRIES) throw error;
        // the next part asks for what has not arrived
        await this.backoff(failures++, link);
        continue;
      }
      failures = 0;
      if (part.refused || (part.status !== 200 && part.status !== 206))
        return { status: part.status === 206 ? 0 : part.status, size, sha256: '', cut, resumed, rangeIgnored };
      if (part.complete) return { status: 200, size, sha256: hash.digest('hex'), cut, resumed, rangeIgnored };
    }
  }

  /**
   * Reads a body through `take` (which counts the bytes and may shorten the last chunk) into `hash`, at most
   * `rate` bytes/s; resolves true at its end, false once `take` shortened a chunk (the device cut the rest).
   */
  private readBody(response: http.IncomingMessage, hash: Hash, rate: number, take: (chunk: Buffer) => Buffer): Promise<boolean> {
    const started = performance.now();
    let read = 0;
    const ahead = () => (rate < Infinity ? (read / rate) * 1000 - (performance.now() - started) : 0);
    // once cut, the rest of the body is not read, even when its end is already queued
    let cutOff = false;
    return new Promise<boolean>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => {
        const kept = take(chunk);
        hash.update(kept);
        read += kept.length;
        if (kept.length < chunk.length) {
          cutOff = true;
          response.removeAllListeners('data');
          response.destroy();
          setTimeout(() => resolve(false), Math.max(0, ahead()));
          return;
        }
        const wait = ahead();
        if (wait > 1) {
          response.pause();
          setTimeout(() => response.resume(), wait);
        }
      });
      // the last chunk ends the body at once, paused or not: wait out its share of the rate here
      response.on('end', () => cutOff || setTimeout(() => resolve(true), Math.max(0, ahead())));
      response.on('error', (error) => cutOff || reject(error));
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** One request, retried with backoff while its connection is reset (injected or real), RESET_RETRIES times. */
  private async call<T extends { status: number }>(
    kind: RequestKind,
    method: string,
    url: string,
    headers: http.OutgoingHttpHeaders,
    body: string | undefined,
    link: Link | undefined,
    read: (response: http.IncomingMessage) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(kind, method, url, headers, body, this.resetMoment(method, link), read);
      } catch (error) {
        if (this.signal.aborted || !isReset(error) || attempt >= RESET_RETRIES) throw error;
        await this.backoff(attempt, link);
      }
    }
  }

  /** Whether the link resets this request, and when. */
  private resetMoment(method: string, link: Link | undefined): ResetMoment | undefined {
    if (link === undefined || link.resets === 0 || link.random() >= link.resets) return undefined;
    link.resetsInjected++;
    return method === 'GET' && link.random() < 0.5 ? 'response' : 'request';
  }

  /** BACKOFF_MS doubled with each attempt, ±50 % by the device's own source. */
  private backoff(attempt: number, link: Link | undefined): Promise<void> {
    return pause(BACKOFF_MS * 2 ** attempt * (0.5 + (link?.random() ?? 0.5)), this.signal);
  }

  private async attempt<T extends { status: number }>(
    kind: RequestKind,
    method: string,
    url: string,
    headers: http.OutgoingHttpHeaders,
    body: string | undefined,
    reset: ResetMoment | undefined,
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
          if (reset === 'request') request.destroy(injectedReset());
        });
        request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
        request.on('error', reject);
        request.on('response', (response) => {
          if (reset === 'response') {
            request.destroy(injectedReset());
            return;
          }
          void read(response).then(resolve, reject);
        });
        request.end(body);
      });
      const ended = performance.now();
      this.stats[kind].latency.record(ended - started);
      this.stats[kind].onConnection.record(ended - connected);
      if (result.status < 200 || result.status >= 300) this.countError(kind, String(result.status));
      return result;
    } catch (error) {
      if (!this.signal.aborted) {
        const { code, injected } = error as { code?: string; injected?: boolean };
        this.countError(kind, `${code ?? 'error'}${injected ? ` ${INJECTED}` : ''}`);
      }
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

/**
 * The load generator of the deployment and download benchmarks: `connections` workers over one keep-alive
 * pool of node:http, each repeating its work until the time is up. node:http rather than autocannon because
 * a unit of work here is several requests (a deployment pair) or a large body whose bytes are counted as
 * they arrive.
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';

export interface Call {
  readonly method?: string;
  readonly headers?: http.OutgoingHttpHeaders;
  readonly body?: string;
  /** each chunk of the response body, as it arrives */
  readonly onChunk?: (bytes: number) => void;
  readonly signal?: AbortSignal;
}

/** One request; resolves to the status once the body has been read (and dropped). */
export function call(agent: http.Agent, url: string, options: Call = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent,
      method: options.method ?? 'GET',
      headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const onChunk = options.onChunk;
      response.on('data', onChunk ? (chunk: Buffer) => onChunk(chunk.length) : () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.end(options.body);
  });
}

/**
 * Runs `work(worker, agent, signal)` in `connections` parallel loops over one keep-alive pool until
 * `seconds` have passed, and resolves to the wall time until the last loop stopped, s. `signal` aborts at
 * the deadline, so that a long transfer is cut there (the work must take the abort as its end).
 */
export async function runWorkers(
  connections: number,
  seconds: number,
  work: (worker: number, agent: http.Agent, signal: AbortSignal) => Promise<void>,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const deadline = new AbortController();
  // every request in flight listens to it
  setMaxListeners(0, deadline.signal);
  const started = performance.now();
  const timer = setTimeout(() => deadline.abort(), seconds * 1000);
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        while (!deadline.signal.aborted) await work(worker, agent, deadline.signal);
      }),
    );
    return (performance.now() - started) / 1000;
  } finally {
    clearTimeout(timer);
    agent.destroy();
  }
}

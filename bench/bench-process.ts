/**
 * Server processes for the benchmarks: started pinned to one core, ready once they print their URL or
 * answer HTTP, frozen (SIGSTOP) while another variant is measured so that nothing of theirs — timers,
 * flushes, garbage collection — runs on the shared core, read from /proc, and stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

export interface BenchServer {
  readonly name: string;
  readonly pid: number;
  readonly url: string;
  /** from the spawn until it printed its URL or first answered the probe, ms */
  readonly readyMs: number;
  /** CPU time the process has used so far (user + system), ms */
  cpuMs(): number;
  /** resident memory now (VmRSS), bytes */
  rss(): number;
  /** the highest resident memory since the start or the last {@link resetPeakRss} (VmHWM), bytes */
  peakRss(): number;
  resetPeakRss(): void;
  /** SIGCONT: the server runs again */
  resume(): void;
  /** SIGSTOP: the server is frozen until {@link resume} */
  freeze(): void;
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Ready once a GET of this URL answers 2xx (its origin is the server's URL); without it, once the
   * process prints a JSON line with a `url` field (Falconet's "listening" line, the reference's own).
   */
  readonly probe?: string;
}

const STARTUP_MS = 60_000;
const STOP_MS = 20_000;
const PROBE_EVERY_MS = 5;
const TICK_MS = 10;

/** Starts `command` on CPU `core` (taskset, which execs it: same pid) and waits until it is ready. */
export async function startPinned(name: string, core: number, command: readonly string[], options: StartOptions = {}): Promise<BenchServer> {
  const spawned = performance.now();
  const child = spawn('taskset', ['-c', String(core), ...command], { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  // drained from the start: a full pipe would block the server
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let url: string;
  try {
    url = await new Promise<string>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`${name} did not start within ${STARTUP_MS} ms`)), STARTUP_MS);
      const done = (found: string) => {
        clearTimeout(timer);
        ready(found);
      };
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`${name} exited with code ${code} before it was ready`));
      });
      if (options.probe !== undefined) void probe(options.probe, child).then(() => done(new URL(options.probe as string).origin), fail);
      else
        lines.on('line', (line) => {
          const found = urlOf(line);
          if (found !== undefined) done(found);
        });
    });
  } catch (error) {
    await stop(child);
    throw error;
  }
  const readyMs = performance.now() - spawned;
  const pid = child.pid as number;
  return {
    name,
    pid,
    url,
    readyMs,
    cpuMs: () => cpuMsOf(pid),
    rss: () => statusBytes(pid, 'VmRSS'),
    peakRss: () => statusBytes(pid, 'VmHWM'),
    // 5: reset the peak resident set size to the current one (proc(5), clear_refs)
    resetPeakRss: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    resume: () => void child.kill('SIGCONT'),
    freeze: () => void child.kill('SIGSTOP'),
    stop: () => stop(child),
  };
}

async function probe(url: string, child: ChildProcess): Promise<void> {
  while (child.exitCode === null) {
    const ok = await fetch(url).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  throw new Error(`exited with code ${child.exitCode} before answering ${url}`);
}

function urlOf(line: string): string | undefined {
  try {
    const url = (JSON.parse(line) as { url?: unknown }).url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A `kB` line of /proc/<pid>/status, in bytes. */
function statusBytes(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  return exited.finally(() => clearTimeout(killer));
}

/** A TCP port nobody listens on right now, for servers that must be told theirs. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

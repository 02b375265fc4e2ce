/**
 * Server processes for the benchmarks: started pinned to one core, ready once they print their URL,
 * frozen (SIGSTOP) while another variant is measured so that nothing of theirs — timers, flushes, garbage
 * collection — runs on the shared core, and stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface BenchServer {
  readonly name: string;
  readonly url: string;
  /** CPU time the process has used so far (user + system), ms */
  cpuMs(): number;
  /** SIGCONT: the server runs again */
  resume(): void;
  /** SIGSTOP: the server is frozen until {@link resume} */
  freeze(): void;
  stop(): Promise<void>;
}

const STARTUP_MS = 60_000;
const TICK_MS = 10;

/**
 * Starts `command` on CPU `core` (taskset) and waits for a JSON line on its stdout with a `url` field
 * (Falconet's "listening" log line, the reference's own line). Its output is drained and dropped after that.
 */
export async function startPinned(name: string, core: number, command: readonly string[], env: NodeJS.ProcessEnv): Promise<BenchServer> {
  const child = spawn('taskset', ['-c', String(core), ...command], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within ${STARTUP_MS} ms`)), STARTUP_MS);
    child.once('exit', (code) => fail(new Error(`${name} exited with code ${code} before listening`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const found = urlOf(line);
      if (found === undefined) return;
      clearTimeout(timer);
      ready(found);
    });
  });
  return {
    name,
    url,
    cpuMs: () => cpuMsOf(child.pid as number),
    resume: () => void child.kill('SIGCONT'),
    freeze: () => void child.kill('SIGSTOP'),
    stop: () => stop(child),
  };
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
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  return exited;
}

/**
 * The real Falconet as the benchmarks run it: `node dist/cli.js serve` (so `npm run build` first) on a
 * configuration written to a temporary directory, pinned to a core, with an operator password of this run
 * for the management API.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import argon2 from 'argon2';
import { startPinned, type BenchServer } from './bench-process.js';

export interface Operator {
  readonly password: string;
  readonly passwordHash: string;
}

/** A throw-away operator account: the hash takes argon2id's ~0.1 s, so it is made once per run. */
export async function newOperator(): Promise<Operator> {
  const password = randomBytes(12).toString('hex');
  return { password, passwordHash: await argon2.hash(password, { type: argon2.argon2id }) };
}

export interface FalconetSetup {
  readonly operator: Operator;
  /** the temporary directory for the config file and the artifact directory */
  readonly dir: string;
  readonly databaseUrl: string;
  /** 0: any free port (found from the "listening" line) */
  readonly port?: number;
  /** more TOML lines, placed before the `[mgmt]` table: top-level keys first, then any tables */
  readonly toml?: readonly string[];
  /** `node --cpu-prof` writing the server's profile into this directory when it stops */
  readonly profileDir?: string | undefined;
  /** the server watches its event loop's delay and writes it here on {@link loopDelay} (`loop-delay.mjs`) */
  readonly loopDelayFile?: string | undefined;
}

/** Writes the config of `setup` into its directory and returns the file. Logs at info: no line per request. */
export function writeConfig(setup: FalconetSetup): string {
  mkdirSync(setup.dir, { recursive: true });
  const file = join(setup.dir, 'falconet.toml');
  writeFileSync(
    file,
    [
      `bind = "127.0.0.1:${setup.port ?? 0}"`,
      `database_url = ${JSON.stringify(setup.databaseUrl)}`,
      `artifact_dir = ${JSON.stringify(join(setup.dir, 'artifacts'))}`,
      'log_level = "info"',
      ...(setup.toml ?? []),
      '[mgmt]',
      'username = "admin"',
      `password_hash = ${JSON.stringify(setup.operator.passwordHash)}`,
    ].join('\n'),
  );
  return file;
}

/** The environment without FALCONET_* (the bench's own variables are no Falconet settings). */
const childEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('FALCONET_')));

/**
 * Starts Falconet on `setup`, ready at its "listening" line, or with `probeHealth` once `GET /health`
 * answers (the bench then knows the port).
 */
export function startFalconet(core: number, setup: FalconetSetup, probeHealth = false): Promise<BenchServer> {
  const config = writeConfig(setup);
  const profiling = setup.profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${setup.profileDir}`];
  const loopDelay = setup.loopDelayFile === undefined ? [] : ['--import', './bench/loop-delay.mjs'];
  return startPinned('falconet', core, [process.execPath, ...profiling, ...loopDelay, 'dist/cli.js', 'serve', '--config', config], {
    env: { ...childEnv(), ...(setup.loopDelayFile === undefined ? {} : { BENCH_LOOP_DELAY_FILE: setup.loopDelayFile }) },
    ...(probeHealth ? { probe: `http://127.0.0.1:${setup.port}/health` } : {}),
  });
}

/** The event loop's delay of a server started with `loopDelayFile`, ms, since the last call (or its start). */
export interface LoopDelay {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly samples: number;
}

/** Asks the server (SIGUSR2) for its event loop's delay since the last call, and starts over. */
export async function loopDelay(pid: number, file: string): Promise<LoopDelay> {
  const written = (): (LoopDelay & { sequence: number }) | undefined => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as LoopDelay & { sequence: number };
    } catch {
      return undefined;
    }
  };
  const before = written()?.sequence ?? 0;
  process.kill(pid, 'SIGUSR2');
  const deadline = performance.now() + 10_000;
  for (;;) {
    const figures = written();
    if (figures !== undefined && figures.sequence !== before)
      return { p50Ms: figures.p50Ms, p99Ms: figures.p99Ms, maxMs: figures.maxMs, samples: figures.samples };
    if (performance.now() > deadline) throw new Error('the server did not report its event loop delay');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The reference poll of `poll-reference.ts` on the same database. */
export function startReference(core: number, referenceArgs: readonly string[]): Promise<BenchServer> {
  return startPinned('reference', core, [process.execPath, '--import', 'tsx', 'bench/poll-reference.ts', ...referenceArgs], { env: childEnv() });
}

export type Mgmt = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** A management API client of `url` with the operator's Basic credential; JSON, or FormData as multipart. */
export function mgmtClient(url: string, operator: Operator): Mgmt {
  const authorization = `Basic ${Buffer.from(`admin:${operator.password}`).toString('base64')}`;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const init: RequestInit =
      body instanceof FormData
        ? { method, headers: { authorization }, body }
        : { method, headers: { authorization, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** A software module of type `os` holding one artifact with `bytes`, and a set of it. */
export async function uploadSet(mgmt: Mgmt, name: string, filename: string, bytes: Uint8Array): Promise<{ moduleId: number; setId: number }> {
  const [module] = await mgmt<{ id: number }[]>('POST', '/rest/v1/softwaremodules', [{ name, version: '1.0.0', type: 'os' }]);
  const moduleId = (module as { id: number }).id;
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  await mgmt('POST', `/rest/v1/softwaremodules/${moduleId}/artifacts`, form);
  const [set] = await mgmt<{ id: number }[]>('POST', '/rest/v1/distributionsets', [{ name, version: '1.0.0', type: 'os', modules: [{ id: moduleId }] }]);
  return { moduleId, setId: (set as { id: number }).id };
}

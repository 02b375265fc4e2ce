import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetSummary } from '../simulators/src/index.js';
import { DATABASE_KINDS } from './support/databases.js';
import { listen } from './support/simulator-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

// `falconet-sim` as an operator runs it: the linked bin (simulators/bin → the compiled dist/cli.js).
const BIN = new URL('../simulators/bin/falconet-sim.js', import.meta.url).pathname;

function run(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [BIN, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('falconet-sim command line', () => {
  it('prints its usage with --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: falconet-sim --url URL --devices N');
  });

  it('exits 2 naming the mistake, with the usage', async () => {
    const { code, stderr } = await run(['--url', 'http://127.0.0.1:1', '--devices', 'many']);
    expect(code).toBe(2);
    expect(stderr).toContain("falconet-sim: --devices must be an integer ≥ 1, got 'many'");
    expect(stderr).toContain('Usage:');
  });
});

describe.each(DATABASE_KINDS)('falconet-sim against Falconet on %s', (kind) => {
  let server: Awaited<ReturnType<typeof listen>>;
  const t = useTestApp(kind, { 'ddi.gateway_token': 'cli-gateway', 'ddi.polling_interval': '00:00:01' });
  beforeAll(async () => {
    server = await listen(t);
  });
  afterAll(() => server.close());

  it('registers a small fleet, honours the server sleep, and prints the JSON summary', async () => {
    const { code, stdout } = await run([
      '--url',
      server.url,
      '--devices',
      '4',
      '--prefix',
      'cli-',
      '--gateway-token',
      'cli-gateway',
      '--offline',
      '0.25',
      '--duration',
      '4',
      '--json',
    ]);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as FleetSummary;
    expect(summary).toMatchObject({ stoppedBy: 'duration', devices: { total: 4, online: 3, offline: 1, seen: 3 }, errors: {} });
    // Two polls at once (before and after the attribute upload), then one per advertised second (±10 %): never
    // more than that in the time the run took, and at least one after a sleep, which leaves a busy machine about
    // 3 s for four requests.
    expect(summary.polls.count).toBeGreaterThanOrEqual(3 * 3);
    expect(summary.polls.count).toBeLessThanOrEqual(3 * (2 + Math.floor(summary.durationMs / 900)));
    expect(summary.outcomes.attributesUploaded).toBe(3);
  });
});

/**
 * The simulator's acceptance run (`npm run sim:rollout`, after `npm run build`): a real Falconet
 * (`node dist/cli.js serve`, a temporary SQLite database, short polling and evaluation intervals), a fleet
 * of simulated devices that register themselves with the gateway token, and a rollout in groups over all
 * of them, created and started through the management API once every device has polled. It runs until
 * every device has closed its action and prints the simulator's summary and the rollout's end state. Exit
 * code 1 unless every device finished with verified hashes and the rollout is `finished`.
 *
 * Options: --devices N (5000) --groups N (5) --polling HH:mm:ss (00:00:05) --artifact-size BYTES (65536)
 * --eval-interval SECS (1) --database-url URL (a temporary SQLite file)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import { formatSummary, progressLine, simulateFleet } from '../simulators/src/index.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5000' },
    groups: { type: 'string', default: '5' },
    polling: { type: 'string', default: '00:00:05' },
    'artifact-size': { type: 'string', default: '65536' },
    'eval-interval': { type: 'string', default: '1' },
    'database-url': { type: 'string' },
  },
});
const DEVICES = Number(values.devices);
const GROUPS = Number(values.groups);
const GATEWAY = 'sim-gateway-token';
const PASSWORD = randomBytes(12).toString('hex');
const HEADERS = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const dir = await mkdtemp(join(tmpdir(), 'falconet-sim-rollout-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
await writeFile(
  join(dir, 'falconet.toml'),
  [
    `bind = "127.0.0.1:${port}"`,
    `database_url = "${values['database-url'] ?? `sqlite:${join(dir, 'falconet.db')}`}"`,
    `artifact_dir = "${join(dir, 'artifacts')}"`,
    `rollout_eval_interval_secs = ${Number(values['eval-interval'])}`,
    `log_level = "warn"`,
    `[ddi]`,
    `gateway_token = "${GATEWAY}"`,
    `polling_interval = "${values.polling}"`,
    `[mgmt]`,
    `username = "admin"`,
    `password_hash = "${await argon2.hash(PASSWORD, { type: argon2.argon2id })}"`,
    `[quota]`,
    `max_targets_per_rollout_group = ${Math.max(20_000, DEVICES)}`,
  ].join('\n'),
);
const server = spawn(process.execPath, ['dist/cli.js', 'serve', '--config', join(dir, 'falconet.toml')], { stdio: ['ignore', 'ignore', 'inherit'] });

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body instanceof FormData
      ? { method, headers: HEADERS, body }
      : { method, headers: { ...HEADERS, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  const response = await fetch(`${url}${path}`, init);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type Rollout = { status: string; totalTargetsPerStatus: Record<string, number> };
type Groups = { content: { name: string; status: string }[] };

try {
  for (let up = false; !up; await new Promise((resolve) => setTimeout(resolve, 200))) {
    up = await fetch(`${url}/health`).then((response) => response.ok, () => false);
  }
  const [module] = await api<{ id: number }[]>('POST', '/rest/v1/softwaremodules', [{ name: 'sim-os', version: '1.0.0', type: 'os' }]);
  const form = new FormData();
  form.append('file', new Blob([randomBytes(Number(values['artifact-size']))]), 'firmware.swu');
  await api('POST', `/rest/v1/softwaremodules/${module!.id}/artifacts`, form);
  const [set] = await api<{ id: number }[]>('POST', '/rest/v1/distributionsets', [{ name: 'sim-set', version: '1.0.0', type: 'os', modules: [{ id: module!.id }] }]);

  let rolloutId: number | undefined;
  let starting = false;
  let lastLine = 0;
  const started = performance.now();
  const summary = await simulateFleet({
    url,
    devices: DEVICES,
    gatewayToken: GATEWAY,
    rampUpMs: 5000,
    installMs: 1000,
    untilClosed: 1,
    progressIntervalMs: 1000,
    onProgress: (progress) => {
      if (performance.now() - lastLine >= 5000) {
        lastLine = performance.now();
        log(progressLine(progress));
      }
      if (rolloutId !== undefined || starting || progress.outcomes.devicesSeen < DEVICES) return;
      starting = true;
      log(`all ${DEVICES} devices registered; creating and starting a ${GROUPS}-group rollout`);
      void (async () => {
        const rollout = await api<{ id: number }>('POST', '/rest/v1/rollouts', {
          name: 'sim-rollout',
          targetFilterQuery: 'controllerId==sim-*',
          distributionSetId: set!.id,
          amountGroups: GROUPS,
        });
        await api('POST', `/rest/v1/rollouts/${rollout.id}/start`);
        rolloutId = rollout.id;
        log(`rollout ${rollout.id} started`);
      })();
    },
  });
  const fleetSeconds = (performance.now() - started) / 1000;
  let rollout: Rollout | undefined;
  for (let i = 0; i < 60 && rollout?.status !== 'finished' && rolloutId !== undefined; i++) {
    rollout = await api<Rollout>('GET', `/rest/v1/rollouts/${rolloutId}`);
    if (rollout.status !== 'finished') await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const groups = rolloutId === undefined ? undefined : await api<Groups>('GET', `/rest/v1/rollouts/${rolloutId}/deploygroups?limit=500`);
  process.stdout.write(`${formatSummary(summary)}\n`);
  process.stdout.write(
    `rollout   ${rollout?.status ?? 'never started'} after ${fleetSeconds.toFixed(1)} s; targets ${JSON.stringify(rollout?.totalTargetsPerStatus)}; ` +
      `groups ${groups?.content.map((group) => `${group.name} ${group.status}`).join(', ')}\n`,
  );
  const ok =
    rollout?.status === 'finished' &&
    summary.devices.finished === DEVICES &&
    summary.downloads.verified === DEVICES &&
    summary.downloads.hashMismatches + summary.downloads.sizeMismatches === 0;
  process.stdout.write(ok ? 'OK: every device finished with verified hashes; the rollout is finished\n' : 'NOT OK\n');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dir, { recursive: true, force: true });
}

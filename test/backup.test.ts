import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import knexFactory from 'knex';
import { openDatabase } from '../src/db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { DATABASE_KINDS, type DatabaseKind } from './support/databases.js';
import { basicAuth } from './support/test-app.js';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
const postgresUrl = process.env['FALCONET_TEST_DATABASE_URL'];
const AUTH = { authorization: basicAuth(), 'content-type': 'application/json' };
const DEVICES = 8;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs `falconet ...args` to its exit. */
function cli(...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: cleanEnv() });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** One line on stderr, `falconet: …`, and exit code 2. */
function expectRefusal(result: { code: number | null; stderr: string }, says: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(/^falconet: [^\n]+\n$/);
  expect(result.stderr).toMatch(says);
}

async function call<T = unknown>(server: CliServer, method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

// what device traffic changes on every request: the poll time and what is derived from it
const VOLATILE = new Set(['lastControllerRequestAt', 'pollStatus', 'lastModifiedAt', 'lastModifiedBy']);

/** A management read with the server's own address and the fields device traffic keeps changing left out. */
async function read(server: CliServer, path: string): Promise<unknown> {
  const text = JSON.stringify(await call(server, 'GET', path)).replaceAll(server.base, 'BASE');
  return JSON.parse(text, (key, value: unknown) => (VOLATILE.has(key) ? undefined : value));
}

const READS = [
  '/rest/v1/targets?sort=controllerId:ASC&limit=100',
  '/rest/v1/actions?sort=id:ASC&limit=100',
  '/rest/v1/distributionsets?sort=id:ASC',
  '/rest/v1/softwaremodules?sort=id:ASC',
  '/rest/v1/softwaremodules/1/artifacts',
];

/** A database for one server: a file, or a scratch PostgreSQL database created here. */
async function scratchDatabase(kind: DatabaseKind, dir: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') return { url: `sqlite:${join(dir, name, 'falconet.db')}`, drop: () => Promise.resolve() };
  const database = `falconet_backup_${name}_${randomBytes(4).toString('hex')}`;
  const admin = () => knexFactory({ client: 'pg', connection: postgresUrl, pool: { min: 0, max: 1 } });
  const setup = admin();
  await setup.raw('create database ??', [database]);
  await setup.destroy();
  const url = new URL(postgresUrl as string);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    async drop() {
      const teardown = admin();
      await teardown.raw('drop database if exists ?? with (force)', [database]);
      await teardown.destroy();
    },
  };
}

/**
 * `falconet backup` of a server whose devices keep polling, reporting feedback and sending attributes, then
 * `falconet restore` into a new database and artifact directory: a server started on it answers the
 * management reads as the first one does (leaving out the poll times), and serves the same artifact bytes
 * (decision 235).
 */
describe.each(DATABASE_KINDS)('falconet backup and restore (%s)', (kind) => {
  let dir: string;
  let databases: { url: string; drop(): Promise<void> }[];
  let original: CliServer;
  let restored: CliServer | undefined;
  let configs: { original: string; restored: string };
  const firmware = randomBytes(300 * 1024 + 7);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-backup-'));
    databases = [await scratchDatabase(kind, dir, 'original'), await scratchDatabase(kind, dir, 'restored')];
    for (const name of ['original', 'restored']) mkdirSync(join(dir, name), { recursive: true });
    configs = {
      original: writeServerConfig(join(dir, 'original'), 'server', (databases[0] as { url: string }).url),
      restored: writeServerConfig(join(dir, 'restored'), 'server', (databases[1] as { url: string }).url),
    };
    original = await startCliServer(configs.original);
  });
  afterAll(async () => {
    for (const server of [original, restored]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    for (const database of databases ?? []) await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a server under device load and restores it into one that answers the same', { timeout: 240_000 }, async () => {
    const [module] = await call<{ id: number }[]>(original, 'POST', '/rest/v1/softwaremodules', [{ name: 'firmware', version: '1', type: 'os' }]);
    const form = new FormData();
    form.append('file', new Blob([firmware]), 'firmware.swu');
    const uploaded = await fetch(`${original.base}/rest/v1/softwaremodules/${module?.id}/artifacts`, {
      method: 'POST',
      headers: { authorization: basicAuth() },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [set] = await call<{ id: number }[]>(original, 'POST', '/rest/v1/distributionsets', [
      { name: 'firmware', version: '1', type: 'os', modules: [{ id: module?.id }] },
    ]);
    const devices = Array.from({ length: DEVICES }, (_, i) => ({ controllerId: `device-${i}`, securityToken: `token-backup-${i}` }));
    await call(original, 'POST', '/rest/v1/targets', devices);
    // half the devices install the set and keep reporting progress; the other half send attributes
    const installing = devices.slice(0, DEVICES / 2);
    await call(
      original,
      'POST',
      `/rest/v1/distributionsets/${set?.id}/assignedTargets`,
      installing.map((device) => ({ id: device.controllerId })),
    );

    let stop = false;
    let writes = 0;
    let firstWrites!: () => void;
    const started = new Promise<void>((done) => (firstWrites = done));
    const deviceLoop = async (device: (typeof devices)[number]) => {
      const headers = { authorization: `TargetToken ${device.securityToken}`, 'content-type': 'application/json' };
      const path = `/DEFAULT/controller/v1/${device.controllerId}`;
      for (let round = 0; !stop; round++) {
        expect(round, 'the backup finishes while devices keep working').toBeLessThan(5_000);
        const poll = await call<{ _links?: Record<string, { href: string }> }>(original, 'GET', path, undefined, headers);
        const actionId = /deploymentBase\/(\d+)/.exec(poll._links?.['deploymentBase']?.href ?? '')?.[1];
        if (actionId === undefined) {
          await call(original, 'PUT', `${path}/configData`, { mode: 'merge', data: { round: String(round) } }, headers);
        } else {
          const status = { execution: 'proceeding', result: { finished: 'none' }, details: [`round ${round}`] };
          await call(original, 'POST', `${path}/deploymentBase/${actionId}/feedback`, { status }, headers);
        }
        if (++writes === DEVICES * 2) firstWrites();
      }
    };
    const load = Promise.all(devices.map(deviceLoop));
    // the devices are under way before the backup starts (or one failed)
    await Promise.race([started, load]);

    const out = join(dir, 'backup');
    const writesBefore = writes;
    const backup = await cli('backup', '--config', configs.original, out);
    const writesDuring = writes - writesBefore;
    stop = true;
    await load;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^backup written to .+ 1 artifact blobs\n$/);
    expect(writesDuring, 'devices wrote while the backup ran').toBeGreaterThan(0);

    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { database: { file: string }; migrations: string[] };
    expect(manifest.migrations.length).toBeGreaterThan(10);
    if (kind === 'sqlite') {
      const copy = new Database(join(out, manifest.database.file), { readonly: true, fileMustExist: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();
    }
    expect(readFileSync(join(out, 'artifacts', 'blobs', sha256(firmware).slice(0, 2), sha256(firmware)))).toEqual(firmware);
    expectRefusal(await cli('backup', '--config', configs.original, out), /backup folder '.+' is not empty/);

    const restore = await cli('restore', '--config', configs.restored, out);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^restored the backup of .+ and 1 artifact blobs/);
    restored = await startCliServer(configs.restored);

    for (const path of READS) expect(await read(restored, path), path).toEqual(await read(original, path));
    // the snapshot was taken while progress came in: each action has a prefix of the original's status entries
    for (const device of installing) {
      const [action] = (await call<{ content: { id: number }[] }>(original, 'GET', `/rest/v1/targets/${device.controllerId}/actions`)).content;
      const statusPath = `/rest/v1/targets/${device.controllerId}/actions/${action?.id}/status?sort=id:ASC&limit=500`;
      const [before, after] = [await call<{ total: number }>(restored, 'GET', statusPath), await call<{ total: number }>(original, 'GET', statusPath)];
      expect(before.total).toBeGreaterThan(1);
      expect(before.total).toBeLessThanOrEqual(after.total);
    }
    const download = await fetch(`${restored.base}/DEFAULT/controller/v1/device-0/softwaremodules/${module?.id}/artifacts/firmware.swu`, {
      headers: { authorization: 'TargetToken token-backup-0' },
    });
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(firmware));

    // the restored database holds data now: a second restore refuses and changes nothing
    expectRefusal(await cli('restore', '--config', configs.restored, out), /database_url already holds data: .+--force/);
    if (kind === 'sqlite') {
      expectRefusal(await cli('restore', '--config', configs.restored, '--force', out), /is open in another process, a running server: stop it/);
    }
    expect(await read(restored, READS[0] as string)).toEqual(await read(original, READS[0] as string));

    // --force replaces it once the server is stopped, here by the backup of an original without devices
    const cleared = await call<{ content: { controllerId: string }[] }>(original, 'GET', '/rest/v1/targets?limit=100');
    for (const target of cleared.content) await call(original, 'DELETE', `/rest/v1/targets/${target.controllerId}`);
    const later = join(dir, 'later');
    expect((await cli('backup', '--config', configs.original, later)).code).toBe(0);
    restored.child.kill('SIGTERM');
    await restored.exited;
    const forced = await cli('restore', '--config', configs.restored, '--force', later);
    expect(forced.code, forced.stderr).toBe(0);
    restored = await startCliServer(configs.restored);
    for (const path of READS) expect(await read(restored, path), path).toEqual(await read(original, path));
    expect((await call<{ total: number }>(restored, 'GET', '/rest/v1/targets')).total).toBe(0);
  });

  it('refuses what is no backup, and a backup of a newer schema, with one line', { timeout: 120_000 }, async () => {
    const empty = await scratchDatabase(kind, dir, 'empty');
    databases.push(empty);
    mkdirSync(join(dir, 'empty'), { recursive: true });
    const config = writeServerConfig(join(dir, 'empty'), 'server', empty.url);
    expectRefusal(await cli('restore', '--config', config, join(dir, 'nowhere')), /is not a Falconet backup: cannot read manifest\.json \(ENOENT\)/);
    const garbage = join(dir, 'garbage');
    mkdirSync(garbage);
    writeFileSync(join(garbage, 'manifest.json'), 'PK\u0003\u0004 not a manifest');
    expectRefusal(await cli('restore', '--config', config, garbage), /is not a Falconet backup: manifest\.json is not JSON/);
    writeFileSync(join(garbage, 'manifest.json'), JSON.stringify({ format: 'falconet-backup', formatVersion: 1 }));
    expectRefusal(await cli('restore', '--config', config, garbage), /lacks the database, migrations or artifacts/);

    const newer = join(dir, 'newer');
    const made = await cli('backup', '--config', configs.original, newer);
    expect(made.code, made.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(newer, 'manifest.json'), 'utf8')) as { migrations: string[] };
    manifest.migrations.push('999-from-the-future');
    writeFileSync(join(newer, 'manifest.json'), JSON.stringify(manifest));
    expectRefusal(await cli('restore', '--config', config, newer), /schema is newer than this build \(migration 999-from-the-future/);
    // nothing was restored: the refusals left the database empty
    const restore = await cli('restore', '--config', config, join(dir, 'backup'));
    expect(restore.code, restore.stderr).toBe(0);

    // an older build refuses, with one line, to start on a database a newer one has migrated
    const db = openDatabase(empty.url);
    try {
      await db('knex_migrations').insert({ name: '999-from-the-future', batch: 99, migration_time: new Date() });
    } finally {
      await db.destroy();
    }
    expectRefusal(await cli('serve', '--config', config), /schema is newer than this build \(migration 999-from-the-future\): .+docs\/backup\.md/);

    // with an S3 store the backup holds the database only: its artifacts stay in the bucket
    const s3 = `[storage]\nbackend = "s3"\nbucket = "falconet-backup-test"\nendpoint = "http://127.0.0.1:9"\n`;
    const bucketBackup = join(dir, 'bucket');
    const s3Config = writeServerConfig(join(dir, 'original'), 's3', (databases[0] as { url: string }).url, s3);
    const bucketMade = await cli('backup', '--config', s3Config, bucketBackup);
    expect(bucketMade.code, bucketMade.stderr).toBe(0);
    expect(bucketMade.stdout).toMatch(/and no artifacts \(they stay in bucket falconet-backup-test\)\n$/);
    expect(existsSync(join(bucketBackup, 'artifacts'))).toBe(false);
    expectRefusal(
      await cli('restore', '--config', config, bucketBackup),
      /artifacts stay in bucket falconet-backup-test: restore with \[storage\] backend = "s3"/,
    );

    // an artifact file the store lost fails the backup, which leaves no folder behind
    const lost = randomBytes(1000);
    const [module] = await call<{ id: number }[]>(original, 'POST', '/rest/v1/softwaremodules', [{ name: 'lost', version: '1', type: 'os' }]);
    const form = new FormData();
    form.append('file', new Blob([lost]), 'lost.bin');
    const uploaded = await fetch(`${original.base}/rest/v1/softwaremodules/${module?.id}/artifacts`, {
      method: 'POST',
      headers: { authorization: basicAuth() },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    rmSync(join(dir, 'original', 'artifacts', 'blobs', sha256(lost).slice(0, 2), sha256(lost)));
    const failed = join(dir, 'failed');
    expectRefusal(await cli('backup', '--config', configs.original, failed), new RegExp(`artifact ${sha256(lost)} that the database references is missing`));
    expect(existsSync(failed)).toBe(false);
  });
});

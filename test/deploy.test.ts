import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { promisify } from 'node:util';
import { DeleteBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { validate } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig, SETTINGS } from '../src/config.js';
import { cleanEnv, startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { S3RVER_KEY } from './support/s3-server.js';
import { basicAuth, TEST_PASSWORD_HASH } from './support/test-app.js';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const DEPLOY = join(ROOT, 'deploy');
const read = (name: string) => readFileSync(join(DEPLOY, name), 'utf8');
const CONTAINER_CONFIG = join(DEPLOY, 'falconet.toml');
/** The operator account the container configuration leaves to the environment. */
const OPERATOR_ENV = { FALCONET_MGMT__USERNAME: 'admin', FALCONET_MGMT__PASSWORD_HASH: TEST_PASSWORD_HASH };
const defaultOf = (key: string) => SETTINGS.find((setting) => setting.key === key)?.default;
/** `FALCONET_<KEY>` of every setting, as config.ts matches them. */
const SETTING_VARIABLES = new Set(SETTINGS.map((setting) => `FALCONET_${setting.key.split('.').join('__').toUpperCase()}`));

describe('the production guide (docs/production.md)', () => {
  it('names every file of deploy/', () => {
    const guide = readFileSync(join(ROOT, 'docs/production.md'), 'utf8');
    const files = readdirSync(DEPLOY, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const unnamed = files.map((entry) => posix.relative(ROOT, join(entry.parentPath, entry.name))).filter((path) => !guide.includes(`\`${path}\``));
    expect(unnamed).toEqual([]);
  });
});

/** A Dockerfile instruction with its continuation lines joined. */
interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

function dockerInstructions(text: string): Instruction[] {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  return logical.map((line) => {
    const [, keyword = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(line) ?? [];
    return { keyword: keyword.toUpperCase(), args: args.trim() };
  });
}

const DOCKERFILE = read('Dockerfile');
const INSTRUCTIONS = dockerInstructions(DOCKERFILE);
const RUNTIME_STAGE = INSTRUCTIONS.slice(INSTRUCTIONS.map((i) => i.keyword).lastIndexOf('FROM'));
const only = (keyword: string, stage = INSTRUCTIONS) => stage.filter((i) => i.keyword === keyword);
const containerConfig = () => loadConfig(CONTAINER_CONFIG, OPERATOR_ENV);

describe('the container image (deploy/Dockerfile)', () => {
  it('passes the linter of dockerfile-utils without a finding', () => {
    expect(validate(DOCKERFILE).map((d) => `line ${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`)).toEqual([]);
  });

  // hadolint's rules that apply: pinned images, lean apt-get, exec form, not root.
  it('builds on a pinned Debian-based official node image, in two stages', () => {
    const images = only('FROM').map((from) => from.args.split(/\s+/)[0] as string);
    expect(images).toHaveLength(2);
    const [, name, fallback] = /^(\w+)=(\S+)$/.exec(only('ARG')[0]?.args ?? '') ?? [];
    expect(images).toEqual([`\${${name}}`, `\${${name}}`]);
    expect(fallback).toBe('node:20-bookworm-slim');
    expect(only('FROM')[0]?.args).toMatch(/ AS build$/);
  });

  it('installs Debian packages without recommends and drops the package lists in the same layer', () => {
    const installs = only('RUN').filter((i) => i.args.includes('apt-get install'));
    expect(installs.length).toBeGreaterThan(0);
    for (const { args } of installs) {
      expect(args).toMatch(/apt-get install -y --no-install-recommends /);
      expect(args).toContain('rm -rf /var/lib/apt/lists/*');
    }
  });

  it('runs as an unprivileged user, in exec form', () => {
    const user = only('USER', RUNTIME_STAGE).at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
    expect(only('CMD', RUNTIME_STAGE)[0]?.args).toMatch(/^\[.*\]$/);
    expect(only('HEALTHCHECK')[0]?.args).toMatch(/ CMD \[.*\]$/);
  });

  it('ships what npm pack ships: package.json and every entry of its "files"', () => {
    const { files } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    const copied = only('COPY', RUNTIME_STAGE)
      .filter((i) => i.args.startsWith('--from=build '))
      .map((i) => i.args.split(/\s+/)[1]?.replace(/^\/src\//, ''));
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'node_modules', ...files]));
  });

  it('serves its configuration: the port exposed and probed is bind, the volume holds the database and artifacts', () => {
    const { config, warnings } = containerConfig();
    expect(warnings).toEqual([]);
    expect(only('EXPOSE').map((i) => i.args)).toEqual([String(config.bind.port)]);
    const probe = /fetch\('(http:\/\/[^']+)'\)/.exec(only('HEALTHCHECK')[0]?.args ?? '')?.[1] ?? '';
    expect(new URL(probe).pathname).toBe('/health');
    expect(Number(new URL(probe).port)).toBe(config.bind.port);
    const [volume] = JSON.parse(only('VOLUME')[0]?.args ?? '[]') as string[];
    const sqliteFile = config.databaseUrl.replace(/^sqlite:/, '');
    for (const path of [dirname(sqliteFile), config.artifactDir as string]) expect(posix.relative(volume as string, path)).not.toMatch(/^\.\./);
    const configCopy = only('COPY').find((i) => i.args.startsWith('deploy/falconet.toml '));
    const cmd = JSON.parse(only('CMD', RUNTIME_STAGE)[0]?.args ?? '[]') as string[];
    expect(cmd).toEqual(['falconet', 'serve', '--config', configCopy?.args.split(/\s+/)[1]]);
  });

  it('probes with a command that succeeds against a running server and fails without one', async () => {
    const [, , script] = JSON.parse(/CMD (\[.*\])$/.exec(only('HEALTHCHECK')[0]?.args ?? '')?.[1] ?? '[]') as string[];
    const dir = mkdtempSync(join(tmpdir(), 'falconet-healthcheck-'));
    const server = await startCliServer(writeServerConfig(dir, 'probed', 'sqlite::memory:'));
    try {
      const probe = (script as string).replace(/http:\/\/127\.0\.0\.1:\d+/, server.base);
      await expect(run(process.execPath, ['-e', probe])).resolves.toBeDefined();
      server.child.kill('SIGTERM');
      await server.exited;
      await expect(run(process.execPath, ['-e', probe])).rejects.toMatchObject({ code: 1 });
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the operator account to the environment, which must give it', () => {
    expect(() => loadConfig(CONTAINER_CONFIG, {})).toThrow(/missing required configuration key 'mgmt.username'/);
  });
});

/** `${NAME:?message}`, `${NAME:-default}` and `${NAME}` of Compose, with `values` for the variables. */
function interpolate(value: unknown, values: Readonly<Record<string, string>>): string {
  return String(value).replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    const given = values[name];
    if (given !== undefined) return given;
    if (kind === '-') return rest ?? '';
    throw new Error(`compose.yaml needs ${name}${kind === '?' ? `: ${rest}` : ''}`);
  });
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, unknown>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  volumes?: string[];
}

describe('the Compose file (deploy/compose.yaml)', () => {
  const compose = parseYaml(read('compose.yaml')) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
  const secrets = {
    POSTGRES_PASSWORD: 'pg-secret',
    FALCONET_URL: 'https://updates.example.com',
    FALCONET_MGMT__PASSWORD_HASH: TEST_PASSWORD_HASH,
    S3_ACCESS_KEY_ID: 'falconet-key',
    S3_SECRET_ACCESS_KEY: 'falconet-secret',
  };
  const environment = (service: ComposeService) =>
    Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(value, secrets)]));
  const falconetServices = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === 'deploy/Dockerfile');

  it('runs Falconet and its bucket step from deploy/Dockerfile, beside PostgreSQL and a pinned S3 store', () => {
    expect(falconetServices.map(([name]) => name).sort()).toEqual(['bucket', 'falconet']);
    for (const [, service] of falconetServices) expect(join(DEPLOY, service.build?.context ?? '')).toBe(ROOT.replace(/\/$/, ''));
    for (const service of Object.values(compose.services)) expect(service.image).toMatch(/^[\w./-]+:(?!latest$)[\w.-]+$/);
  });

  it('sets only FALCONET_ variables that name a configuration key, and they make a valid configuration', () => {
    for (const [name, service] of falconetServices) {
      const env = environment(service);
      for (const variable of Object.keys(env).filter((key) => key.startsWith('FALCONET_'))) {
        expect(SETTING_VARIABLES, `${name}: ${variable}`).toContain(variable);
      }
      const { config, warnings } = loadConfig(CONTAINER_CONFIG, env);
      expect(warnings).toEqual([]);
      expect(config.storage.backend).toBe('s3');
    }
  });

  it('wires Falconet to the postgres and s3 services with their own credentials', () => {
    const env = environment(compose.services['falconet'] as ComposeService);
    const { config } = loadConfig(CONTAINER_CONFIG, env);
    const database = new URL(config.databaseUrl);
    const postgres = environment(compose.services['postgres'] as ComposeService);
    expect([database.hostname, database.username, database.password, database.pathname]).toEqual([
      'postgres',
      postgres['POSTGRES_USER'],
      postgres['POSTGRES_PASSWORD'],
      `/${postgres['POSTGRES_DB']}`,
    ]);
    const s3 = compose.services['s3'] as ComposeService;
    const s3Env = environment(s3);
    const endpoint = new URL(config.storage.endpoint as string);
    expect(endpoint.hostname).toBe('s3');
    expect(s3.command?.[s3.command.indexOf('--port') + 1]).toBe(`:${endpoint.port}`);
    expect([config.storage.accessKeyId, config.storage.secretAccessKey]).toEqual([s3Env['ROOT_ACCESS_KEY_ID'], s3Env['ROOT_SECRET_ACCESS_KEY']]);
  });

  it('starts Falconet once the database is healthy and the bucket exists; every server has a health check', () => {
    const falconet = compose.services['falconet'] as ComposeService;
    expect(falconet.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, bucket: { condition: 'service_completed_successfully' } });
    expect((compose.services['bucket'] as ComposeService).depends_on).toEqual({ s3: { condition: 'service_healthy' } });
    const bucketCommand = (compose.services['bucket'] as ComposeService).command ?? [];
    expect(existsSync(join(DEPLOY, posix.basename(bucketCommand[1] ?? '')))).toBe(true);
    expect(bucketCommand[2]).toBe((JSON.parse(only('CMD', RUNTIME_STAGE)[0]?.args ?? '[]') as string[]).at(-1));
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.restart === 'unless-stopped') expect(service.healthcheck?.test[0], name).toBe('CMD');
      for (const volume of service.volumes ?? []) expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    }
    expect(falconet.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${containerConfig().config.bind.port}/ready`);
  });
});

describe('the bucket step (deploy/create-bucket.mjs)', () => {
  const bucket = `deploy-${process.pid}`;
  const env = {
    ...OPERATOR_ENV,
    FALCONET_STORAGE__BACKEND: 's3',
    FALCONET_STORAGE__ENDPOINT: inject('s3Endpoint'),
    FALCONET_STORAGE__BUCKET: bucket,
    FALCONET_STORAGE__PATH_STYLE: 'true',
    FALCONET_STORAGE__ACCESS_KEY_ID: S3RVER_KEY,
    FALCONET_STORAGE__SECRET_ACCESS_KEY: S3RVER_KEY,
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: env.FALCONET_STORAGE__ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  const createBucket = () => run(process.execPath, [join(DEPLOY, 'create-bucket.mjs'), CONTAINER_CONFIG], { env: cleanEnv(env) });
  afterAll(() => client.send(new DeleteBucketCommand({ Bucket: bucket })));

  it('creates the configured bucket, then finds it there', async () => {
    expect((await createBucket()).stdout).toBe(`create-bucket: bucket ${bucket} created\n`);
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    expect((await createBucket()).stdout).toBe(`create-bucket: bucket ${bucket} exists\n`);
  });

  it('stops with exit code 2 and the reason on a configuration without a bucket', async () => {
    const failure = run(process.execPath, [join(DEPLOY, 'create-bucket.mjs'), CONTAINER_CONFIG], { env: cleanEnv(OPERATOR_ENV) });
    await expect(failure).rejects.toMatchObject({ code: 2, stderr: 'create-bucket: [storage] backend is not "s3": there is no bucket to create\n' });
  });
});

/** Why a tool's test cannot run here, or undefined; under `requireVariable=1` (CI sets it) a missing tool fails. */
function toolSkipReason(paths: readonly string[], requireVariable: string, hint: string): string | undefined {
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length === 0) return undefined;
  if (process.env[requireVariable] === '1') throw new Error(`${requireVariable}=1 but ${missing.join(', ')} missing: ${hint}`);
  return `${missing.join(', ')} missing; ${hint} to run these tests`;
}

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
describe.skipIf(toolSkipReason([SYSTEMD_ANALYZE], 'FALCONET_REQUIRE_SYSTEMD', 'apt-get install -y systemd'))(
  'the systemd unit (deploy/falconet.service)',
  () => {
    const unit = read('falconet.service');
    let dir: string;
    let copy: string;
    beforeAll(() => {
      // verify wants ExecStart's program to exist: the copy runs this tree's server with this node.
      dir = mkdtempSync(join(tmpdir(), 'falconet-unit-'));
      copy = join(dir, 'falconet.service');
      const execStart = 'ExecStart=/usr/local/bin/falconet ';
      expect(unit).toContain(execStart);
      writeFileSync(copy, unit.replace(execStart, `ExecStart=${process.execPath} ${join(ROOT, 'dist/cli.js')} `));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('passes systemd-analyze verify without a warning', async () => {
      const { stdout, stderr } = await run(SYSTEMD_ANALYZE, ['verify', copy], { cwd: dir });
      expect(stdout + stderr).toBe('');
    });

    it('reaches exposure 1.1 in systemd-analyze security, with writable-executable memory left to V8', async () => {
      const { stdout } = await run(SYSTEMD_ANALYZE, ['security', '--offline=true', '--threshold=11', copy], { cwd: dir });
      expect(stdout).toMatch(/Overall exposure level for falconet\.service: 1\.1 OK/);
      expect(stdout).toMatch(/✗ MemoryDenyWriteExecute=/);
      expect(unit).toMatch(/^ExecStart=\S+ serve --config %d\/falconet\.toml$/m);
      expect(unit).toMatch(/^LoadCredential=falconet\.toml:\/etc\/falconet\/falconet\.toml$/m);
    });
  },
);

const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
const nginxSkip = toolSkipReason([NGINX, OPENSSL], 'FALCONET_REQUIRE_NGINX', 'apt-get install -y nginx openssl');
const SITE = read('nginx/falconet.conf');
const directive = (name: string) => [...SITE.matchAll(new RegExp(`^\\s*${name} ([^;]+);`, 'gm'))].map((m) => m[1]);

describe('the nginx example (deploy/nginx/falconet.conf)', () => {
  it("passes uploads of max_artifact_size and streams both ways, within Falconet's timeouts", () => {
    const limitMiB = Number(/^(\d+)m$/.exec(directive('client_max_body_size')[0] ?? '')?.[1]);
    expect(limitMiB * 2 ** 20).toBeGreaterThanOrEqual(defaultOf('max_artifact_size') as number);
    expect(limitMiB * 2 ** 20).toBeLessThanOrEqual((defaultOf('max_artifact_size') as number) + 2 ** 20);
    expect([directive('proxy_request_buffering'), directive('proxy_buffering')]).toEqual([['off'], ['off']]);
    expect(Number(/^(\d+)s$/.exec(directive('keepalive_timeout')[0] ?? '')?.[1])).toBeLessThan(defaultOf('http.keep_alive_timeout_secs') as number);
  });

  it('sends the client address in the one header it tells Falconet to trust, and no other forwarded header', () => {
    const trusted = /trusted_proxy_header = "([^"]+)"/.exec(SITE)?.[1];
    expect(directive('proxy_set_header')).toEqual(['Connection ""', 'Host $host', `${trusted} $proxy_add_x_forwarded_for`]);
  });
});

/** A free loopback port: one the kernel gave and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function waitForPort(port: number, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

describe.skipIf(nginxSkip)('nginx with the example configuration in front of Falconet', () => {
  const DEVICE = 'dev-proxied';
  const GATEWAY_TOKEN = 'deploy-gateway-token';
  let dir: string;
  let cert: string;
  let config: string;
  let httpsPort: number;
  let httpPort: number;
  let server: CliServer;
  let nginx: ChildProcess;

  /** A request to nginx's TLS port from 127.0.0.2, so that the address Falconet records can only be nginx's forwarded one. */
  const viaNginx = (path: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: 'localhost',
          ca: cert,
          localAddress: '127.0.0.2',
          agent: false,
          path,
          method: options.method ?? 'GET',
          headers: { host: `localhost:${httpsPort}`, ...options.headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
  const operator = { authorization: basicAuth() };
  const json = (body: unknown) => ({ headers: { ...operator, 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) });
  const parsed = <T>(answer: Answer) => JSON.parse(answer.body.toString()) as T;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-nginx-'));
    await run(OPENSSL, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    const extra = `url = "https://localhost:${httpsPort}"\n[ddi]\ngateway_token = "${GATEWAY_TOKEN}"\ntrusted_proxy_header = "X-Forwarded-For"\n`;
    server = await startCliServer(writeServerConfig(dir, 'proxied', 'sqlite::memory:', extra));
    // the example with this machine's ports and certificate; each replaced text must be there once
    const replacements: [string, string][] = [
      ['server 127.0.0.1:8080;', `server ${new URL(server.base).host};`],
      ['listen 80;', `listen 127.0.0.1:${httpPort};`],
      ['listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`],
      ['/etc/ssl/falconet/fullchain.pem', join(dir, 'cert.pem')],
      ['/etc/ssl/falconet/privkey.pem', join(dir, 'key.pem')],
    ];
    let site = SITE;
    for (const [from, to] of replacements) {
      expect(site.split(from), from).toHaveLength(2);
      site = site.replace(from, to);
    }
    writeFileSync(join(dir, 'site.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`).join('\n');
    config = join(dir, 'nginx.conf');
    writeFileSync(
      config,
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;\npid ${join(dir, 'nginx.pid')};\n` +
        `events { worker_connections 64; }\nhttp {\n  access_log ${join(dir, 'access.log')};\n${temp}\n  include ${join(dir, 'site.conf')};\n}\n`,
    );
  }, 60_000);
  afterAll(async () => {
    if (nginx?.exitCode === null) {
      const exited = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGTERM');
      await exited;
    }
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t', async () => {
    const { stderr } = await run(NGINX, ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', config]);
    expect(stderr).toContain('test is successful');
  });

  it('proxies an upload, a device poll and a ranged download, and Falconet records the address nginx saw', async () => {
    nginx = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitForPort(httpsPort, 10_000).catch((error: Error) => {
      throw new Error(`${error.message}; nginx's error log: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    });

    const redirect = await new Promise<string | undefined>((done, fail) =>
      connect(httpPort, '127.0.0.1')
        .on('data', (chunk) => done(/\r\nLocation: (\S+)\r\n/i.exec(chunk.toString())?.[1]))
        .on('error', fail)
        .end(`GET /ui/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    expect(redirect).toBe('https://localhost/ui/');

    const module = await viaNginx('/rest/v1/softwaremodules', { method: 'POST', ...json([{ name: 'proxied-os', version: '1.0', type: 'os' }]) });
    expect(module.status).toBe(201);
    const [{ id: moduleId }] = parsed<[{ id: number }]>(module);
    const form = new FormData();
    form.append('file', new Blob(['firmware through nginx']), 'firmware.bin');
    const multipart = new Request('http://form.invalid', { method: 'POST', body: form });
    const upload = await viaNginx(`/rest/v1/softwaremodules/${moduleId}/artifacts`, {
      method: 'POST',
      headers: { ...operator, 'content-type': multipart.headers.get('content-type') as string },
      body: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(upload.status, upload.body.toString()).toBe(201);
    const set = await viaNginx('/rest/v1/distributionsets', {
      method: 'POST',
      ...json([{ name: 'proxied-set', version: '1.0', type: 'os', modules: [{ id: moduleId }] }]),
    });
    expect(set.status).toBe(201);
    const [{ id: setId }] = parsed<[{ id: number }]>(set);

    // a forged X-Forwarded-For from the client: nginx appends the address it sees, which Falconet takes
    const device = { authorization: `GatewayToken ${GATEWAY_TOKEN}`, 'x-forwarded-for': '198.51.100.7' };
    expect((await viaNginx(`/DEFAULT/controller/v1/${DEVICE}`, { headers: device })).status).toBe(200);
    const assigned = await viaNginx(`/rest/v1/distributionsets/${setId}/assignedTargets`, { method: 'POST', ...json([{ id: DEVICE }]) });
    expect(assigned.status).toBe(200);
    const poll = parsed<{ _links: { deploymentBase: { href: string } } }>(await viaNginx(`/DEFAULT/controller/v1/${DEVICE}`, { headers: device }));
    const deploymentUrl = new URL(poll._links.deploymentBase.href);
    expect(deploymentUrl.origin).toBe(`https://localhost:${httpsPort}`);
    const deployment = parsed<{ deployment: { chunks: { artifacts: { _links: { 'download-http': { href: string } } }[] }[] } }>(
      await viaNginx(deploymentUrl.pathname + deploymentUrl.search, { headers: device }),
    );
    const download = new URL(deployment.deployment.chunks[0]?.artifacts[0]?._links['download-http'].href as string);
    const ranged = await viaNginx(download.pathname, { headers: { ...device, range: 'bytes=9-15' } });
    expect([ranged.status, ranged.headers['content-range'], ranged.body.toString()]).toEqual([206, 'bytes 9-15/22', 'through']);

    const target = parsed<{ ipAddress: string }>(await viaNginx(`/rest/v1/targets/${DEVICE}`, { headers: operator }));
    expect(target.ipAddress).toBe('127.0.0.2');
  }, 30_000);
});

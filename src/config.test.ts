import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigError, configFromValues, loadConfig, type Config } from './config.js';

const HASH = '$argon2id$v=19$m=65536,p=4,t=3$L4e6HWZQczii7CMJ6TMLnA$9dFJwblNXatN0kfsQimPYRS6C1tfwjlxhnL9CIvozLM';

/** The minimal valid configuration, as dotted keys (the form configFromValues takes). */
const VALUES: Readonly<Record<string, unknown>> = {
  bind: '127.0.0.1:8080',
  database_url: 'sqlite:data/x.db',
  artifact_dir: 'data/artifacts',
  'mgmt.username': 'admin',
  'mgmt.password_hash': HASH,
};

/** Typed as Config: the compiler keeps it in step with the interface, toStrictEqual with SETTINGS. */
const DEFAULTS: Config = {
  bind: { host: '127.0.0.1', port: 8080 },
  databaseUrl: 'sqlite:data/x.db',
  database: { readWorkers: 2 },
  artifactDir: 'data/artifacts',
  maxArtifactSize: 1073741824,
  url: undefined,
  allowedHosts: [],
  tenant: 'DEFAULT',
  rolloutEvalIntervalSecs: 5,
  rolloutApprovalEnabled: false,
  autoAssignmentApprovalEnabled: false,
  logLevel: 'info',
  http: { headerTimeoutSecs: 20, idleTimeoutSecs: 60, keepAliveTimeoutSecs: 5 },
  ddi: {
    anonymous: false,
    gatewayToken: undefined,
    pollingInterval: '00:05:00',
    pollingOverrides: [],
    confirmationFlow: false,
    autoConfirmDefault: false,
    trustedProxyHeader: undefined,
  },
  quota: {
    maxArtifactsPerSoftwareModule: 50,
    maxStatusEntriesPerAction: 1000,
    maxMessagesPerActionStatus: 50,
    maxMessagesPerAction: 10000,
    maxAttributeEntriesPerTarget: 100,
    maxMetadataEntriesPerTarget: 100,
    maxMetadataEntriesPerSoftwareModule: 100,
    maxMetadataEntriesPerDistributionSet: 100,
    maxSoftwareModulesPerDistributionSet: 100,
    maxSoftwareModuleTypesPerDistributionSetType: 50,
    maxDistributionSetTypesPerTargetType: 50,
    maxRolloutGroupsPerRollout: 500,
    maxTargetsPerRolloutGroup: 20000,
    maxActionsPerTarget: 2000,
    maxTargetDistributionSetAssignmentsPerManualAssignment: 5000,
    maxTargetsPerAutoAssignment: 20000,
  },
  cleanup: { enabled: false, expiryDays: 30, statuses: ['canceled', 'error'], auditlogRetentionDays: 90, webhookDeliveryRetentionDays: 30 },
  mgmt: { username: 'admin', passwordHash: HASH, maxFailedLogins: 10, failedLoginWindowSecs: 300 },
  storage: {
    backend: 'local',
    endpoint: undefined,
    bucket: undefined,
    region: 'us-east-1',
    prefix: '',
    pathStyle: false,
    accessKeyId: undefined,
    secretAccessKey: undefined,
    downloadRedirect: false,
    presignExpirySecs: 300,
    presignEndpoint: undefined,
  },
  webhooks: {
    dispatchIntervalMs: 1000,
    maxAttempts: 10,
    backoffInitialMs: 5000,
    backoffMaxMs: 3_600_000,
    requestTimeoutMs: 10_000,
    allowPrivateDestinations: false,
    allowedPrivateNetworks: [],
  },
  metrics: { enabled: true, token: undefined },
};

/** Renders dotted keys as TOML (`a.b` goes into table `[a]`); values are written as JSON, which TOML reads alike. */
function toml(overrides: Readonly<Record<string, unknown>> = {}): string {
  const tables = new Map<string, string[]>([['', []]]);
  for (const [key, value] of Object.entries({ ...VALUES, ...overrides })) {
    if (value === undefined) continue;
    const dot = key.indexOf('.');
    const table = dot < 0 ? '' : key.slice(0, dot);
    const lines = tables.get(table) ?? [];
    tables.set(table, [...lines, `${key.slice(dot + 1)} = ${JSON.stringify(value)}`]);
  }
  return [...tables].map(([table, lines]) => (table ? [`[${table}]`, ...lines] : lines).join('\n')).join('\n');
}

/** Runs fn, asserts it throws a ConfigError and returns the message. */
function configError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).name).toBe('ConfigError');
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError, nothing was thrown');
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'falconet-config-'));
  file = join(dir, 'falconet.toml');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function load(overrides: Readonly<Record<string, unknown>> = {}, env: NodeJS.ProcessEnv = {}) {
  writeFileSync(file, toml(overrides));
  return loadConfig(file, env);
}

describe('loadConfig', () => {
  it('fills every default from a minimal file', () => {
    expect(load()).toStrictEqual({ config: DEFAULTS, warnings: [] });
  });

  it('returns a deeply frozen config', () => {
    const { config } = load();
    const { bind, ddi, quota, cleanup, mgmt } = config;
    for (const node of [config, bind, ddi, quota, cleanup, cleanup.statuses, mgmt]) {
      expect(Object.isFrozen(node)).toBe(true);
    }
    expect(() => ((config as { tenant: string }).tenant = 'X')).toThrow(TypeError);
    expect(() => ((config.ddi as { anonymous: boolean }).anonymous = true)).toThrow(TypeError);
    expect(() => ((config.bind as { port: number }).port = 1)).toThrow(TypeError);
    expect(() => (config.cleanup.statuses as string[]).push('finished')).toThrow(TypeError);
  });

  it('reads tables and values written in the file', () => {
    const { config } = load({ tenant: 'acme', 'ddi.gateway_token': 'tok', 'cleanup.statuses': ['finished'] });
    expect(config).toStrictEqual({
      ...DEFAULTS,
      tenant: 'acme',
      ddi: { ...DEFAULTS.ddi, gatewayToken: 'tok' },
      cleanup: { ...DEFAULTS.cleanup, statuses: ['finished'] },
    });
  });

  describe('environment overrides', () => {
    it('applies FALCONET_<KEY> and nested FALCONET_<TABLE>__<KEY>', () => {
      const env = { FALCONET_BIND: '0.0.0.0:9000', FALCONET_DDI__GATEWAY_TOKEN: 'env-token' };
      const { config, warnings } = load({}, env);
      expect(config).toStrictEqual({
        ...DEFAULTS,
        bind: { host: '0.0.0.0', port: 9000 },
        ddi: { ...DEFAULTS.ddi, gatewayToken: 'env-token' },
      });
      expect(warnings).toEqual([]);
    });

    it('matches variable names case-insensitively', () => {
      const { config } = load({}, { falconet_ddi__gateway_token: 'lower', Falconet_Tenant: 'Mixed' });
      expect(config.ddi.gatewayToken).toBe('lower');
      expect(config.tenant).toBe('Mixed');
    });

    it('wins over the file', () => {
      const { config } = load(
        { tenant: 'FROM_FILE', 'ddi.gateway_token': 'file', 'cleanup.enabled': true },
        { FALCONET_TENANT: 'FROM_ENV', FALCONET_DDI__GATEWAY_TOKEN: 'env', FALCONET_CLEANUP__ENABLED: 'false' },
      );
      expect([config.tenant, config.ddi.gatewayToken, config.cleanup.enabled]).toEqual(['FROM_ENV', 'env', false]);
    });

    it('supplies a required key the file lacks', () => {
      const { config } = load({ bind: undefined }, { FALCONET_BIND: '[::1]:8080' });
      expect(config.bind).toEqual({ host: '::1', port: 8080 });
    });

    it('coerces strings to booleans, integers and lists', () => {
      const { config } = load(
        {},
        {
          FALCONET_DDI__ANONYMOUS: 'true',
          FALCONET_ROLLOUT_APPROVAL_ENABLED: 'TRUE',
          FALCONET_DDI__CONFIRMATION_FLOW: 'FALSE',
          FALCONET_ROLLOUT_EVAL_INTERVAL_SECS: '42',
          FALCONET_QUOTA__MAX_ACTIONS_PER_TARGET: '0',
          FALCONET_DATABASE__READ_WORKERS: '0',
          FALCONET_CLEANUP__STATUSES: 'canceled,finished',
          FALCONET_WEBHOOKS__ALLOWED_PRIVATE_NETWORKS: '10.20.0.0/16, fd00::/8',
        },
      );
      expect(config.ddi.anonymous).toBe(true);
      expect(config.rolloutApprovalEnabled).toBe(true);
      expect(config.ddi.confirmationFlow).toBe(false);
      expect(config.rolloutEvalIntervalSecs).toBe(42);
      expect(config.quota.maxActionsPerTarget).toBe(0);
      expect(config.database.readWorkers).toBe(0);
      expect(config.cleanup.statuses).toEqual(['canceled', 'finished']);
      expect(config.webhooks.allowedPrivateNetworks).toEqual(['10.20.0.0/16', 'fd00::/8']);
    });

    it.each([
      ['FALCONET_DDI__ANONYMOUS', 'yes', 'ddi.anonymous'],
      ['FALCONET_MAX_ARTIFACT_SIZE', '1.5', 'max_artifact_size'],
      ['FALCONET_QUOTA__MAX_ACTIONS_PER_TARGET', '-1', 'quota.max_actions_per_target'],
      ['FALCONET_DATABASE__READ_WORKERS', '-1', 'database.read_workers'],
      ['FALCONET_CLEANUP__STATUSES', 'canceled,deleted', 'cleanup.statuses'],
      ['FALCONET_CLEANUP__AUDITLOG_RETENTION_DAYS', '-1', 'cleanup.auditlog_retention_days'],
      ['FALCONET_CLEANUP__WEBHOOK_DELIVERY_RETENTION_DAYS', '1.5', 'cleanup.webhook_delivery_retention_days'],
      ['FALCONET_WEBHOOKS__ALLOWED_PRIVATE_NETWORKS', '10.0.0.0', 'webhooks.allowed_private_networks'],
      ['FALCONET_WEBHOOKS__ALLOWED_PRIVATE_NETWORKS', '10.0.0.0/33', 'webhooks.allowed_private_networks'],
      ['FALCONET_BIND', '8080', 'bind'],
      ['falconet_log_level', 'verbose', 'log_level'],
    ])('rejects %s=%s naming the key and the variable', (name, value, key) => {
      const message = configError(() => load({}, { [name]: value }));
      expect(message).toContain(`'${key}'`);
      expect(message).toContain(name);
    });

    it('only warns about an unknown FALCONET_ variable', () => {
      const { config, warnings } = load({}, { FALCONET_FOO: '1', FALCONET_DDI_GATEWAY_TOKEN: 'one underscore' });
      expect(config).toStrictEqual(DEFAULTS);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain('FALCONET_FOO');
      expect(warnings[1]).toContain('FALCONET_DDI_GATEWAY_TOKEN');
    });

    it('ignores variables without the FALCONET_ prefix and unset ones', () => {
      const unrelated = { PATH: '/usr/bin', BIND: '8080', TENANT: 'bad tenant', FALCONET: 'x' };
      const lookalikes = { FALCONETX_TENANT: 'x', MY_FALCONET_TENANT: 'x', FALCONET_TENANT: undefined };
      expect(load({}, { ...unrelated, ...lookalikes })).toStrictEqual({ config: DEFAULTS, warnings: [] });
    });
  });

  describe('errors', () => {
    it.each([
      ['no bind', { bind: undefined }, ["missing required configuration key 'bind'"]],
      ['no [mgmt] password_hash', { 'mgmt.password_hash': undefined }, ['missing required', "'mgmt.password_hash'"]],
      [
        'no [mgmt]',
        { 'mgmt.username': undefined, 'mgmt.password_hash': undefined },
        ["missing required configuration key 'mgmt.username'", "key 'mgmt.password_hash'"],
      ],
      ['an unknown top-level key', { colour: 'red' }, ["unknown configuration key 'colour'"]],
      ['a misspelled nested key', { 'ddi.gateway_tokn': 'x' }, ["unknown configuration key 'ddi.gateway_tokn'"]],
      ['an unknown table', { 'tracing.port': 9100 }, ["unknown configuration key 'tracing'"]],
      ['an unknown key of [metrics]', { 'metrics.port': 9100 }, ["unknown configuration key 'metrics.port'"]],
      ['a scalar for a table', { ddi: 5 }, ["configuration key 'ddi'", 'must be a table [ddi]']],
      ['a list for a table', { quota: [1] }, ["configuration key 'quota'", 'must be a table [quota]']],
      ['a string for an integer', { max_artifact_size: '1024' }, ["'max_artifact_size'", 'must be an integer']],
      ['an integer for a boolean', { 'ddi.anonymous': 1 }, ["'ddi.anonymous'", 'must be true or false']],
      ['a string for a boolean', { 'cleanup.enabled': 'true' }, ["'cleanup.enabled'", 'must be true or false']],
      ['an integer for a string', { artifact_dir: 42 }, ["'artifact_dir'", 'must be a string']],
      ['a string for a list', { 'cleanup.statuses': 'canceled' }, ["'cleanup.statuses'", 'must be a list']],
    ])('rejects %s', (_name, overrides: Record<string, unknown>, fragments) => {
      const message = configError(() => load(overrides));
      for (const fragment of fragments) expect(message).toContain(fragment);
    });

    it('names the file for problems found in it', () => {
      expect(configError(() => load({ colour: 'red' }))).toContain(file);
      expect(configError(() => load({ max_artifact_size: 'big' }))).toContain(`(from ${file})`);
    });

    it('lists several problems at once, one per line', () => {
      const message = configError(() => load({ bind: undefined, colour: 'red', ddi: 5, max_artifact_size: 'big', 'cleanup.expiry_days': 0 }));
      const lines = message.split('\n');
      expect(lines).toHaveLength(5);
      for (const key of ['bind', 'colour', 'ddi', 'max_artifact_size', 'cleanup.expiry_days']) {
        expect(lines.some((line) => line.includes(`'${key}'`))).toBe(true);
      }
    });

    it('names a missing file', () => {
      const missing = join(dir, 'nope.toml');
      expect(configError(() => loadConfig(missing, {}))).toContain(missing);
    });

    it('names a file that cannot be read', () => {
      expect(configError(() => loadConfig(dir, {}))).toContain(dir);
    });

    it('names a file that is not valid TOML', () => {
      writeFileSync(file, 'bind = "127.0.0.1:8080\n[mgmt\n');
      const message = configError(() => loadConfig(file, {}));
      expect(message).toContain(file);
      expect(message).toContain('not valid TOML');
    });
  });
});

describe('configFromValues', () => {
  it('gives the same defaults as a minimal file', () => {
    expect(configFromValues(VALUES)).toStrictEqual(DEFAULTS);
  });

  it.each([
    ['an unknown key', { colour: 'red' }, 'colour'],
    ['a nested table instead of dotted keys', { ddi: { anonymous: true } }, 'ddi'],
    ['a misspelled dotted key', { 'ddi.gateway_tokn': 'x' }, 'ddi.gateway_tokn'],
  ])('rejects %s', (_name, extra: Record<string, unknown>, key) => {
    const message = configError(() => configFromValues({ ...VALUES, ...extra }));
    expect(message).toContain(`unknown configuration key '${key}'`);
  });

  it.each<[string, unknown, (config: Config) => unknown, unknown]>([
    ['bind', '0.0.0.0:80', (c) => c.bind, { host: '0.0.0.0', port: 80 }],
    ['bind', '[::1]:8080', (c) => c.bind, { host: '::1', port: 8080 }],
    ['bind', 'localhost:0', (c) => c.bind, { host: 'localhost', port: 0 }],
    ['bind', 'example.org:65535', (c) => c.bind, { host: 'example.org', port: 65535 }],
    ['database_url', 'sqlite:data/x.db', (c) => c.databaseUrl, 'sqlite:data/x.db'],
    ['database_url', 'sqlite::memory:', (c) => c.databaseUrl, 'sqlite::memory:'],
    ['database_url', 'postgresql://u@h/db', (c) => c.databaseUrl, 'postgresql://u@h/db'],
    ['database_url', 'postgres://u:p@h:5432/db', (c) => c.databaseUrl, 'postgres://u:p@h:5432/db'],
    ['url', 'https://ota.example.com/', (c) => c.url, 'https://ota.example.com'],
    ['url', 'http://example.com/falconet/', (c) => c.url, 'http://example.com/falconet'],
    ['url', 'https://example.com:8443', (c) => c.url, 'https://example.com:8443'],
    ['tenant', 'my-tenant_1.x', (c) => c.tenant, 'my-tenant_1.x'],
    ['log_level', 'debug', (c) => c.logLevel, 'debug'],
    ['max_artifact_size', 1, (c) => c.maxArtifactSize, 1],
    ['ddi.polling_interval', '23:59:59', (c) => c.ddi.pollingInterval, '23:59:59'],
    ['ddi.polling_interval', '00:00:01', (c) => c.ddi.pollingInterval, '00:00:01'],
    ['ddi.polling_interval', '01:00:00~10%', (c) => c.ddi.pollingInterval, '01:00:00~10%'],
    [
      'ddi.polling_overrides',
      [
        { query: 'group==eu', interval: '00:02:00~15%' },
        { query: 'attribute.hw==rev2;tag=in=(slow,lab)', interval: '00:30:00' },
      ],
      (c) => c.ddi.pollingOverrides,
      [
        { query: 'group==eu', interval: '00:02:00~15%' },
        { query: 'attribute.hw==rev2;tag=in=(slow,lab)', interval: '00:30:00' },
      ],
    ],
    ['ddi.trusted_proxy_header', 'X-Forwarded-For', (c) => c.ddi.trustedProxyHeader, 'x-forwarded-for'],
    ['quota.max_actions_per_target', 0, (c) => c.quota.maxActionsPerTarget, 0],
    ['quota.max_targets_per_auto_assignment', 7, (c) => c.quota.maxTargetsPerAutoAssignment, 7],
    ['cleanup.statuses', ['finished', 'downloaded'], (c) => c.cleanup.statuses, ['finished', 'downloaded']],
    ['cleanup.statuses', [], (c) => c.cleanup.statuses, []],
    ['mgmt.password_hash', HASH, (c) => c.mgmt.passwordHash, HASH],
    ['allowed_hosts', ['ota.example.com', '[::1]:8080'], (c) => c.allowedHosts, ['ota.example.com', '[::1]:8080']],
    ['metrics.enabled', false, (c) => c.metrics.enabled, false],
    ['metrics.token', 'scrape-0123456789abcdef', (c) => c.metrics.token, 'scrape-0123456789abcdef'],
  ])('accepts %s = %j', (key, raw, pick, expected) => {
    expect(pick(configFromValues({ ...VALUES, [key]: raw }))).toEqual(expected);
  });

  const REJECTED: Readonly<Record<string, readonly unknown[]>> = {
    bind: ['8080', 'localhost', 'host:99999', '[::1]', '::1:8080', 'host:'],
    database_url: ['mysql://x', 'sqlite:', 'postgres://'],
    url: ['ota.example.com', '/relative', 'ftp://example.com', 'https://example.com/?a=1', 'https://example.com/#top'],
    allowed_hosts: ['ota.example.com', ['"ota.example.com"'], ['ota.example.com:99999'], ['https://ota.example.com'], [1]],
    tenant: ['has space', ''],
    log_level: ['INFO'],
    max_artifact_size: [0, 1.5],
    rollout_eval_interval_secs: [0],
    'cleanup.expiry_days': [-3],
    'cleanup.statuses': [['deleted']],
    'ddi.polling_interval': ['24:00:00', '00:00:00', '5:00', '00:60:00', '00:05:00~100%', '00:05:00~', 'PT5M'],
    'ddi.polling_overrides': [
      'group==eu -> 00:02:00',
      [{ query: 'group==eu' }],
      [{ interval: '00:02:00' }],
      [{ query: 'group==eu', interval: '2 minutes' }],
      [{ query: 'group==eu', interval: '00:02:00', weight: 1 }],
      [{ query: '  ', interval: '00:02:00' }],
      ['group==eu'],
    ],
    'ddi.trusted_proxy_header': ['X Forwarded', ''],
    'ddi.gateway_token': ['   '],
    'quota.max_actions_per_target': [-1],
    'metrics.enabled': ['yes', 1],
    'metrics.token': ['short', 'has a space in it, sixteen+', 42],
    'mgmt.username': [''],
    'mgmt.password_hash': ['$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy', '$argon2i$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g', 'admin'],
  };
  it('names the entry and the problem of a bad override', () => {
    const overrides = [
      { query: 'name==a*', interval: '00:10:00' },
      { query: 'name==b*', interval: '00:10:00~100%' },
    ];
    const message = configError(() => configFromValues({ ...VALUES, 'ddi.polling_overrides': overrides }));
    expect(message).toContain("configuration key 'ddi.polling_overrides'");
    expect(message).toContain('entry 2: interval must be a duration HH:mm:ss');
  });

  it.each(Object.entries(REJECTED).flatMap(([key, raws]) => raws.map((raw) => [key, raw] as const)))('rejects %s = %j', (key, raw) => {
    expect(configError(() => configFromValues({ ...VALUES, [key]: raw }))).toContain(`configuration key '${key}'`);
  });

  // BUG in config.ts: baseUrl means to refuse a query or fragment (see its message), but a bare `?` or `#` slips
  // through because URL.search/hash are '' then, leaving a base URL that breaks every link built from it.
  it.each(['https://ota.example.com/?', 'https://ota.example.com/#'])('rejects url = %j (bare ? or #)', (url) => {
    expect(configError(() => configFromValues({ ...VALUES, url }))).toContain("'url'");
  });
});

describe('[storage]', () => {
  const S3 = { 'storage.backend': 's3', 'storage.bucket': 'firmware' };

  it('takes the bucket backend without artifact_dir, and normalises the key prefix', () => {
    const withoutDir = Object.fromEntries(Object.entries(VALUES).filter(([key]) => key !== 'artifact_dir'));
    const config = configFromValues({ ...withoutDir, ...S3, 'storage.prefix': '/ota/falconet/', 'storage.endpoint': 'http://minio:9000/' });
    expect(config.artifactDir).toBeUndefined();
    expect(config.storage).toMatchObject({ backend: 's3', bucket: 'firmware', prefix: 'ota/falconet/', endpoint: 'http://minio:9000' });
  });

  it.each([
    ['artifact_dir for the local backend', { artifact_dir: undefined }, "missing required configuration key 'artifact_dir'"],
    ['a bucket for s3', { 'storage.backend': 's3' }, "'storage.bucket' is required"],
    ['the bucket backend for redirects', { 'storage.download_redirect': true }, "'storage.download_redirect' needs"],
    ['both halves of an access key', { ...S3, 'storage.access_key_id': 'AKIA' }, "'storage.access_key_id' and 'storage.secret_access_key' go together"],
    [
      'a backoff ceiling below its start',
      { 'webhooks.backoff_initial_ms': 2000, 'webhooks.backoff_max_ms': 1000 },
      "'webhooks.backoff_max_ms' must be at least",
    ],
    ['at most 5 GiB per artifact with s3', { ...S3, max_artifact_size: 5 * 1024 ** 3 + 1 }, "'max_artifact_size' must be at most"],
    ['a presigned URL of at most a week', { ...S3, 'storage.presign_expiry_secs': 604_801 }, 'must be at most 604800'],
    ['a bucket name S3 accepts', { ...S3, 'storage.bucket': 'Firmware_Bucket' }, 'must be an S3 bucket name'],
    ['safe key characters in the prefix', { 'storage.prefix': 'a b' }, "'storage.prefix'"],
    ['an endpoint without a path', { 'storage.endpoint': 'http://minio:9000/bucket' }, 'without a path'],
  ])('requires %s', (_name, overrides: Record<string, unknown>, fragment) => {
    const values = Object.fromEntries(Object.entries({ ...VALUES, ...overrides }).filter(([, value]) => value !== undefined));
    expect(configError(() => configFromValues(values))).toContain(fragment);
  });
});

import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { parse as parseToml } from 'smol-toml';
import { normalisedHost } from './http/host-name.js';
import { parsePollingInterval } from './polling-interval.js';

/** A configuration problem: the process prints it and exits with code 2 before opening anything. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Parser = (raw: unknown, fromEnv: boolean) => unknown;

interface Setting {
  /** dotted key as written in TOML: `ddi.gateway_token` is `gateway_token` in table `[ddi]` */
  key: string;
  parse: Parser;
  /** undefined and not required: the key stays unset */
  default?: unknown;
  required?: true;
  doc: string;
}

const GiB = 1024 ** 3;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const CLEANUP_STATUSES = ['canceled', 'error', 'finished', 'downloaded'] as const;

const STORAGE_BACKENDS = ['local', 's3'] as const;
/** S3's CopyObject copies at most this much in one request, and the S3 backend commits by copying (decision 120). */
const S3_COPY_LIMIT = 5 * GiB;
/** The longest a SigV4 presigned URL may be valid, seconds. */
const PRESIGN_LIMIT_SECS = 7 * 24 * 60 * 60;

/** Where artifact bytes live (decisions 120 and 121); the cross-key rules are in {@link storageProblems}. */
const STORAGE_SETTINGS: readonly Setting[] = [
  { key: 'storage.backend', parse: oneOf(STORAGE_BACKENDS), default: 'local', doc: 'local (artifact_dir) or s3 (a bucket)' },
  { key: 'storage.endpoint', parse: httpUrl, doc: 'S3 endpoint URL; unset: AWS S3 of the region' },
  { key: 'storage.bucket', parse: bucketName, doc: 'bucket; required with backend s3' },
  { key: 'storage.region', parse: text, default: 'us-east-1', doc: 'S3 region (signing)' },
  { key: 'storage.prefix', parse: keyPrefix, default: '', doc: 'key prefix inside the bucket' },
  { key: 'storage.path_style', parse: boolean, default: false, doc: 'path-style URLs (endpoint/bucket/key)' },
  { key: 'storage.access_key_id', parse: text, doc: 'unset: the AWS SDK credential chain (AWS_* variables, profiles, roles)' },
  { key: 'storage.secret_access_key', parse: text, doc: 'with access_key_id' },
  { key: 'storage.download_redirect', parse: boolean, default: false, doc: 'DDI downloads answer 307 to a presigned URL' },
  { key: 'storage.presign_expiry_secs', parse: integer(1, PRESIGN_LIMIT_SECS), default: 300, doc: 'lifetime of a presigned URL, seconds' },
  { key: 'storage.presign_endpoint', parse: httpUrl, doc: 'endpoint devices reach, in presigned URLs; unset: endpoint' },
];

/** The webhook dispatcher (decisions 151 and 152); the cross-key rule is in {@link webhookProblems}. */
const WEBHOOK_SETTINGS: readonly Setting[] = [
  { key: 'webhooks.dispatch_interval_ms', parse: integer(10), default: 1000, doc: 'pause between dispatcher runs, milliseconds' },
  { key: 'webhooks.max_attempts', parse: integer(1, 100), default: 10, doc: 'attempts of a delivery before it is dead-lettered' },
  { key: 'webhooks.backoff_initial_ms', parse: integer(1), default: 5000, doc: 'wait after the first failed attempt, milliseconds; doubles with each failure' },
  { key: 'webhooks.backoff_max_ms', parse: integer(1), default: 3_600_000, doc: 'longest wait between attempts, milliseconds' },
  { key: 'webhooks.request_timeout_ms', parse: integer(100, 300_000), default: 10_000, doc: 'a receiver answering later fails the attempt, milliseconds' },
  // where a webhook may point (decision 273)
  {
    key: 'webhooks.allow_private_destinations',
    parse: boolean,
    default: false,
    doc: 'webhooks may point at loopback, link-local, private, unique-local and unspecified addresses',
  },
  {
    key: 'webhooks.allowed_private_networks',
    parse: networks,
    default: [],
    doc: 'networks (CIDR, e.g. 10.20.0.0/16) whose private addresses webhooks may point at',
  },
];

/**
 * What one device may store (decision 196): hawkBit's quotas plus a cap on an action's messages, which
 * hawkBit leaves to its column sizes. The fixed lengths (512 characters a message, 128 an attribute key or
 * value) are hawkBit's columns and live beside the rules that apply them.
 */
const DEVICE_WRITE_QUOTAS: readonly Setting[] = [
  ...quota('max_status_entries_per_action', 1000),
  ...quota('max_messages_per_action_status', 50),
  ...quota('max_messages_per_action', 10_000, 'messages of all status entries of one action; 0 disables it'),
  ...quota('max_attribute_entries_per_target', 100),
];

/** Every setting of the product, with its default and unit. README's configuration table mirrors it. */
export const SETTINGS: readonly Setting[] = [
  { key: 'bind', parse: bindAddress, required: true, doc: 'listen address, host:port ([::1]:8080 for IPv6)' },
  { key: 'database_url', parse: databaseUrl, required: true, doc: 'sqlite:<path>, sqlite::memory: or postgres://…' },
  {
    key: 'database.read_workers',
    parse: integer(0),
    default: 2,
    doc: 'SQLite file: worker threads that run reads outside transactions off the event loop; 0: none (decision 253)',
  },
  { key: 'artifact_dir', parse: text, doc: 'directory for artifact blobs; required with [storage] backend local' },
  { key: 'max_artifact_size', parse: integer(1), default: GiB, doc: 'largest artifact upload, bytes' },
  { key: 'url', parse: baseUrl, doc: 'external base URL used in links; unset: the Host header' },
  {
    key: 'allowed_hosts',
    parse: hostList,
    default: [],
    doc: "host[:port] names the console and browsers may use besides url's host (decision 197)",
  },
  { key: 'tenant', parse: tenant, default: 'DEFAULT', doc: 'tenant segment accepted in DDI paths' },
  { key: 'rollout_eval_interval_secs', parse: integer(1), default: 5, doc: 'rollout evaluator and auto-assignment sweep period, seconds' },
  { key: 'rollout_approval_enabled', parse: boolean, default: false, doc: 'new rollouts wait for approval' },
  { key: 'auto_assignment_approval_enabled', parse: boolean, default: false, doc: 'new auto-assignments wait for approval' },
  { key: 'log_level', parse: oneOf(LOG_LEVELS), default: 'info', doc: LOG_LEVELS.join(', ') },
  { key: 'http.header_timeout_secs', parse: integer(1), default: 20, doc: 'time a client has for its request line and headers, seconds' },
  { key: 'http.idle_timeout_secs', parse: integer(1), default: 60, doc: 'a connection idle either way is closed, seconds (not while its answer is worked on)' },
  { key: 'http.keep_alive_timeout_secs', parse: integer(1), default: 5, doc: 'an idle keep-alive connection is closed, seconds' },
  { key: 'ddi.anonymous', parse: boolean, default: false, doc: 'devices need no credential (development only)' },
  { key: 'ddi.gateway_token', parse: text, doc: 'shared device token; enables auto-registration' },
  { key: 'ddi.polling_interval', parse: pollingInterval, default: '00:05:00', doc: 'polling interval advertised, HH:mm:ss, optionally ~NN% random deviation' },
  {
    key: 'ddi.polling_overrides',
    parse: pollingOverrides,
    default: [],
    doc: 'per-target intervals: [[ddi.polling_overrides]] tables of query (FIQL) and interval, the first match winning',
  },
  { key: 'ddi.confirmation_flow', parse: boolean, default: false, doc: 'devices confirm before installing' },
  { key: 'ddi.auto_confirm_default', parse: boolean, default: false, doc: 'new targets start auto-confirming' },
  { key: 'ddi.trusted_proxy_header', parse: headerName, doc: 'header carrying the real device address' },
  ...quota('max_artifacts_per_software_module', 50),
  ...DEVICE_WRITE_QUOTAS,
  ...quota('max_metadata_entries_per_target', 100),
  ...quota('max_metadata_entries_per_software_module', 100),
  ...quota('max_metadata_entries_per_distribution_set', 100),
  ...quota('max_software_modules_per_distribution_set', 100),
  ...quota('max_software_module_types_per_distribution_set_type', 50),
  ...quota('max_distribution_set_types_per_target_type', 50),
  ...quota('max_rollout_groups_per_rollout', 500),
  ...quota('max_targets_per_rollout_group', 20000),
  ...quota('max_actions_per_target', 2000),
  ...quota('max_target_distribution_set_assignments_per_manual_assignment', 5000),
  ...quota('max_targets_per_auto_assignment', 20000),
  { key: 'cleanup.enabled', parse: boolean, default: false, doc: 'delete old closed actions automatically' },
  { key: 'cleanup.expiry_days', parse: integer(1), default: 30, doc: 'age of a closed action before deletion, days' },
  {
    key: 'cleanup.statuses',
    parse: listOf(CLEANUP_STATUSES),
    default: ['canceled', 'error'],
    doc: `closed action states cleaned up: ${CLEANUP_STATUSES.join(', ')}`,
  },
  {
    key: 'cleanup.auditlog_retention_days',
    parse: integer(0),
    default: 90,
    doc: 'age of an audit-log entry before deletion, days; 0 keeps every entry (decision 160)',
  },
  {
    key: 'cleanup.webhook_delivery_retention_days',
    parse: integer(0),
    default: 30,
    doc: 'age of a delivered or dead webhook delivery before deletion, days; 0 keeps every one (decision 151)',
  },
  { key: 'mgmt.username', parse: text, required: true, doc: 'operator account name' },
  { key: 'mgmt.password_hash', parse: argon2idHash, required: true, doc: 'operator password, argon2id PHC hash' },
  { key: 'mgmt.max_failed_logins', parse: integer(1), default: 10, doc: 'failed logins a client address may make per window, then 429 (decision 191)' },
  { key: 'mgmt.failed_login_window_secs', parse: integer(1), default: 300, doc: 'the failed-login window, from the first failure, seconds' },
  ...STORAGE_SETTINGS,
  ...WEBHOOK_SETTINGS,
  { key: 'metrics.enabled', parse: boolean, default: true, doc: 'Prometheus metrics at /metrics (decision 130)' },
  { key: 'metrics.token', parse: bearerToken, doc: 'bearer token /metrics requires; unset: none' },
];

function quota(name: string, fallback: number, doc = 'per-entity cap; 0 disables it'): Setting[] {
  return [{ key: `quota.${name}`, parse: integer(0), default: fallback, doc }];
}

export type LogLevel = (typeof LOG_LEVELS)[number];
export type StorageBackend = (typeof STORAGE_BACKENDS)[number];
export type CleanupStatus = (typeof CLEANUP_STATUSES)[number];

export interface Config {
  readonly bind: { readonly host: string; readonly port: number };
  readonly databaseUrl: string;
  readonly database: { readonly readWorkers: number };
  /** unset only with `[storage] backend = "s3"` */
  readonly artifactDir: string | undefined;
  readonly maxArtifactSize: number;
  readonly url: string | undefined;
  /** host[:port] values, besides the host of `url`, a browser's request may name (decision 197) */
  readonly allowedHosts: readonly string[];
  readonly tenant: string;
  readonly rolloutEvalIntervalSecs: number;
  readonly rolloutApprovalEnabled: boolean;
  readonly autoAssignmentApprovalEnabled: boolean;
  readonly logLevel: LogLevel;
  readonly http: {
    readonly headerTimeoutSecs: number;
    readonly idleTimeoutSecs: number;
    readonly keepAliveTimeoutSecs: number;
  };
  readonly ddi: {
    readonly anonymous: boolean;
    readonly gatewayToken: string | undefined;
    /** `HH:mm:ss` or `HH:mm:ss~NN%` (decision 110) */
    readonly pollingInterval: string;
    readonly pollingOverrides: readonly PollingOverride[];
    readonly confirmationFlow: boolean;
    readonly autoConfirmDefault: boolean;
    readonly trustedProxyHeader: string | undefined;
  };
  readonly quota: {
    readonly maxArtifactsPerSoftwareModule: number;
    readonly maxStatusEntriesPerAction: number;
    readonly maxMessagesPerActionStatus: number;
    readonly maxMessagesPerAction: number;
    readonly maxAttributeEntriesPerTarget: number;
    readonly maxMetadataEntriesPerTarget: number;
    readonly maxMetadataEntriesPerSoftwareModule: number;
    readonly maxMetadataEntriesPerDistributionSet: number;
    readonly maxSoftwareModulesPerDistributionSet: number;
    readonly maxSoftwareModuleTypesPerDistributionSetType: number;
    readonly maxDistributionSetTypesPerTargetType: number;
    readonly maxRolloutGroupsPerRollout: number;
    readonly maxTargetsPerRolloutGroup: number;
    readonly maxActionsPerTarget: number;
    readonly maxTargetDistributionSetAssignmentsPerManualAssignment: number;
    readonly maxTargetsPerAutoAssignment: number;
  };
  readonly cleanup: {
    readonly enabled: boolean;
    readonly expiryDays: number;
    readonly statuses: readonly CleanupStatus[];
    /** 0: audit-log entries are kept for ever */
    readonly auditlogRetentionDays: number;
    /** 0: delivered and dead webhook deliveries are kept for ever */
    readonly webhookDeliveryRetentionDays: number;
  };
  readonly mgmt: {
    readonly username: string;
    readonly passwordHash: string;
    readonly maxFailedLogins: number;
    readonly failedLoginWindowSecs: number;
  };
  readonly storage: StorageConfig;
  readonly webhooks: WebhookConfig;
  readonly metrics: { readonly enabled: boolean; readonly token: string | undefined };
}

export interface WebhookConfig {
  readonly dispatchIntervalMs: number;
  readonly maxAttempts: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
  readonly requestTimeoutMs: number;
  readonly allowPrivateDestinations: boolean;
  /** CIDR strings, each parsed by ipaddr.js */
  readonly allowedPrivateNetworks: readonly string[];
}

/** One `[[ddi.polling_overrides]]` entry (decision 110). */
export interface PollingOverride {
  /** FIQL over the target fields an override may query */
  readonly query: string;
  /** `HH:mm:ss` or `HH:mm:ss~NN%` */
  readonly interval: string;
}

export interface StorageConfig {
  readonly backend: StorageBackend;
  readonly endpoint: string | undefined;
  readonly bucket: string | undefined;
  readonly region: string;
  /** empty, or ending in `/` */
  readonly prefix: string;
  readonly pathStyle: boolean;
  readonly accessKeyId: string | undefined;
  readonly secretAccessKey: string | undefined;
  readonly downloadRedirect: boolean;
  readonly presignExpirySecs: number;
  readonly presignEndpoint: string | undefined;
}

export interface LoadedConfig {
  config: Config;
  /** non-fatal findings, logged once a logger exists (e.g. an unknown FALCONET_ variable) */
  warnings: string[];
}

const ENV_PREFIX = 'FALCONET_';

/**
 * Reads the TOML file, applies `FALCONET_<KEY>` environment overrides (nested tables joined by `__`,
 * matched case-insensitively; the environment wins), validates every key once and returns a deeply
 * frozen config. Throws {@link ConfigError} naming every offending key.
 */
export function loadConfig(file: string, env: NodeJS.ProcessEnv): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read configuration file ${file}: ${(error as Error).message}`);
  }
  let document: Record<string, unknown>;
  try {
    document = parseToml(text);
  } catch (error) {
    throw new ConfigError(`configuration file ${file} is not valid TOML: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  const values = new Map<string, { raw: unknown; fromEnv: boolean; source: string }>();
  flatten(document, '', (key, raw) => values.set(key, { raw, fromEnv: false, source: file }), problems, file);

  const warnings: string[] = [];
  for (const [name, raw] of Object.entries(env)) {
    if (raw === undefined || name.slice(0, ENV_PREFIX.length).toUpperCase() !== ENV_PREFIX) continue;
    const key = name.slice(ENV_PREFIX.length).toLowerCase().split('__').join('.');
    if (SETTINGS.some((s) => s.key === key)) values.set(key, { raw, fromEnv: true, source: name });
    else warnings.push(`environment variable ${name} matches no configuration key; ignored`);
  }
  return { config: build(values, problems), warnings };
}

/** Builds a config from already-split values (TOML types); used by tests and by {@link loadConfig}. */
export function configFromValues(input: Readonly<Record<string, unknown>>): Config {
  const problems: string[] = [];
  const values = new Map<string, { raw: unknown; fromEnv: boolean; source: string }>();
  for (const [key, raw] of Object.entries(input)) {
    if (SETTINGS.some((s) => s.key === key)) values.set(key, { raw, fromEnv: false, source: 'values' });
    else problems.push(`unknown configuration key '${key}'`);
  }
  return build(values, problems);
}

function build(values: Map<string, { raw: unknown; fromEnv: boolean; source: string }>, problems: string[]): Config {
  const result: Record<string, unknown> = {};
  for (const setting of SETTINGS) {
    const given = values.get(setting.key);
    let value = setting.default;
    if (given) {
      try {
        value = setting.parse(given.raw, given.fromEnv);
      } catch (error) {
        problems.push(`configuration key '${setting.key}' (from ${given.source}) ${(error as Error).message}`);
        continue;
      }
    } else if (setting.required) {
      problems.push(`missing required configuration key '${setting.key}'`);
      continue;
    }
    assign(result, setting.key, value);
  }
  if (problems.length === 0) problems.push(...storageProblems(result as unknown as Config), ...webhookProblems(result as unknown as Config));
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return deepFreeze(result) as unknown as Config;
}

function flatten(table: Record<string, unknown>, prefix: string, emit: (key: string, raw: unknown) => void, problems: string[], file: string): void {
  for (const [name, raw] of Object.entries(table)) {
    const key = prefix + name;
    const isTableName = SETTINGS.some((s) => s.key.startsWith(`${key}.`));
    const isTable = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !(raw instanceof Date);
    if (isTableName && isTable) flatten(raw as Record<string, unknown>, `${key}.`, emit, problems, file);
    else if (isTableName) problems.push(`configuration key '${key}' (in ${file}) must be a table [${key}]`);
    else if (SETTINGS.some((s) => s.key === key)) emit(key, raw);
    else problems.push(`unknown configuration key '${key}' (in ${file})`);
  }
}

function assign(target: Record<string, unknown>, dottedKey: string, value: unknown): void {
  const path = dottedKey.split('.').map((part) => part.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()));
  const last = path.pop() as string;
  let node = target;
  for (const part of path) node = (node[part] ??= {}) as Record<string, unknown>;
  node[last] = value;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function text(raw: unknown): string {
  if (typeof raw !== 'string') throw new Error(`must be a string, got ${describe(raw)}`);
  if (raw.trim() === '') throw new Error('must not be empty');
  return raw;
}

function boolean(raw: unknown, fromEnv: boolean): boolean {
  if (typeof raw === 'boolean') return raw;
  if (fromEnv && typeof raw === 'string' && /^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  throw new Error(`must be true or false, got ${describe(raw)}`);
}

function integer(min: number, max = Number.MAX_SAFE_INTEGER): Parser {
  return (raw, fromEnv) => {
    const value = fromEnv && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw new Error(`must be an integer, got ${describe(raw)}`);
    }
    if (value < min) throw new Error(`must be at least ${min}, got ${value}`);
    if (value > max) throw new Error(`must be at most ${max}, got ${value}`);
    return value;
  };
}

function oneOf<T extends string>(allowed: readonly T[]): Parser {
  return (raw) => {
    if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw;
    throw new Error(`must be one of ${allowed.join(', ')}, got ${describe(raw)}`);
  };
}

function listOf<T extends string>(allowed: readonly T[]): Parser {
  const item = oneOf(allowed);
  return (raw, fromEnv) => {
    const list = fromEnv && typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
    if (!Array.isArray(list)) throw new Error(`must be a list, got ${describe(raw)}`);
    return list.map((entry) => item(entry, fromEnv));
  };
}

/** A list of CIDR networks (`10.0.0.0/8`, `fd00::/8`); from the environment, comma-separated. */
function networks(raw: unknown, fromEnv: boolean): string[] {
  const list = fromEnv && typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(list)) throw new Error(`must be a list, got ${describe(raw)}`);
  return list.map((entry) => {
    const cidr = text(entry);
    if (!ipaddr.isValidCIDR(cidr)) throw new Error(`must list networks in CIDR form (e.g. 10.0.0.0/8), got ${describe(entry)}`);
    return cidr;
  });
}

/** A list of host[:port] names; from the environment, comma-separated. */
function hostList(raw: unknown, fromEnv: boolean): string[] {
  const list = fromEnv && typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(list)) throw new Error(`must be a list, got ${describe(raw)}`);
  return list.map((entry: unknown) => {
    if (typeof entry !== 'string' || normalisedHost(entry) === undefined) throw new Error(`must list host[:port] names, got ${describe(entry)}`);
    return entry;
  });
}

function bindAddress(raw: unknown): { host: string; port: number } {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(text(raw));
  const port = Number(match?.[3]);
  if (!match || port > 65535) throw new Error(`must be host:port (e.g. 127.0.0.1:8080), got ${describe(raw)}`);
  return { host: (match[1] ?? match[2]) as string, port };
}

function databaseUrl(raw: unknown): string {
  const url = text(raw);
  if (/^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url)) return url;
  throw new Error(`must start with sqlite: or postgres://, got ${describe(raw)}`);
}

function baseUrl(raw: unknown): string {
  let url: URL;
  try {
    url = new URL(text(raw));
  } catch {
    throw new Error(`must be an absolute http(s) URL, got ${describe(raw)}`);
  }
  if (!/^https?:$/.test(url.protocol) || /[?#]/.test(url.href)) {
    throw new Error(`must be an http(s) URL without query or fragment, got ${describe(raw)}`);
  }
  return url.href.replace(/\/+$/, '');
}

function tenant(raw: unknown): string {
  const value = text(raw);
  if (!/^[A-Za-z0-9_.-]+$/.test(value)) throw new Error(`must be letters, digits, '_', '.' or '-', got ${describe(raw)}`);
  return value;
}

function pollingInterval(raw: unknown): string {
  const value = text(raw);
  if (parsePollingInterval(value) === undefined) {
    throw new Error(`must be a duration HH:mm:ss between 00:00:01 and 23:59:59, optionally with a deviation ~NN% (0–99), got ${describe(raw)}`);
  }
  return value;
}

// decision 110: an array of tables, each with exactly a query and an interval; the query's fields are
// checked by checkPollingOverrides (src/targets/polling-overrides.ts), which knows the target fields
function pollingOverrides(raw: unknown): PollingOverride[] {
  if (!Array.isArray(raw)) throw new Error(`must be an array of tables [[ddi.polling_overrides]] with query and interval, got ${describe(raw)}`);
  return raw.map((entry: unknown, index) => {
    const at = `entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new Error(`${at} must be a table with query and interval, got ${describe(entry)}`);
    const { query, interval, ...rest } = entry as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) throw new Error(`${at} has unknown keys ${unknown.join(', ')}; an override has query and interval`);
    if (typeof query !== 'string' || query.trim() === '') throw new Error(`${at} needs query, a FIQL query over targets, got ${describe(query)}`);
    try {
      return { query, interval: pollingInterval(interval) };
    } catch (error) {
      throw new Error(`${at}: interval ${(error as Error).message}`, { cause: error });
    }
  });
}

function headerName(raw: unknown): string {
  const value = text(raw);
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) throw new Error(`must be an HTTP header name, got ${describe(raw)}`);
  return value.toLowerCase();
}

function argon2idHash(raw: unknown): string {
  const value = text(raw);
  if (!/^\$argon2id\$v=\d+\$[a-z]+=\d+(,[a-z]+=\d+)*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(value)) {
    throw new Error('must be an argon2id PHC hash ($argon2id$v=19$m=…); create one with `falconet hash-password`');
  }
  return value;
}

/** The rules that tie storage keys to each other and to the rest; one message per broken rule. */
function storageProblems(config: Config): string[] {
  const { storage } = config;
  const problems: string[] = [];
  if (storage.backend === 'local' && config.artifactDir === undefined) problems.push("missing required configuration key 'artifact_dir'");
  if (storage.backend === 's3') {
    if (storage.bucket === undefined) problems.push('configuration key \'storage.bucket\' is required with [storage] backend = "s3"');
    if (config.maxArtifactSize > S3_COPY_LIMIT) {
      problems.push(`configuration key 'max_artifact_size' must be at most ${S3_COPY_LIMIT} with [storage] backend = "s3" (S3's CopyObject limit)`);
    }
  } else if (storage.downloadRedirect) {
    problems.push('configuration key \'storage.download_redirect\' needs [storage] backend = "s3"');
  }
  if ((storage.accessKeyId === undefined) !== (storage.secretAccessKey === undefined)) {
    problems.push("configuration keys 'storage.access_key_id' and 'storage.secret_access_key' go together");
  }
  return problems;
}

function webhookProblems({ webhooks }: Config): string[] {
  return webhooks.backoffMaxMs < webhooks.backoffInitialMs
    ? ["configuration key 'webhooks.backoff_max_ms' must be at least 'webhooks.backoff_initial_ms'"]
    : [];
}

function httpUrl(raw: unknown): string {
  const url = baseUrl(raw);
  if (new URL(url).pathname !== '/') throw new Error(`must be an http(s) URL without a path, got ${describe(raw)}`);
  return url;
}

// S3's rules for new buckets: 3–63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
function bucketName(raw: unknown): string {
  const value = text(raw);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value)) throw new Error(`must be an S3 bucket name, got ${describe(raw)}`);
  return value;
}

// Only S3's safe key characters, so that keys never need escaping; normalised to end in one slash.
function keyPrefix(raw: unknown): string {
  if (typeof raw !== 'string') throw new Error(`must be a string, got ${describe(raw)}`);
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9!_.*'()/-]*$/.test(trimmed) || trimmed.includes('//')) {
    throw new Error(`must be letters, digits and !_.*'()-/ without empty segments, got ${describe(raw)}`);
  }
  return trimmed === '' ? '' : `${trimmed}/`;
}

// RFC 6750's b64token, at least 16 characters: a scraper sends it as `Authorization: Bearer <token>`.
function bearerToken(raw: unknown): string {
  const value = text(raw);
  if (!/^[A-Za-z0-9._~+/-]{16,}=*$/.test(value)) throw new Error('must be at least 16 letters, digits or -._~+/ (a bearer token)');
  return value;
}

function describe(raw: unknown): string {
  return typeof raw === 'string' ? JSON.stringify(raw) : `${typeof raw} ${JSON.stringify(raw)}`;
}

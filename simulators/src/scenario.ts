import { parse, TomlError } from 'smol-toml';
import { BEHAVIOURS, type BehaviourMix } from './behaviour.js';
import type { PhaseFaults } from './fleet-options.js';

/**
 * A scenario file (`falconet-sim run SCENARIO.toml`, decision 243): a fleet, a timeline of phases with the
 * faults each one injects, the deployment to drive through the management API, and the assertions the run
 * must hold. Read strictly: an unknown key or a wrong type is one ScenarioError naming the key.
 */
export interface Scenario {
  readonly name: string;
  readonly seed: number;
  /** between two samples of the device states, ms */
  readonly sampleIntervalMs: number;
  readonly server: { readonly url: string | undefined; readonly tenant: string };
  readonly fleet: ScenarioFleet;
  readonly management: ScenarioManagement | undefined;
  readonly deployment: ScenarioDeployment | undefined;
  readonly phases: readonly ScenarioPhase[];
  readonly assertions: ScenarioAssertions;
}

export interface ScenarioFleet {
  readonly devices: number;
  readonly prefix: string;
  readonly gatewayToken: string | undefined;
  readonly targetToken: string | undefined;
  readonly pollIntervalMs: number | undefined;
  readonly jitter: number | undefined;
  readonly installMs: number | undefined;
  readonly connections: number | undefined;
  readonly requestTimeoutMs: number | undefined;
  readonly slowBytesPerSec: number | undefined;
  readonly mix: BehaviourMix;
}

export interface ScenarioManagement {
  readonly username: string;
  /** the password, or the name of the environment variable holding it */
  readonly password: { readonly value: string } | { readonly env: string };
}

export interface ScenarioDeployment {
  /** a new software module and set holding this many seeded random bytes, or… */
  readonly artifactBytes: number | undefined;
  /** …an existing distribution set */
  readonly distributionSetId: number | undefined;
  /** a rollout in this many groups over the fleet; absent: the set is assigned to every device */
  readonly rolloutGroups: number | undefined;
  readonly actionType: 'forced' | 'soft';
}

export interface ScenarioPhase {
  readonly name: string;
  /** the longest the phase lasts, ms */
  readonly durationMs: number;
  /** first phase only: the devices start spread over this many ms of it */
  readonly rampUpMs: number | undefined;
  /** the phase ends early once every online device has answered a poll */
  readonly untilSeen: boolean;
  /** the deployment is created when the phase starts */
  readonly deploy: boolean;
  /** the phase ends early once every online device has closed an action */
  readonly untilClosed: boolean;
  readonly faults: PhaseFaults;
}

export interface ScenarioAssertions {
  /** every online device closed an action within this long of the deployment, ms */
  readonly allClosedWithinMs: number | undefined;
  /** p99 of poll latency below this, ms */
  readonly pollP99BelowMs: number | undefined;
  /** p99 of download latency below this, ms */
  readonly downloadP99BelowMs: number | undefined;
  /** no online device left with an offered action it did not close */
  readonly noStuckDevices: boolean;
  /** no size or SHA-256 mismatch on any download, resumed ones included */
  readonly downloadsVerified: boolean;
  /** the rollout reached `finished` */
  readonly rolloutFinished: boolean;
  /** errors of any cause at most this many (injected resets not counted) */
  readonly maxErrors: number | undefined;
}

/** A scenario that cannot be read; the message names the key. */
export class ScenarioError extends Error {}

type Table = Record<string, unknown>;

const kindOf = (value: unknown): string =>
  Array.isArray(value) ? 'an array' : value instanceof Date ? 'a date' : value === null ? 'null' : typeof value === 'object' ? 'a table' : `a ${typeof value}`;

/** Reads one table: every key taken must be known, and `done()` complains about the rest. */
class Reader {
  private readonly taken = new Set<string>();
  constructor(
    private readonly values: Table,
    private readonly path: string,
  ) {}

  private key(name: string): string {
    return this.path ? `${this.path}.${name}` : name;
  }

  private get(name: string): unknown {
    this.taken.add(name);
    return this.values[name];
  }

  private fail(name: string, wanted: string, value: unknown): never {
    const shown = typeof value === 'string' ? `'${value}'` : typeof value === 'object' ? kindOf(value) : `${value as number | boolean}`;
    throw new ScenarioError(`${this.key(name)} must be ${wanted}, got ${shown}`);
  }

  string(name: string): string | undefined {
    const value = this.get(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') this.fail(name, 'a non-empty string', value);
    return value;
  }

  number(name: string, { min = 0, max = Infinity, integer = false, above = false } = {}): number | undefined {
    const value = this.get(name);
    if (value === undefined) return undefined;
    const range = max === Infinity ? `${above ? '>' : '≥'} ${min}` : `between ${min} and ${max}`;
    const ok = typeof value === 'number' && Number.isFinite(value) && (above ? value > min : value >= min) && value <= max;
    if (!ok || (integer && !Number.isInteger(value))) this.fail(name, `${integer ? 'an integer' : 'a number'} ${range}`, value);
    return value;
  }

  /** seconds in the file, ms here */
  seconds(name: string, above = false): number | undefined {
    const value = this.number(name, { above });
    return value === undefined ? undefined : value * 1000;
  }

  share(name: string): number {
    return this.number(name, { max: 1 }) ?? 0;
  }

  boolean(name: string): boolean {
    const value = this.get(name);
    if (value === undefined) return false;
    if (typeof value !== 'boolean') this.fail(name, 'true or false', value);
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.get(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !values.includes(value as T)) this.fail(name, `one of ${values.join(', ')}`, value);
    return value as T;
  }

  table(name: string): Reader | undefined {
    const value = this.get(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) this.fail(name, 'a table', value);
    return new Reader(value as Table, this.key(name));
  }

  tables(name: string): Reader[] {
    const value = this.get(name);
    if (value === undefined) return [];
    if (!Array.isArray(value)) this.fail(name, `an array of tables ([[${this.key(name)}]])`, value);
    return value.map((entry: unknown, i) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || entry instanceof Date) {
        this.fail(`${name}[${i}]`, 'a table', entry);
      }
      return new Reader(entry as Table, `${this.key(name)}[${i}]`);
    });
  }

  required<T>(name: string, value: T | undefined): T {
    if (value === undefined) throw new ScenarioError(`${this.key(name)} is required`);
    return value;
  }

  /** Throws on the first key nobody took. */
  done(): void {
    const unknown = Object.keys(this.values).find((name) => !this.taken.has(name));
    if (unknown !== undefined) throw new ScenarioError(`unknown key ${this.key(unknown)}`);
  }
}

function readFleet(r: Reader): ScenarioFleet {
  const gatewayToken = r.string('gateway_token');
  const targetToken = r.string('target_token');
  if (gatewayToken !== undefined && targetToken !== undefined) throw new ScenarioError('give fleet.gateway_token or fleet.target_token, not both');
  const mixReader = r.table('mix');
  const mix: Record<string, number> = {};
  for (const behaviour of BEHAVIOURS) {
    if (behaviour === 'succeed') continue;
    const key = behaviour.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const share = mixReader?.number(key, { max: 1 });
    if (share !== undefined) mix[behaviour] = share;
  }
  mixReader?.done();
  const total = Object.values(mix).reduce((sum, share) => sum + share, 0);
  if (total > 1 + 1e-9) throw new ScenarioError(`fleet.mix shares add up to ${total}, more than 1`);
  const fleet: ScenarioFleet = {
    devices: r.required('devices', r.number('devices', { min: 1, integer: true })),
    prefix: r.string('prefix') ?? 'sim-',
    gatewayToken,
    targetToken,
    pollIntervalMs: r.seconds('poll_interval', true),
    jitter: r.number('jitter', { max: 1 }),
    installMs: r.seconds('install_time'),
    connections: r.number('connections', { min: 1, integer: true }),
    requestTimeoutMs: r.seconds('timeout', true),
    slowBytesPerSec: r.number('slow_rate', { min: 1 }),
    mix,
  };
  r.done();
  return fleet;
}

function readManagement(r: Reader): ScenarioManagement {
  const username = r.string('username') ?? 'admin';
  const value = r.string('password');
  const env = r.string('password_env');
  r.done();
  if ((value === undefined) === (env === undefined)) throw new ScenarioError('give management.password or management.password_env, one of them');
  return { username, password: value !== undefined ? { value } : { env: env as string } };
}

function readDeployment(r: Reader): ScenarioDeployment {
  const deployment: ScenarioDeployment = {
    artifactBytes: r.number('artifact_size', { min: 1, integer: true }),
    distributionSetId: r.number('distribution_set', { min: 1, integer: true }),
    rolloutGroups: r.number('rollout_groups', { min: 1, integer: true }),
    actionType: r.oneOf('action_type', ['forced', 'soft'] as const) ?? 'forced',
  };
  r.done();
  if ((deployment.artifactBytes === undefined) === (deployment.distributionSetId === undefined)) {
    throw new ScenarioError('give deployment.artifact_size or deployment.distribution_set, one of them');
  }
  return deployment;
}

function readPhase(r: Reader): ScenarioPhase {
  const phase: ScenarioPhase = {
    name: r.required('name', r.string('name')),
    durationMs: r.required('duration', r.seconds('duration', true)),
    rampUpMs: r.seconds('ramp_up'),
    untilSeen: r.boolean('until_seen'),
    deploy: r.boolean('deploy'),
    untilClosed: r.boolean('until_closed'),
    faults: {
      resets: r.share('resets'),
      cutDownloads: r.share('cut_downloads'),
      rebootDuringInstall: r.share('reboot_during_install'),
      slowLinks: r.share('slow_links'),
      slowLinkBytesPerSec: r.number('slow_link_rate', { min: 1 }) ?? 32 * 1024,
      churn: r.share('churn'),
      churnOfflineMs: r.seconds('churn_offline') ?? 10_000,
      churnWindowMs: r.seconds('churn_window', true),
    },
  };
  r.done();
  return phase;
}

function readAssertions(r: Reader | undefined): ScenarioAssertions {
  const assertions: ScenarioAssertions = {
    allClosedWithinMs: r?.seconds('all_closed_within', true),
    pollP99BelowMs: r?.number('poll_p99_below', { above: true }),
    downloadP99BelowMs: r?.number('download_p99_below', { above: true }),
    noStuckDevices: r?.boolean('no_stuck_devices') ?? false,
    downloadsVerified: r?.boolean('downloads_verified') ?? false,
    rolloutFinished: r?.boolean('rollout_finished') ?? false,
    maxErrors: r?.number('max_errors', { integer: true }),
  };
  r?.done();
  return assertions;
}

/** A scenario file's text → the scenario. Throws ScenarioError. */
export function parseScenario(text: string): Scenario {
  let root: Table;
  try {
    root = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new ScenarioError(`not TOML: ${error.message.split('\n')[0]} (line ${error.line}, column ${error.column})`);
  }
  const r = new Reader(root, '');
  const serverReader = r.table('server');
  const url = serverReader?.string('url');
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new ScenarioError(`server.url must be an http(s) URL, got '${url}'`);
  const server = { url: url?.replace(/\/+$/, ''), tenant: serverReader?.string('tenant') ?? 'DEFAULT' };
  serverReader?.done();
  const fleetReader = r.table('fleet');
  if (!fleetReader) throw new ScenarioError('fleet is required');
  const managementReader = r.table('management');
  const deploymentReader = r.table('deployment');
  const phases = r.tables('phase').map(readPhase);
  if (phases.length === 0) throw new ScenarioError('phase is required: at least one [[phase]]');
  const lateRamp = phases.findIndex((phase, i) => i > 0 && phase.rampUpMs !== undefined);
  if (lateRamp > 0) throw new ScenarioError(`phase[${lateRamp}].ramp_up: only the first phase starts the devices`);
  const scenario: Scenario = {
    name: r.string('name') ?? 'scenario',
    seed: r.number('seed', { integer: true }) ?? 1,
    sampleIntervalMs: r.seconds('sample_interval', true) ?? 1000,
    server,
    fleet: readFleet(fleetReader),
    management: managementReader && readManagement(managementReader),
    deployment: deploymentReader && readDeployment(deploymentReader),
    phases,
    assertions: readAssertions(r.table('assertions')),
  };
  r.done();
  const deploying = phases.filter((phase) => phase.deploy).length;
  if (scenario.deployment && deploying !== 1) throw new ScenarioError(`with a [deployment], exactly one phase must have deploy = true, not ${deploying}`);
  if (!scenario.deployment && deploying > 0) throw new ScenarioError('a phase has deploy = true but there is no [deployment]');
  if (scenario.deployment && !scenario.management) throw new ScenarioError('a [deployment] needs [management] credentials');
  if (scenario.assertions.rolloutFinished && scenario.deployment?.rolloutGroups === undefined) {
    throw new ScenarioError('assertions.rollout_finished needs deployment.rollout_groups');
  }
  if (scenario.assertions.allClosedWithinMs !== undefined && !scenario.deployment) {
    throw new ScenarioError('assertions.all_closed_within needs a [deployment]');
  }
  return scenario;
}

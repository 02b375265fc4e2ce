import { parseArgs } from 'node:util';
import type { Behaviour } from './behaviour.js';
import type { FleetOptions } from './fleet-options.js';

export interface CliOptions {
  readonly fleet: FleetOptions;
  /** print the summary as JSON */
  readonly json: boolean;
  /** no live progress line */
  readonly quiet: boolean;
}

export const USAGE = `Usage: falconet-sim --url URL --devices N [options]
       falconet-sim run SCENARIO.toml [--url URL] [--devices N] [--report DIR] [--junit FILE] [--json] [--quiet]
       falconet-sim check --url URL --mgmt-user U --mgmt-password P [options]   (see check --help)

Simulates a fleet of hawkBit DDI devices against Falconet. The first form is a quick one-phase run; the
second runs a scenario (phases, faults, a deployment, assertions; docs/simulator.md) and exits 1 when an
assertion fails; the third checks DDI conformance.

  --url URL                  Falconet's base URL (required), e.g. http://127.0.0.1:8080
  --devices N                number of devices (required)
  --tenant NAME              tenant path segment (DEFAULT)
  --prefix P                 controllerId prefix (sim-); ids are P0001…
  --gateway-token T          authenticate with GatewayToken T (devices register themselves)
  --target-token T           authenticate with TargetToken T; {id} is replaced by the controllerId
  --poll-interval SECS       poll this often instead of the server's config.polling.sleep
  --jitter FRACTION          ± spread of each sleep (0.1)
  --ramp-up SECS             spread the first polls over this window (0)
  --seed N                   seed of the behaviour mix and timings (1)
  --fail FRACTION            share of devices whose installation fails
  --slow FRACTION            share of devices downloading at --slow-rate
  --offline FRACTION         share of devices that never poll
  --deny FRACTION            share of devices denying confirmation
  --ignore-confirmation FRACTION  share of devices ignoring confirmationBase
  --slow-rate BYTES          download rate of slow devices, bytes/s (65536)
  --install-time SECS        time from verified download to the final report (1)
  --connections N            keep-alive connections at most (256)
  --timeout SECS             per-request timeout (30)
  --until-closed N           stop when every online device has closed N actions
  --duration SECS            stop after this long
  --json                     print the summary as JSON
  --quiet                    no live progress line
  --help                     this text

With run:
  --url URL                  overrides the scenario's server.url
  --devices N                overrides the scenario's fleet.devices
  --report DIR               write DIR/summary.json and DIR/index.html (a self-contained page)
  --junit FILE               write the assertions as JUnit XML
`;

export interface RunCliOptions {
  readonly scenarioFile: string;
  readonly url: string | undefined;
  readonly devices: number | undefined;
  readonly reportDir: string | undefined;
  readonly junitFile: string | undefined;
  readonly json: boolean;
  readonly quiet: boolean;
}

/** argv after `run` → options; `undefined` for `--help`. Throws UsageError. */
export function parseRunOptions(argv: readonly string[]): RunCliOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        devices: { type: 'string' },
        report: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError(`run takes one scenario file, got ${positionals.length}`);
  if (values.url !== undefined && !/^https?:\/\/[^/]/.test(values.url)) throw new UsageError(`--url must be an http(s) URL, got '${values.url}'`);
  return {
    scenarioFile: positionals[0] as string,
    url: values.url?.replace(/\/+$/, ''),
    devices: number('devices', values.devices, { min: 1, integer: true }),
    reportDir: values.report,
    junitFile: values.junit,
    json: values.json === true,
    quiet: values.quiet === true,
  };
}

const MIX_FLAGS: Readonly<Record<string, Exclude<Behaviour, 'succeed'>>> = {
  fail: 'fail',
  slow: 'slow',
  offline: 'offline',
  deny: 'deny',
  'ignore-confirmation': 'ignoreConfirmation',
};

const stringFlags = [
  'url',
  'devices',
  'tenant',
  'prefix',
  'gateway-token',
  'target-token',
  'poll-interval',
  'jitter',
  'ramp-up',
  'seed',
  ...Object.keys(MIX_FLAGS),
  'slow-rate',
  'install-time',
  'connections',
  'timeout',
  'until-closed',
  'duration',
] as const;

/** A CLI mistake: the message is printed with the usage, exit code 2. */
export class UsageError extends Error {}

function number(flag: string, raw: string | undefined, { min = 0, max = Infinity, integer = false } = {}): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    const range = max === Infinity ? `≥ ${min}` : `between ${min} and ${max}`;
    throw new UsageError(`--${flag} must be ${integer ? 'an integer' : 'a number'} ${range}, got '${raw}'`);
  }
  return value;
}

const seconds = (flag: string, raw: string | undefined, min = 0) => {
  const value = number(flag, raw, { min });
  return value === undefined ? undefined : value * 1000;
};

/** argv (without node and script) → options; `undefined` for `--help`. Throws UsageError. */
export function parseCliOptions(argv: readonly string[]): CliOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        ...Object.fromEntries(stringFlags.map((flag) => [flag, { type: 'string' as const }])),
        json: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values['help']) return undefined;
  const flag = (name: (typeof stringFlags)[number]) => values[name] as string | undefined;
  const url = flag('url');
  if (!url) throw new UsageError('--url is required');
  if (!/^https?:\/\/[^/]/.test(url)) throw new UsageError(`--url must be an http(s) URL, got '${url}'`);
  const devices = number('devices', flag('devices'), { min: 1, integer: true });
  if (devices === undefined) throw new UsageError('--devices is required');
  if (flag('gateway-token') !== undefined && flag('target-token') !== undefined) {
    throw new UsageError('give --gateway-token or --target-token, not both');
  }
  const mix: Partial<Record<Exclude<Behaviour, 'succeed'>, number>> = {};
  for (const [name, behaviour] of Object.entries(MIX_FLAGS)) {
    const share = number(name, values[name] as string | undefined, { max: 1 });
    if (share !== undefined) mix[behaviour] = share;
  }
  const total = Object.values(mix).reduce((sum, share) => sum + share, 0);
  if (total > 1 + 1e-9) throw new UsageError(`the behaviour shares add up to ${total}, more than 1`);
  const fleet: FleetOptions = {
    url: url.replace(/\/+$/, ''),
    devices,
    tenant: flag('tenant'),
    prefix: flag('prefix'),
    gatewayToken: flag('gateway-token'),
    targetToken: flag('target-token'),
    pollIntervalMs: seconds('poll-interval', flag('poll-interval'), 0.01),
    jitter: number('jitter', flag('jitter'), { max: 1 }),
    rampUpMs: seconds('ramp-up', flag('ramp-up')),
    seed: number('seed', flag('seed'), { integer: true }),
    mix,
    slowBytesPerSec: number('slow-rate', flag('slow-rate'), { min: 1 }),
    installMs: seconds('install-time', flag('install-time')),
    connections: number('connections', flag('connections'), { min: 1, integer: true }),
    requestTimeoutMs: seconds('timeout', flag('timeout'), 0.01),
    untilClosed: number('until-closed', flag('until-closed'), { min: 1, integer: true }),
    durationMs: seconds('duration', flag('duration')),
  };
  const defined = Object.fromEntries(Object.entries(fleet).filter(([, value]) => value !== undefined)) as unknown as FleetOptions;
  return { fleet: defined, json: values['json'] === true, quiet: values['quiet'] === true };
}

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FLOW_NAMES, runChecks, type CheckOptions } from './check.js';
import { checkJUnit, formatResults } from './check-report.js';

export const CHECK_USAGE = `Usage: falconet-sim check --url URL --mgmt-user U --mgmt-password P [options]

Runs hawkBit DDI v1 conformance checks against a server (Falconet or hawkBit): sets up a module, an
artifact and a set through the management API, then drives devices through every DDI flow. Devices
authenticate with target security tokens (hawkBit: enable authentication.targettoken.enabled).

  --url URL              the server's base URL (required), e.g. http://127.0.0.1:8080
  --mgmt-user U          management API user (required)
  --mgmt-password P      management API password (required)
  --tenant NAME          tenant path segment (DEFAULT)
  --gateway-token T      also check that an unknown device registers with GatewayToken T
  --flow NAME            run only this flow (repeatable): ${FLOW_NAMES.join(', ')}
  --junit FILE           write the results as JUnit XML
  --timeout SECS         per-request timeout (30)
  --help                 this text

Exit code: 0 when every check passes or is skipped, 1 when one fails, 2 on a usage error.
`;

/** A CLI mistake: printed with the usage, exit code 2. */
export class CheckUsageError extends Error {}

export interface CheckCli {
  readonly options: CheckOptions;
  readonly junit: string | undefined;
}

/** argv after `check` → options; `undefined` for `--help`. Throws CheckUsageError. */
export function parseCheckOptions(argv: readonly string[]): CheckCli | undefined {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        url: { type: 'string' },
        'mgmt-user': { type: 'string' },
        'mgmt-password': { type: 'string' },
        tenant: { type: 'string' },
        'gateway-token': { type: 'string' },
        junit: { type: 'string' },
        flow: { type: 'string', multiple: true },
        timeout: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CheckUsageError((error as Error).message);
  }
  if (values['help']) return undefined;
  const text = (name: string) => values[name] as string | undefined;
  const url = text('url');
  if (!url) throw new CheckUsageError('--url is required');
  if (!/^https?:\/\/[^/]/.test(url)) throw new CheckUsageError(`--url must be an http(s) URL, got '${url}'`);
  const user = text('mgmt-user');
  const password = text('mgmt-password');
  if (!user || password === undefined) throw new CheckUsageError('--mgmt-user and --mgmt-password are required');
  const timeout = Number(text('timeout') ?? '30');
  if (!Number.isFinite(timeout) || timeout <= 0) throw new CheckUsageError(`--timeout must be a number of seconds above 0, got '${text('timeout')}'`);
  const gatewayToken = text('gateway-token');
  const flows = values['flow'] as string[] | undefined;
  const unknown = flows?.find((flow) => !FLOW_NAMES.includes(flow));
  if (unknown !== undefined) throw new CheckUsageError(`--flow must be one of ${FLOW_NAMES.join(', ')}, got '${unknown}'`);
  return {
    options: {
      url: url.replace(/\/+$/, ''),
      tenant: text('tenant') ?? 'DEFAULT',
      mgmtUser: user,
      mgmtPassword: password,
      ...(gatewayToken === undefined ? {} : { gatewayToken }),
      ...(flows === undefined ? {} : { flows }),
      timeoutMs: timeout * 1000,
    },
    junit: text('junit'),
  };
}

/** `falconet-sim check …`: the results on stdout as they come, a summary, JUnit XML on request; the exit code. */
export async function checkCommand(argv: readonly string[]): Promise<number> {
  let cli: CheckCli | undefined;
  try {
    cli = parseCheckOptions(argv);
  } catch (error) {
    if (!(error instanceof CheckUsageError)) throw error;
    process.stderr.write(`falconet-sim check: ${error.message}\n\n${CHECK_USAGE}`);
    return 2;
  }
  if (!cli) {
    process.stdout.write(CHECK_USAGE);
    return 0;
  }
  const startedAt = new Date();
  const results = await runChecks({ ...cli.options, onResult: (result) => process.stdout.write(formatResults([result]).split('\n')[0] + '\n') });
  const summary = formatResults(results).trimEnd().split('\n').at(-1);
  process.stdout.write(`${summary}\n`);
  if (cli.junit) writeFileSync(cli.junit, checkJUnit(results, startedAt));
  return results.some((result) => result.outcome === 'failed') ? 1 : 0;
}

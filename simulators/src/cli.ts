import { readFileSync } from 'node:fs';
import { checkCommand } from './check-cli.js';
import { parseCliOptions, parseRunOptions, USAGE, UsageError, type CliOptions, type RunCliOptions } from './cli-options.js';
import type { FleetProgress } from './fleet-options.js';
import { simulateFleet } from './fleet.js';
import { formatSummary, progressLine } from './progress-line.js';
import { writeJUnit, writeReport } from './scenario-report.js';
import { runScenario, ScenarioSetupError } from './scenario-run.js';
import { parseScenario, ScenarioError, type Scenario } from './scenario.js';

/** Ctrl-C and SIGTERM stop the fleet; the summary is still printed. */
function interruptSignal(): AbortSignal {
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort());
  process.once('SIGTERM', () => interrupt.abort());
  return interrupt.signal;
}

/** The live line on a terminal, redrawn at most once a second. */
function liveLine(quiet: boolean): { onProgress?: (progress: FleetProgress) => void; end(): void } {
  if (quiet || !process.stderr.isTTY) return { end: () => undefined };
  let drawn = 0;
  return {
    onProgress: (progress) => {
      if (progress.elapsedMs - drawn < 1000) return;
      drawn = progress.elapsedMs;
      process.stderr.write(`\r\x1b[2K${progressLine(progress)}`);
    },
    end: () => process.stderr.write('\n'),
  };
}

/** `falconet-sim run SCENARIO.toml`: 0 when every assertion holds, 1 when one fails, 2 on a bad scenario. */
async function run(cli: RunCliOptions): Promise<number> {
  let scenario: Scenario;
  try {
    scenario = parseScenario(readFileSync(cli.scenarioFile, 'utf8'));
    if (cli.devices !== undefined) scenario = { ...scenario, fleet: { ...scenario.fleet, devices: cli.devices } };
  } catch (error) {
    const message = error instanceof ScenarioError ? error.message : (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : undefined;
    if (message === undefined) throw error;
    process.stderr.write(`falconet-sim: ${cli.scenarioFile}: ${message}\n`);
    return 2;
  }
  const live = liveLine(cli.quiet);
  let result;
  try {
    result = await runScenario(scenario, { url: cli.url, signal: interruptSignal(), ...(live.onProgress ? { onProgress: live.onProgress } : {}) });
  } catch (error) {
    if (!(error instanceof ScenarioSetupError)) throw error;
    process.stderr.write(`falconet-sim: ${cli.scenarioFile}: ${error.message}\n`);
    return 2;
  }
  live.end();
  if (cli.reportDir !== undefined) writeReport(cli.reportDir, result);
  if (cli.junitFile !== undefined) writeJUnit(cli.junitFile, result);
  if (cli.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const verdicts = result.assertions.map((a) => `  ${a.passed ? 'pass' : 'FAIL'}  ${a.name}: ${a.actual} (expected: ${a.expected})`);
    process.stdout.write(`${formatSummary(result.fleet)}\nassertions\n${verdicts.join('\n') || '  none'}\n`);
  }
  return result.passed ? 0 : 1;
}

/** `falconet-sim`: options → fleet run with a live line on a terminal → summary (text or JSON). */
async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'check') return checkCommand(argv.slice(1));
  let cli: CliOptions | RunCliOptions | undefined;
  try {
    cli = argv[0] === 'run' ? parseRunOptions(argv.slice(1)) : parseCliOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`falconet-sim: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (!cli) {
    process.stdout.write(USAGE);
    return 0;
  }
  if ('scenarioFile' in cli) return run(cli);
  const live = liveLine(cli.quiet);
  const summary = await simulateFleet({ ...cli.fleet, signal: interruptSignal(), ...(live.onProgress ? { onProgress: live.onProgress } : {}) });
  live.end();
  process.stdout.write(cli.json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));

import { checkCommand } from './check-cli.js';
import { parseCliOptions, USAGE, UsageError, type CliOptions } from './cli-options.js';
import { simulateFleet } from './fleet.js';
import { formatSummary, progressLine } from './progress-line.js';

/** `falconet-sim`: options → fleet run with a live line on a terminal → summary (text or JSON). */
async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'check') return checkCommand(argv.slice(1));
  let cli: CliOptions | undefined;
  try {
    cli = parseCliOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`falconet-sim: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (!cli) {
    process.stdout.write(USAGE);
    return 0;
  }
  const live = !cli.quiet && process.stderr.isTTY;
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort());
  process.once('SIGTERM', () => interrupt.abort());
  const summary = await simulateFleet({
    ...cli.fleet,
    signal: interrupt.signal,
    ...(live ? { onProgress: (progress) => process.stderr.write(`\r\x1b[2K${progressLine(progress)}`) } : {}),
  });
  if (live) process.stderr.write('\n');
  process.stdout.write(cli.json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { junitXml } from './junit.js';
import { renderReport } from './report-html.js';
import type { ScenarioResult } from './scenario-run.js';

/** `--report DIR`: `summary.json` (the result) and `index.html` (the page). */
export function writeReport(dir: string, result: ScenarioResult): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(dir, 'index.html'), renderReport(result));
}

/** `--junit FILE`: one test case per assertion. */
export function writeJUnit(file: string, result: ScenarioResult): void {
  mkdirSync(dirname(file), { recursive: true });
  const xml = junitXml({
    name: `falconet-sim ${result.scenario.name}`,
    timestamp: result.startedAt,
    seconds: result.fleet.durationMs / 1000,
    cases: result.assertions.map((a) => ({
      name: a.name,
      failure: a.passed ? undefined : `${a.name}: ${a.actual}`,
      details: `expected: ${a.expected}\nactual: ${a.actual}`,
    })),
  });
  writeFileSync(file, xml);
}

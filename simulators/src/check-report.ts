import { junitXml } from './junit.js';

/** The outcome of one conformance check of `falconet-sim check`. */
export interface CheckResult {
  /** stable id, `ddi.<flow>.<what>` */
  readonly id: string;
  /** the DDI flow the check belongs to (its JUnit class name) */
  readonly flow: string;
  readonly outcome: 'passed' | 'failed' | 'skipped';
  /** one line: what was expected and what came, or why the check did not run */
  readonly reason?: string;
  readonly ms: number;
}

/** A failed expectation: its message is the check's one-line reason. */
export class CheckFailure extends Error {}

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/** Throws CheckFailure `<what>: expected <expected>, got <actual>` unless both serialise alike. */
export function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new CheckFailure(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Throws CheckFailure `<what>: expected <description>, got <actual>` unless `ok`. */
export function expectThat(what: string, ok: boolean, description: string, actual: unknown): void {
  if (!ok) throw new CheckFailure(`${what}: expected ${description}, got ${show(actual)}`);
}

/** The summary line and one line per failed check, as the command prints them. */
export function formatResults(results: readonly CheckResult[]): string {
  const lines = results.map((result) => {
    const mark = result.outcome === 'passed' ? 'ok  ' : result.outcome === 'failed' ? 'FAIL' : 'skip';
    return `${mark} ${result.id}${result.reason ? `: ${result.reason}` : ''}`;
  });
  const count = (outcome: CheckResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  lines.push(`${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped of ${results.length} checks`);
  return `${lines.join('\n')}\n`;
}

/** The checks as JUnit XML: one test case per check, its flow as the class name, failures and skips with their reason. */
export function checkJUnit(results: readonly CheckResult[], startedAt: Date): string {
  return junitXml({
    name: 'falconet-sim check',
    timestamp: startedAt.toISOString(),
    seconds: results.reduce((sum, result) => sum + result.ms, 0) / 1000,
    cases: results.map((result) => ({
      name: result.id,
      classname: result.flow,
      seconds: result.ms / 1000,
      ...(result.outcome === 'failed' ? { failure: result.reason ?? '' } : {}),
      ...(result.outcome === 'skipped' ? { skipped: result.reason ?? '' } : {}),
    })),
  });
}

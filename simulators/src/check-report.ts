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

/** XML 1.0 allows no control characters other than tab, line feed and carriage return. */
const allowedInXml = (char: string) => char >= ' ' || char === '\t' || char === '\n' || char === '\r';

const escapeXml = (text: string) =>
  [...text].filter(allowedInXml).join('').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one testsuite, one testcase per check (classname: its flow), failures and skips with their reason. */
export function junitXml(results: readonly CheckResult[], name = 'falconet-sim check'): string {
  const failures = results.filter((result) => result.outcome === 'failed').length;
  const skipped = results.filter((result) => result.outcome === 'skipped').length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, result) => sum + result.ms, 0);
  const cases = results.map((result) => {
    const open = `  <testcase classname="${escapeXml(result.flow)}" name="${escapeXml(result.id)}" time="${seconds(result.ms)}"`;
    if (result.outcome === 'passed') return `${open}/>`;
    const reason = escapeXml(result.reason ?? '');
    const inner = result.outcome === 'failed' ? `<failure message="${reason}">${reason}</failure>` : `<skipped message="${reason}"/>`;
    return `${open}>\n    ${inner}\n  </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${escapeXml(name)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(total)}">`,
    ...cases,
    '</testsuite>',
    '',
  ].join('\n');
}

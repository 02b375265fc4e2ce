/**
 * JUnit XML, the form CI systems read test results in: one suite of test cases, each passed, failed or
 * skipped. Scenario assertions and `falconet-sim check` both write it here.
 */
export interface JUnitCase {
  readonly name: string;
  /** the case's group (a check's DDI flow); the suite's name when not given */
  readonly classname?: string;
  /** the failure message; undefined: passed */
  readonly failure?: string | undefined;
  /** why the case did not run; it counts as skipped */
  readonly skipped?: string | undefined;
  /** the failure's longer text */
  readonly details?: string | undefined;
  readonly seconds?: number;
}

export interface JUnitSuite {
  readonly name: string;
  /** ISO time the suite started */
  readonly timestamp: string;
  readonly seconds: number;
  readonly cases: readonly JUnitCase[];
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escaped for XML 1.0, which allows no control characters but tab, line feed and carriage return. */
const xml = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** The suite as a JUnit XML document. */
export function junitXml(suite: JUnitSuite): string {
  const failures = suite.cases.filter((c) => c.failure !== undefined).length;
  const skipped = suite.cases.filter((c) => c.failure === undefined && c.skipped !== undefined).length;
  const cases = suite.cases.map((c) => {
    const open = `    <testcase classname="${xml(c.classname ?? suite.name)}" name="${xml(c.name)}" time="${(c.seconds ?? 0).toFixed(3)}"`;
    if (c.failure !== undefined) {
      return `${open}>\n      <failure message="${xml(c.failure)}">${xml(c.details ?? c.failure)}</failure>\n    </testcase>`;
    }
    if (c.skipped !== undefined) return `${open}>\n      <skipped message="${xml(c.skipped)}"/>\n    </testcase>`;
    return `${open}/>`;
  });
  const counts = `tests="${suite.cases.length}" failures="${failures}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite.name)}" ${counts} skipped="${skipped}" time="${suite.seconds.toFixed(3)}">`,
    `  <testsuite name="${xml(suite.name)}" ${counts} errors="0" skipped="${skipped}" time="${suite.seconds.toFixed(3)}" timestamp="${xml(suite.timestamp)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

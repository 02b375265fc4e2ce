/**
 * Spoiled FIQL for `q`: broken syntax, unknown and prototype field names, bad characters, and queries too
 * big to be meant. Sizes stay within what reaches the app: Node refuses request heads over 16 KiB.
 */
import fc from 'fast-check';
import type { Expectation } from './fuzz-request.js';
import { badEncoding, PROTOTYPE_NAMES } from './fuzz-values.js';

export interface FiqlSpoil {
  /** the query value, percent-encoded */
  readonly value: string;
  readonly what: string;
  readonly expectation: Expectation;
}

/** FIQL's operators and separators are legal in a query string as they are; encoding them would triple the length. */
const encoded = (fiql: string) => encodeURIComponent(fiql).replace(/%3D/g, '=').replace(/%2C/g, ',').replace(/%3B/g, ';');
const refused = (fiql: string, what: string): FiqlSpoil => ({ value: encoded(fiql), what, expectation: 'refused' });
/** Well-formed but huge: the server may answer it or refuse it by a limit of its own, never fail on it. */
const answered = (fiql: string, what: string): FiqlSpoil => ({ value: encoded(fiql), what, expectation: 'answered' });

const POISON = 'noSuchField==a';
const values = (count: number) => Array.from({ length: count }, (_, i) => `v${i}`).join(',');

/** `field` is one the operation's `q` knows (`name`, `status`, …). */
export function fiqlSpoils(field: string): fc.Arbitrary<FiqlSpoil> {
  const term = `${field}==a`;
  const syntax = [
    `${field}==(`,
    `(${term}`,
    `${term})`,
    '==a',
    `${field}==`,
    `${field}=foo=a`,
    ';',
    `,${term}`,
    `${term};;${term}`,
    `${field}=in=`,
    `${field}=in=(`,
    '()',
  ];
  return fc.oneof(
    fc.constantFrom(...syntax).map((fiql) => refused(fiql, `broken FIQL ${fiql}`)),
    fc.constantFrom(POISON, ...PROTOTYPE_NAMES.map((name) => `${name}==a`)).map((fiql) => refused(fiql, `unknown field ${fiql}`)),
    badEncoding.map((bad) => ({ value: `${encoded(term)}${bad}`, what: `${term} followed by ${bad}`, expectation: 'refused' as const })),
    fc
      .integer({ min: 100, max: 4000 })
      .map((depth) => refused(`${'('.repeat(depth)}${POISON}${')'.repeat(depth)}`, `${depth} nested parentheses around an unknown field`)),
    fc
      .integer({ min: 100, max: 4000 })
      .map((depth) => refused(`${'('.repeat(depth)}${term}${')'.repeat(depth - 1)}`, `${depth} parentheses opened, one fewer closed`)),
    fc.integer({ min: 100, max: 1800 }).map((count) => refused(`${Array(count).fill(term).join(',')},${POISON}`, `${count} OR terms, then an unknown field`)),
    fc.integer({ min: 100, max: 2500 }).map((count) => refused(`${field}=in=(${values(count)});${POISON}`, `=in= with ${count} values, then an unknown field`)),
    fc.integer({ min: 100, max: 4000 }).map((depth) => answered(`${'('.repeat(depth)}${term}${')'.repeat(depth)}`, `${depth} nested parentheses`)),
    fc.integer({ min: 100, max: 1800 }).map((count) => answered(Array(count).fill(term).join(','), `${count} OR terms`)),
    fc.integer({ min: 100, max: 1800 }).map((count) => answered(Array(count).fill(term).join(';'), `${count} AND terms`)),
    fc.integer({ min: 100, max: 2500 }).map((count) => answered(`${field}=in=(${values(count)})`, `=in= with ${count} values`)),
  );
}

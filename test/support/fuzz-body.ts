/**
 * Spoiled JSON bodies: one value of a valid body, found by walking it with its schema, replaced by one the
 * schema (or any database text column) refuses, or the JSON text itself broken.
 */
import fc from 'fast-check';
import { MAX_JSON_BODY_BYTES } from '../../src/http/routes.js';
import type { Schema } from './fuzz-operations.js';
import { jsonText, RawJson } from './fuzz-request.js';
import { HUGE_INTEGERS, INT32_OVERFLOWS, tooLong, UNSAFE_INTEGER, withBadCharacter } from './fuzz-values.js';

type Segment = string | number;

/** A body in which one thing was spoiled, and what. */
export interface SpoiledBody {
  readonly text: string;
  readonly what: string;
}

interface Location {
  readonly at: readonly Segment[];
  readonly schema: Schema;
  readonly value: unknown;
}

const REMOVED = Symbol('removed');
const INT32_MAX = 2 ** 31 - 1;

const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** The schema that applies to a value: `allOf` of one merged in, the `oneOf` branch of the value's type. */
function resolve(schema: Schema, value: unknown): Schema {
  const { allOf, oneOf, ...rest } = schema;
  if (allOf?.length === 1) return resolve({ ...(allOf[0] as Schema), ...rest }, value);
  if (oneOf) return resolve(oneOf.find((branch) => resolve(branch, undefined).type === typeOf(value)) ?? (oneOf[0] as Schema), value);
  return schema;
}

/**
 * Every value of the body with the schema it must meet, the body itself first; a declared property the
 * body leaves out is a location too (its value undefined), so that optional fields get spoiled as well.
 */
function locations(value: unknown, declared: Schema, at: readonly Segment[] = []): Location[] {
  const schema = resolve(declared, value);
  const children: Location[] = [];
  if (Array.isArray(value) && schema.items) value.forEach((item, index) => children.push(...locations(item, schema.items as Schema, [...at, index])));
  else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(object)) {
      const property = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (property) children.push(...locations(item, property, [...at, key]));
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (!(key in object)) children.push({ at: [...at, key], schema: resolve(property, undefined), value: undefined });
    }
  }
  return [{ at, schema, value }, ...children];
}

function replaced(root: unknown, at: readonly Segment[], value: unknown): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return value;
  const copy = (Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) }) as Record<Segment, unknown>;
  const inner = replaced(copy[head], rest, value);
  if (inner === REMOVED) delete copy[head];
  else copy[head] = inner;
  return copy;
}

const wrongTypes: Readonly<Record<string, readonly unknown[]>> = {
  string: [42, true, {}, ['x']],
  integer: ['12', 1.5, true, {}, [1]],
  number: ['12', true, {}, [1]],
  boolean: ['true', 1, {}, [true]],
  object: ['x', 1, true, []],
  array: ['x', 1, true, {}],
};

/** Values of the wrong kind for a schema, each with what it is. */
function invalidValues(schema: Schema, value: unknown): fc.Arbitrary<{ value: unknown; what: string }>[] {
  const constant = (what: string, replacement: unknown) => fc.constant({ value: replacement, what });
  const found: fc.Arbitrary<{ value: unknown; what: string }>[] = [];
  // A string takes no bad character wherever it is, even under a schema that allows any value.
  if (typeof value === 'string' || schema.type === 'string') {
    found.push(withBadCharacter(typeof value === 'string' ? value : 'value').map(({ text, what }) => ({ value: text, what: `a string with ${what}` })));
  }
  const { type } = schema;
  if (type === undefined) return found;
  const wrong = wrongTypes[type] ?? [];
  if (wrong.length > 0) found.push(fc.constantFrom(...wrong).map((other) => ({ value: other, what: `a ${typeOf(other)} for a ${type}` })));
  if (schema.nullable !== true && value !== null) found.push(constant('null, not nullable', null));
  if (type === 'string') {
    if (schema.enum)
      found.push(fc.constantFrom('bogus', '', `${String(schema.enum[0])}x`).map((bad) => ({ value: bad, what: `${JSON.stringify(bad)}, not in the enum` })));
    if (schema.maxLength !== undefined)
      found.push(tooLong(schema.maxLength).map((long) => ({ value: long, what: `${long.length} characters, over maxLength ${schema.maxLength}` })));
    if ((schema.minLength ?? 0) > 0) found.push(constant(`an empty string, under minLength ${schema.minLength}`, ''));
    if (schema.pattern !== undefined) {
      const pattern = new RegExp(schema.pattern, 'u');
      const misfits = ['a b', 'a/b', '1000', 'abc', '-1', ' '].filter((candidate) => !pattern.test(candidate));
      if (misfits.length > 0)
        found.push(fc.constantFrom(...misfits).map((bad) => ({ value: bad, what: `${JSON.stringify(bad)}, not matching ${schema.pattern}` })));
    }
  }
  if (type === 'integer') found.push(...integerBoundaries(schema).map(([what, bad]) => constant(what, bad)));
  if (type === 'array' && Array.isArray(value) && value.length > 0) {
    const items = value as unknown[];
    if (schema.minItems !== undefined && schema.minItems > 0)
      found.push(constant(`${schema.minItems - 1} items, under minItems`, items.slice(0, schema.minItems - 1)));
    if (schema.maxItems !== undefined)
      found.push(
        constant(
          `${schema.maxItems + 1} items, over maxItems`,
          Array.from({ length: schema.maxItems + 1 }, () => items[0]),
        ),
      );
  }
  return found;
}

/**
 * Integers beyond what the schema allows (its bounds, its format), or not integers at all. An integer
 * without format or bounds is left its size: `weight` is one, accepted and ignored.
 */
function integerBoundaries(schema: Schema): [string, unknown][] {
  const found: [string, unknown][] = [
    ['1.5, not an integer', 1.5],
    ['1e400, infinite once parsed', new RawJson('1e400')],
  ];
  if (schema.format !== undefined || schema.maximum !== undefined) {
    found.push(...HUGE_INTEGERS.map((huge): [string, unknown] => [`${huge}, beyond int64`, new RawJson(huge)]));
  }
  const maximum = schema.maximum ?? (schema.format === 'int32' ? INT32_MAX : undefined);
  if (maximum !== undefined) {
    found.push([`${maximum + 1}, over the maximum ${maximum}`, maximum + 1], [`${UNSAFE_INTEGER}, over the maximum`, new RawJson(UNSAFE_INTEGER)]);
  }
  if (schema.format === 'int32') found.push(...INT32_OVERFLOWS.map((overflow): [string, unknown] => [`${overflow}, beyond int32`, new RawJson(overflow)]));
  if (schema.minimum !== undefined) found.push([`${schema.minimum - 1}, under the minimum ${schema.minimum}`, schema.minimum - 1], ['-1', -1]);
  return found;
}

/** The ways an object can be spoiled: a required property left out, a key no text column takes. */
function objectSpoils(schema: Schema, value: unknown): fc.Arbitrary<{ value: unknown; what: string }>[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const object = value as Record<string, unknown>;
  const found: fc.Arbitrary<{ value: unknown; what: string }>[] = [];
  const present = (schema.required ?? []).filter((key) => key in object);
  if (present.length > 0) {
    found.push(
      fc
        .constantFrom(...present)
        .map((key) => ({ value: Object.fromEntries(Object.entries(object).filter(([k]) => k !== key)), what: `required ${key} left out` })),
    );
  }
  const sample = typeof schema.additionalProperties === 'object' ? 'value' : 'x';
  found.push(withBadCharacter('key').map(({ text, what }) => ({ value: { ...object, [text]: sample }, what: `a key with ${what}` })));
  return found;
}

/** One value of the body spoiled. */
export function spoiledValue(body: unknown, schema: Schema): fc.Arbitrary<SpoiledBody> {
  const options = locations(body, schema).flatMap(({ at, schema: own, value }) =>
    [...invalidValues(own, value), ...objectSpoils(own, value)].map((spoil) =>
      spoil.map(({ value: bad, what }) => ({ text: jsonText(replaced(body, at, bad)), what: `body /${at.join('/')}: ${what}` })),
    ),
  );
  return fc.oneof(...options);
}

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The body's JSON text broken: cut short, with garbage, in JavaScript's syntax instead of JSON's. */
export function malformedJson(body: unknown): fc.Arbitrary<SpoiledBody> {
  const text = jsonText(body);
  const broken = fc.oneof(
    fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((end) => ({ text: text.slice(0, end), what: `cut after ${end} characters` })),
    fc.constantFrom('}', ']', ',', ' x', '\u0000', '{}').map((tail) => ({ text: `${text}${tail}`, what: `followed by ${JSON.stringify(tail)}` })),
    fc.constant({ text: text.replaceAll('"', "'"), what: 'single quotes' }),
    fc.constant({ text: `/* note */ ${text}`, what: 'a comment' }),
    fc.constant({ text: text.replace(/:\s*(-?\d+|true|false|null|"[^"]*")/, ': NaN'), what: 'NaN for the first value' }),
    fc.constant({ text: text.replace(/([{,])"([^"]+)":/, '$1$2:'), what: 'an unquoted key' }),
  );
  return broken.filter((spoiled) => !isJson(spoiled.text));
}

/** Valid JSON padded past the body limit with whitespace. */
export const oversizedJson = (body: unknown): SpoiledBody => ({
  text: `${' '.repeat(MAX_JSON_BODY_BYTES)}${jsonText(body)}`,
  what: `${MAX_JSON_BODY_BYTES} spaces before the body, over the limit`,
});

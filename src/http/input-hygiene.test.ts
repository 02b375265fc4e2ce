import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { assertStorableJson, isStorableString } from './input-hygiene.js';

const check = (text: string) => () => assertStorableJson(text, JSON.parse(text) as unknown);

describe('isStorableString', () => {
  it.each([
    ['', true],
    ['plain', true],
    ['tab\tand newline\n', true],
    ['rocket \ud83d\ude80', true],
    ['a\u0000b', false],
    ['lone high \ud800', false],
    ['\udc00 lone low', false],
    ['reversed pair \ude80\ud83d', false],
  ])('%j: %s', (text, storable) => expect(isStorableString(text)).toBe(storable));
});

describe('assertStorableJson', () => {
  it.each(['{"name":"plain"}', '["\\ud83d\\ude80"]', '{"escaped backslash":"\\\\u0000 is text"}', '[1, true, null, {"a": [[["deep"]]]}]'])(
    'accepts %s',
    (text) => expect(check(text)).not.toThrow(),
  );

  it.each([
    ['a NUL in a value', '{"name":"a\\u0000"}'],
    ['a NUL in a key', '{"a\\u0000":"b"}'],
    ['a lone surrogate deep inside', '[{"a":[{"b":["ok","\\udbff"]}]}]'],
    ['a NUL in a top-level string', '"\\u0000"'],
  ])('refuses %s', (_case, text) => expect(check(text)).toThrow(expect.objectContaining({ code: ErrorCode.bodyNotReadable })));

  it('walks 100,000 levels without running out of stack', () => {
    const text = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    expect(check(text)).toThrow(expect.objectContaining({ code: ErrorCode.bodyNotReadable }));
  });
});

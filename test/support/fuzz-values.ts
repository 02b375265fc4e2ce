import fc from 'fast-check';

/**
 * Hostile values, each invalid wherever the fuzzer puts it. Encoded ones go into a URL as they are: the
 * percent-encodings no UTF-8 decoder accepts, NUL, and UTF-16 surrogates in the form WTF-8 gives them
 * (a URL cannot carry a lone surrogate otherwise).
 */
export const NUL = '%00';
export const LONE_SURROGATES = ['%ED%A0%80', '%ED%B0%80'];
export const BAD_PERCENT_ENCODINGS = ['%', '%zz', '%G1', '%FF', '%C3', '%E2%82', '%C0%AF'];

export const badEncoding = fc.constantFrom(NUL, ...LONE_SURROGATES, ...BAD_PERCENT_ENCODINGS);

/** A valid value with a hostile encoding put into it (at the start, the end or inside). */
export const withBadEncoding = (value: string) =>
  fc
    .tuple(badEncoding, fc.nat({ max: value.length }))
    .map(([bad, at]) => ({ text: `${encodeURIComponent(value.slice(0, at))}${bad}${encodeURIComponent(value.slice(at))}`, what: `${bad} at ${at}` }));

/** Integers no int64 holds, and integers a double cannot hold exactly. */
export const HUGE_INTEGERS = ['1e30', '99999999999999999999', '-99999999999999999999'];
export const UNSAFE_INTEGER = '9007199254740993';
export const INT32_OVERFLOWS = ['2147483648', '-2147483649'];
export const NOT_NUMBERS = ['abc', 'NaN', 'Infinity', '-Infinity', '1.5', 'true'];
/**
 * A number written as a float: `5.0`, `5e0`. hawkBit's Spring parses ids and paging with `Long.valueOf`
 * (after trimming whitespace and decoding `0x` hex, so `+5`, ` 5` and `0x5` name 5 there too), which takes neither.
 */
export const floatSpellings = (n: number) => [`${n}.0`, `${n}e0`, `${n / 10}e1`];

/** Strings JavaScript treats specially as property names. */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype'];

/** In JSON strings: NUL and lone surrogates, which no database text column should take. */
export const BAD_CHARACTERS = ['\u0000', '\ud800', '\udfff'];

/** A string with one bad character put into it. */
export const withBadCharacter = (value: string) =>
  fc
    .tuple(fc.constantFrom(...BAD_CHARACTERS), fc.nat({ max: value.length }))
    .map(([bad, at]) => ({ text: `${value.slice(0, at)}${bad}${value.slice(at)}`, what: `${JSON.stringify(bad)} at ${at}` }));

/** Longer than `maxLength`, by a little or by a lot. */
export const tooLong = (maxLength: number) =>
  fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 17, max: 100_000 })).map((excess) => 'x'.repeat(maxLength + excess));

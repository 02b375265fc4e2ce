import { DomainError, ErrorCode } from '../errors.js';

/**
 * JSON text can carry a NUL or a lone surrogate only as a `\u` escape (raw control characters are not
 * JSON, and the body was decoded from UTF-8): a body without one needs no walk.
 */
const SUSPICIOUS_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** In a `u` expression a surrogate pair is one code point, so `\p{Cs}` matches lone surrogates only. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/**
 * A string the database stores as it is: PostgreSQL refuses NUL in text (SQLite keeps it, and cuts the
 * string at it in places), and neither UTF-8 nor PostgreSQL can hold a lone UTF-16 surrogate.
 */
export const isStorableString = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * Refuses a parsed JSON body holding a NUL or a lone surrogate in any string, object key or value, at any
 * depth (decision 32). `text` is the body as received, so that the common body is only scanned once.
 * The walk keeps its own stack: a deeply nested body cannot overflow the call stack.
 * @throws DomainError bodyNotReadable
 */
export function assertStorableJson(text: string, parsed: unknown): void {
  if (!SUSPICIOUS_ESCAPE.test(text)) return;
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isStorableString(value)) throw unstorable();
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableString(key)) throw unstorable();
        pending.push(item);
      }
    }
  }
}

const unstorable = () => new DomainError(ErrorCode.bodyNotReadable, 'The request body contains a NUL character or a lone UTF-16 surrogate');

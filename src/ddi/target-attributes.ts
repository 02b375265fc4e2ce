import { DomainError, ErrorCode } from '../errors.js';

export type AttributeMode = 'merge' | 'replace' | 'remove';
export type Attributes = Readonly<Record<string, string>>;

const MAX_LENGTH = 128;
// hawkBit's allowed characters for attribute keys and values (letters, digits, whitespace, punctuation).
const ALLOWED = /^[a-zA-Z0-9_\-!@#$%^&*()+=[\]{}|;:'",.<>/\\?\s]*$/;

const invalid = (message: string) => new DomainError(ErrorCode.targetAttributesInvalid, message);

/**
 * The attributes after a configData upload: merge sets the given keys, replace makes the given map the
 * attributes, remove deletes the given keys; in merge and replace a null value removes its key.
 * @throws DomainError targetAttributesInvalid for a key or value too long or with other characters
 */
export function applyAttributes(current: Attributes, mode: AttributeMode, data: Readonly<Record<string, string | null>>): Attributes {
  for (const [key, value] of Object.entries(data)) {
    if (key.length === 0 || key.length > MAX_LENGTH || !ALLOWED.test(key)) {
      throw invalid(`The attribute key {${key}} must be 1 to ${MAX_LENGTH} letters, digits, spaces or punctuation`);
    }
    if (value !== null && (value.length > MAX_LENGTH || !ALLOWED.test(value))) {
      throw invalid(`The value of attribute {${key}} must be at most ${MAX_LENGTH} letters, digits, spaces or punctuation`);
    }
  }
  // A Map, not an object: assigning the key `__proto__` to an object would drop it silently.
  const next = new Map(mode === 'replace' ? [] : Object.entries(current));
  for (const [key, value] of Object.entries(data)) {
    if (mode === 'remove' || value === null) next.delete(key);
    else next.set(key, value);
  }
  return Object.fromEntries(next);
}

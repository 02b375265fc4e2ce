import type { Context } from 'hono';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';

/** How an operation's request body is encoded, from its OpenAPI `requestBody.content`. */
export type BodyMediaType = 'json' | 'multipart';

/** `application/json` and the structured `application/…+json` types (hal+json, vnd.…+json). */
const JSON_TYPE = /^application\/(?:[^\s/;+]+\+)?json$/;
const MULTIPART_TYPE = 'multipart/form-data';
/** What a 415 lists in its `Accept` header. */
const ACCEPTED: Readonly<Record<BodyMediaType, string>> = { json: 'application/json', multipart: MULTIPART_TYPE };

/** The type and subtype of a Content-Type, lower case and without parameters (`; charset=…`, `; boundary=…`). */
const essence = (contentType: string) => (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();

/** Whether a Content-Type header names a body the operation can read (decision 30). */
export function acceptsMediaType(expected: BodyMediaType, contentType: string): boolean {
  const type = essence(contentType);
  return expected === 'json' ? JSON_TYPE.test(type) : type === MULTIPART_TYPE;
}

/**
 * The 415 for a body the operation cannot read, with the `Accept` header that names what it can (as
 * Spring answers). Thrown before a byte of the body is used.
 */
export function unsupportedMediaType(c: Context<AppEnv>, expected: BodyMediaType, contentType: string | undefined): DomainError {
  c.header('Accept', ACCEPTED[expected]);
  const given = contentType === undefined ? 'a body without Content-Type' : `Content-Type '${contentType}'`;
  return new DomainError(ErrorCode.unsupportedMediaType, `This operation reads ${ACCEPTED[expected]}, not ${given}`);
}

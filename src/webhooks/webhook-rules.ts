import { DomainError, ErrorCode } from '../errors.js';

const invalid = (message: string) => new DomainError(ErrorCode.constraintViolation, message);

/**
 * A target URL must be absolute http or https (decision 152). Addresses are not filtered: pointing a
 * webhook at an internal address is the operator's choice, and the README says what it risks.
 * @throws DomainError constraintViolation
 */
export function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`The webhook URL '${url.slice(0, 100)}' is not an absolute URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`The webhook URL must use http or https, not ${parsed.protocol.slice(0, 20)}`);
  }
  if (parsed.username !== '' || parsed.password !== '') throw invalid('The webhook URL must not carry credentials');
}

/**
 * A secret in the Standard Webhooks form: `whsec_` and the base64 of 24 to 64 bytes.
 * @throws DomainError constraintViolation
 */
export function checkSecret(secret: string): void {
  const body = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  const bytes = body === undefined || body.length % 4 !== 0 ? 0 : Buffer.from(body, 'base64').length;
  if (bytes < 24 || bytes > 64) throw invalid('The webhook secret must be whsec_ followed by the base64 of 24 to 64 bytes');
}

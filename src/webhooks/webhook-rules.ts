import { DomainError, ErrorCode } from '../errors.js';
import { bareHost, type DestinationRule } from './webhook-destination.js';

const invalid = (message: string) => new DomainError(ErrorCode.constraintViolation, message);

/**
 * A target URL must be absolute http or https without credentials (decision 152), and its host a destination
 * the rule permits (decision 273). The WHATWG parser has already turned decimal, octal and hex IPv4 spellings
 * (`2130706433`, `0177.0.0.1`, `0x7f.0.0.1`) into dotted quads, so the rule sees one form.
 * @throws DomainError constraintViolation
 */
export function checkUrl(url: string, destinations: DestinationRule): void {
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
  if (!destinations.permitsHost(parsed)) {
    throw invalid(
      `The webhook URL's host ${bareHost(parsed).slice(0, 100)} is not a public address (loopback, link-local, private, unique-local, unspecified or another special-purpose range); [webhooks] allow_private_destinations or allowed_private_networks allows it`,
    );
  }
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

import fc from 'fast-check';

/** A JSON token written as is: numbers JavaScript cannot hold (`99999999999999999999`, `1e400`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value whose leaves may be {@link RawJson}; lone surrogates come out as `\uD800` escapes. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A request as sent: the path with its query already percent-encoded (or deliberately not). */
export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * What a case expects: `refused`, a 4xx (every case whose request is invalid by construction), or
 * `answered`, anything but a 5xx (a well-formed but huge read, which the server may serve or refuse).
 */
export type Expectation = 'refused' | 'answered';

/** One generated request: the operation, the one part spoiled, and the request itself. */
export interface FuzzCase {
  readonly operationId: string;
  readonly spoiled: string;
  readonly expectation: Expectation;
  readonly request: FuzzRequest;
}

const SHOWN_BODY = 4000;
const ESCAPES: Readonly<Record<string, string>> = { '\r': '\\r', '\n': '\\n', '\t': '\\t' };

/** Control characters and lone surrogates as escapes, so that a printed body shows what was sent. */
const visible = (text: string) =>
  Array.from(text, (c) => {
    const code = c.codePointAt(0) ?? 0;
    const hidden = code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff);
    return hidden ? (ESCAPES[c] ?? `\\u${code.toString(16).padStart(4, '0')}`) : c;
  }).join('');

/** The request as a reader can replay it: method and path, headers, body (long bodies cut). */
export function describeRequest({ method, path, headers, body }: FuzzRequest): string {
  const lines = [`${method} ${path.length > SHOWN_BODY ? `${path.slice(0, SHOWN_BODY)}… (${path.length} characters)` : path}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) {
    const shown = body.length > SHOWN_BODY ? `${body.slice(0, SHOWN_BODY)}… (${body.length} characters)` : body;
    lines.push('', visible(shown));
  }
  return lines.join('\n');
}

/** A case that fast-check prints as the request it sends. */
export function fuzzCase(operationId: string, spoiled: string, expectation: Expectation, request: FuzzRequest): FuzzCase {
  return {
    operationId,
    spoiled,
    expectation,
    request,
    [fc.toStringMethod]: () => `\n${operationId}, spoiled: ${spoiled}\n${describeRequest(request)}\n`,
  } as FuzzCase;
}

import type { Context } from 'hono';

/** hawkBit answers DDI requests as HAL by default, whatever the client accepts. */
const HAL_JSON = 'application/hal+json';

/**
 * A 53-bit hash of a body (cyrb53), quoted: an ETag only has to change when the body does. SHA-1 cost 4%
 * of a poll's CPU, this a tenth of that.
 */
function bodyEtag(body: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < body.length; i++) {
    const char = body.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `"${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}"`;
}

/**
 * A DDI JSON answer with hawkBit's shallow ETag (a hash of the body): a client that sends it back in
 * `If-None-Match` gets 304 without the body.
 */
export function halResponse(c: Context, value: unknown): Response {
  return sendHal(c, halAnswer(value, c.req.header('if-none-match')));
}

/** Hono's response of a {@link HalAnswer}. */
export function sendHal(c: Context, answer: HalAnswer): Response {
  return answer.body === null ? c.body(null, 304, answer.headers) : c.body(answer.body, 200, answer.headers);
}

/** A complete DDI answer: 200 with its JSON text (and its length among the headers), or 304 without a body. */
export type HalAnswer =
  | { readonly status: 200; readonly headers: Readonly<Record<string, string>>; readonly body: string }
  | { readonly status: 304; readonly headers: Readonly<Record<string, string>>; readonly body: null };

/** A DDI answer as {@link halResponse} makes it, for a request that sent `ifNoneMatch`; the poll's lean path writes it itself. */
export function halAnswer(value: unknown, ifNoneMatch: string | undefined): HalAnswer {
  const body = JSON.stringify(value);
  const etag = bodyEtag(body);
  if (ifNoneMatch?.includes(etag)) return { status: 304, body: null, headers: { ETag: etag } };
  return { status: 200, body, headers: { 'Content-Type': HAL_JSON, ETag: etag, 'Content-Length': String(Buffer.byteLength(body)) } };
}

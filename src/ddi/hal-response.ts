import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** hawkBit answers DDI requests as HAL by default, whatever the client accepts. */
export const HAL_JSON = 'application/hal+json';

/**
 * A DDI JSON answer with hawkBit's shallow ETag (a hash of the body): a client that sends it back in
 * `If-None-Match` gets 304 without the body.
 */
export function halResponse(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  if (c.req.header('if-none-match')?.includes(etag)) return c.body(null, 304, { ETag: etag });
  return c.body(body, 200, { 'Content-Type': HAL_JSON, ETag: etag });
}

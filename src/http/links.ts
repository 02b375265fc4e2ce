import type { Context } from 'hono';

/** A HAL link. */
export interface Link {
  readonly href: string;
}

/**
 * The externally visible base of this server: the configured `url`, else the request's own origin
 * (scheme and Host header), so links work behind whatever name the client used.
 */
export function baseUrl(c: Context, configuredUrl: string | undefined): string {
  return configuredUrl ?? new URL(c.req.url).origin;
}

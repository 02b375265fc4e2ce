/** RFC 3986's host[:port], read strictly: DNS labels (underscores allowed), IPv4, or a bracketed IPv6 literal. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** The host name and port of a `Host` header value, normalised as a URL's `host` (lower case, no port 80); undefined unless host[:port]. */
export function normalisedHost(value: string): string | undefined {
  if (seen.has(value)) return seen.get(value);
  const match = HOST.exec(value);
  const host = match === null || Number(match[1] ?? 0) > 65535 || !URL.canParse(`http://${value}`) ? undefined : new URL(`http://${value}`).host;
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(value, host);
  return host;
}

/** Verdicts by Host value: every request is checked, and a fleet reaches the server under a few names. */
const seen = new Map<string, string | undefined>();
const MAX_SEEN = 64;

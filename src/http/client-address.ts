import { isIP } from 'node:net';

// Node reports IPv4 peers on dual-stack sockets as IPv4-mapped IPv6; targets
// should show the address an operator would recognise.
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const BRACKETED = /^\[([^\]]+)\](?::\d+)?$/;
const IPV4_WITH_PORT = /^([^:]+):\d+$/;

/** Returns the canonical form of `raw` if it is an IP address (optionally with port), else undefined. */
function parseAddress(raw: string): string | undefined {
  let candidate = raw.trim();
  // RFC 7239 requires quoting for IPv6 and ports; some proxies quote everything.
  if (candidate.length >= 2 && candidate.startsWith('"') && candidate.endsWith('"')) {
    candidate = candidate.slice(1, -1).trim();
  }
  const bracketed = BRACKETED.exec(candidate);
  if (bracketed?.[1] !== undefined) {
    candidate = bracketed[1];
  } else if (isIP(candidate) === 0) {
    // Only strip a port once the whole value failed to parse: in a bare IPv6
    // address the last hextet would otherwise be mistaken for a port.
    const withPort = IPV4_WITH_PORT.exec(candidate);
    if (withPort?.[1] !== undefined) candidate = withPort[1];
  }
  const version = isIP(candidate);
  if (version === 4) return candidate;
  if (version !== 6) return undefined;
  return IPV4_MAPPED.exec(candidate)?.[1] ?? candidate.toLowerCase();
}

/** Extracts the address part of one comma-separated header entry. */
function entryAddress(entry: string): string | undefined {
  // X-Forwarded-For entries never contain '=', RFC 7239 elements always do.
  if (!entry.includes('=')) return parseAddress(entry);
  for (const pair of entry.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === 'for') {
      return parseAddress(pair.slice(eq + 1));
    }
  }
  return undefined;
}

/**
 * Determines the address recorded for a target (`address` / `ipAddress`).
 *
 * Without a trusted proxy header the socket peer address is used. When the
 * operator configured `trusted_proxy_header`, its value is used instead: the
 * rightmost entry that is an IP address wins, because that is the one added
 * by the proxy we trust; entries further left were supplied by the client and
 * may be forged. Both X-Forwarded-For lists and RFC 7239 `Forwarded` elements
 * (`for=` parameter) are understood, with or without port. Entries that are
 * not IP addresses (`unknown`, obfuscated `_ids`, host names) are ignored; if
 * none remains, the peer address is used.
 *
 * IPv4-mapped IPv6 addresses are returned as plain IPv4, IPv6 addresses
 * without brackets and lowercased.
 *
 * @param peer socket remote address, if known
 * @param proxyHeaderValue raw value of the trusted header, or undefined when
 *   the header is not configured or missing from the request
 */
export function resolveClientAddress(peer: string | undefined, proxyHeaderValue: string | undefined): string | undefined {
  if (proxyHeaderValue !== undefined) {
    // Repeated headers arrive joined with ", ", so one split covers both cases.
    const entries = proxyHeaderValue.split(',');
    for (let i = entries.length - 1; i >= 0; i--) {
      const address = entryAddress(entries[i] ?? '');
      if (address !== undefined) return address;
    }
  }
  return peer === undefined ? undefined : (parseAddress(peer) ?? peer);
}

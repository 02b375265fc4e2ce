import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookConfig } from '../config.js';

/** What the delivery log says of an attempt refused by the destination rule: no address, no port, no error text. */
export const REFUSED_PRIVATE = 'refused: private destination';

/** The error a guarded lookup fails the connection with; the dispatcher logs it as {@link REFUSED_PRIVATE}. */
export class PrivateDestinationError extends Error {
  override name = 'PrivateDestinationError';
}

/**
 * Where a webhook may point (decision 273). Only public unicast addresses pass by default: ipaddr.js's
 * `range()` is `unicast` for every address outside its special ranges (loopback, link-local, private,
 * unique-local, unspecified, carrier-grade NAT, multicast, broadcast, reserved and the like), and not
 * for IPv4-compatible ones (::/96). An IPv4-mapped IPv6 address counts as the IPv4 address it carries; a
 * NAT64 address (64:ff9b::/96) as the IPv4 address in its last 32 bits, which is where a NAT64 gateway
 * sends it.
 */
export interface DestinationRule {
  /** whether a request may go to this address (any textual IPv4 or IPv6 form) */
  permits(address: string): boolean;
  /**
   * Whether a URL's host may be registered: an address literal by {@link permits}, a `localhost` name as
   * both loopback addresses; other names pass here and are checked against what they resolve to at delivery.
   */
  permitsHost(url: URL): boolean;
  /**
   * `dns.lookup` that fails with {@link PrivateDestinationError} when any address the name resolves to is
   * refused, so the socket connects only to addresses checked here (names resolve again on every delivery).
   */
  readonly lookup: LookupFunction;
}

const LOCALHOST_ADDRESSES = ['127.0.0.1', '::1'];
/** The well-known NAT64 prefix (RFC 6052), whose addresses carry an IPv4 address in their last 32 bits. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** IPv4-compatible IPv6 addresses (deprecated by RFC 4291), which ipaddr.js counts as unicast; an old kernel may tunnel them to IPv4. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** The IPv4 address a NAT64 address stands for; the address itself otherwise. */
function effectiveAddress(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === 'ipv6' && address.match(NAT64)) return ipaddr.fromByteArray(address.toByteArray().slice(12));
  return address;
}

const isPublic = (address: ipaddr.IPv4 | ipaddr.IPv6) => address.range() === 'unicast' && !(address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE));

/** A host as the WHATWG URL parser leaves it: IPv6 literals in brackets, a trailing dot kept. */
export function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function destinationRule(config: Pick<WebhookConfig, 'allowPrivateDestinations' | 'allowedPrivateNetworks'>): DestinationRule {
  const allowed = config.allowedPrivateNetworks.map((cidr) => ipaddr.parseCIDR(cidr));
  const permits = (text: string): boolean => {
    if (config.allowPrivateDestinations) return true;
    // ipaddr.process turns an IPv4-mapped IPv6 address into the IPv4 address it carries
    const address = effectiveAddress(ipaddr.process(text));
    if (isPublic(address)) return true;
    return allowed.some((network) => network[0].kind() === address.kind() && address.match(network));
  };

  const lookup = ((hostname: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      if (!addresses.every(({ address }) => permits(address))) return callback(new PrivateDestinationError(REFUSED_PRIVATE));
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address, first?.family);
    });
  }) as LookupFunction;

  return {
    permits,
    permitsHost(url) {
      const host = bareHost(url).toLowerCase();
      if (isIP(host) !== 0) return permits(host);
      if (host === 'localhost' || host.endsWith('.localhost')) return LOCALHOST_ADDRESSES.every(permits);
      return true;
    },
    lookup,
  };
}

import { isIP } from 'node:net';

/**
 * The plain IP address in an address given by an operator: a bare IP (`192.168.0.1`, `fe80::1`) or a URI
 * whose host is one (`http://192.168.0.1:8080`, `http://[fe80::1]`), as hawkBit shows addresses. IPv6 is
 * lower-cased. Undefined when there is no IP address in it: the target record keeps IP addresses only.
 */
export function ipAddressOf(address: string): string | undefined {
  const trimmed = address.trim();
  if (isIP(trimmed) !== 0) return trimmed.toLowerCase();
  let host: string;
  try {
    host = new URL(trimmed).hostname;
  } catch {
    return undefined;
  }
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(unbracketed) !== 0 ? unbracketed.toLowerCase() : undefined;
}

/** hawkBit's URI form of a device address: `http://<ip>`, IPv6 in brackets. */
export function addressUri(ip: string): string {
  return isIP(ip) === 6 ? `http://[${ip}]` : `http://${ip}`;
}

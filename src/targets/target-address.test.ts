import { describe, expect, it } from 'vitest';
import { addressUri, ipAddressOf } from './target-address.js';

describe('target addresses', () => {
  it.each([
    ['192.168.0.1', '192.168.0.1'],
    [' 10.0.0.7 ', '10.0.0.7'],
    ['FE80::1', 'fe80::1'],
    ['http://192.168.0.1', '192.168.0.1'],
    ['https://192.168.0.1:8443/x', '192.168.0.1'],
    ['http://[2001:DB8::5]', '2001:db8::5'],
    ['http://[::1]:8080', '::1'],
  ])('finds the IP address in %s', (input, ip) => {
    expect(ipAddressOf(input)).toBe(ip);
  });

  it.each(['', 'device.local', 'http://device.local', 'amqp://vhost/dev-1', '999.1.1.1', 'http://'])('finds none in %j', (input) => {
    expect(ipAddressOf(input)).toBeUndefined();
  });

  it('writes IPv4 plainly and IPv6 in brackets', () => {
    expect(addressUri('192.168.0.1')).toBe('http://192.168.0.1');
    expect(addressUri('2001:db8::5')).toBe('http://[2001:db8::5]');
  });
});

import { describe, expect, it } from 'vitest';

import { resolveClientAddress } from './client-address.js';

describe('resolveClientAddress', () => {
  describe('without proxy header', () => {
    it.each([
      ['IPv4', '192.0.2.1', '192.0.2.1'],
      ['IPv6', '2001:db8::1', '2001:db8::1'],
      ['IPv6 in upper case', '2001:DB8::A', '2001:db8::a'],
      ['IPv4-mapped IPv6', '::ffff:127.0.0.1', '127.0.0.1'],
      ['IPv4-mapped IPv6 in upper case', '::FFFF:10.0.0.5', '10.0.0.5'],
    ])('returns the peer address (%s)', (_name, peer, expected) => {
      expect(resolveClientAddress(peer, undefined)).toBe(expected);
    });

    it('returns undefined when neither peer nor header is known', () => {
      expect(resolveClientAddress(undefined, undefined)).toBeUndefined();
    });
  });

  describe('X-Forwarded-For syntax', () => {
    it.each([
      ['single IPv4', '203.0.113.7', '203.0.113.7'],
      ['IPv4 with port', '203.0.113.7:4711', '203.0.113.7'],
      ['bare IPv6 (last hextet is not a port)', '2001:db8::1', '2001:db8::1'],
      ['bare IPv6 ending in digits', '2001:db8::4711', '2001:db8::4711'],
      ['bracketed IPv6', '[2001:db8::1]', '2001:db8::1'],
      ['bracketed IPv6 with port', '[2001:db8::1]:4711', '2001:db8::1'],
      ['upper-case IPv6', '2001:DB8::CAFE', '2001:db8::cafe'],
      ['IPv4-mapped IPv6', '::ffff:198.51.100.9', '198.51.100.9'],
      ['rightmost entry of a list', '198.51.100.1, 203.0.113.7', '203.0.113.7'],
      ['rightmost entry without spaces', '198.51.100.1,203.0.113.7', '203.0.113.7'],
      ['whitespace around entries', '  198.51.100.1 ,\t203.0.113.7  ', '203.0.113.7'],
      ['rightmost entry with mixed families', '203.0.113.7, [2001:db8::2]:80', '2001:db8::2'],
    ])('%s', (_name, header, expected) => {
      expect(resolveClientAddress('10.0.0.1', header)).toBe(expected);
    });
  });

  describe('RFC 7239 Forwarded syntax', () => {
    it.each([
      ['plain for=', 'for=192.0.2.43', '192.0.2.43'],
      ['quoted IPv4', 'for="192.0.2.43"', '192.0.2.43'],
      ['quoted IPv4 with port', 'for="192.0.2.43:8080"', '192.0.2.43'],
      ['quoted bracketed IPv6 with port and other parameters', 'for="[2001:db8:cafe::17]:4711";proto=https;by=203.0.113.43', '2001:db8:cafe::17'],
      ['for= not first in the element', 'proto=http;for=192.0.2.60', '192.0.2.60'],
      ['case-insensitive parameter name', 'For=192.0.2.61', '192.0.2.61'],
      ['upper-case parameter name', 'proto=https;FOR="[2001:DB8::9]"', '2001:db8::9'],
      ['whitespace around parameters', ' for = 192.0.2.62 ; proto=https ', '192.0.2.62'],
      ['multiple elements', 'for=192.0.2.43, for="[2001:db8:cafe::17]"', '2001:db8:cafe::17'],
      ['multiple elements with parameters', 'for=192.0.2.43;proto=http, proto=https;for=198.51.100.17', '198.51.100.17'],
      ['by= alone does not count', 'for=192.0.2.43, by=203.0.113.43', '192.0.2.43'],
    ])('%s', (_name, header, expected) => {
      expect(resolveClientAddress('10.0.0.1', header)).toBe(expected);
    });
  });

  describe('entries that are not IP addresses', () => {
    it.each([
      ['unknown', '192.0.2.1, unknown', '192.0.2.1'],
      ['for=unknown', 'for=192.0.2.2, for=unknown', '192.0.2.2'],
      ['obfuscated identifier', 'for=192.0.2.3, for=_hidden', '192.0.2.3'],
      ['quoted obfuscated identifier with port', 'for=192.0.2.4, for="_hidden:_port"', '192.0.2.4'],
      ['host name', '192.0.2.5, example.com', '192.0.2.5'],
      ['host name with port', '192.0.2.6, example.com:443', '192.0.2.6'],
      ['empty entries', '192.0.2.7, , ,', '192.0.2.7'],
      ['mixed garbage', '192.0.2.8, unknown, _hidden, example.com, , for=unknown', '192.0.2.8'],
      ['out-of-range IPv4', '192.0.2.9, 256.1.1.1', '192.0.2.9'],
      ['unterminated bracket', '192.0.2.10, [2001:db8::1', '192.0.2.10'],
    ])('skips %s', (_name, header, expected) => {
      expect(resolveClientAddress('10.0.0.1', header)).toBe(expected);
    });

    it.each([
      ['empty header', ''],
      ['only whitespace', '   '],
      ['only garbage', 'unknown, _hidden, example.com, '],
      ['only non-IP Forwarded elements', 'for=unknown;proto=https, by=203.0.113.43'],
    ])('falls back to the peer when the header has no IP (%s)', (_name, header) => {
      expect(resolveClientAddress('::ffff:10.0.0.1', header)).toBe('10.0.0.1');
      expect(resolveClientAddress(undefined, header)).toBeUndefined();
    });
  });

  it('prefers a valid header entry even when the peer is unknown', () => {
    expect(resolveClientAddress(undefined, '203.0.113.7')).toBe('203.0.113.7');
  });
});

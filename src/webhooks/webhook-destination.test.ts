import { describe, expect, it } from 'vitest';
import { destinationRule } from './webhook-destination.js';

const byDefault = destinationRule({ allowPrivateDestinations: false, allowedPrivateNetworks: [] });

describe('the webhook destination rule', () => {
  it.each(['8.8.8.8', '2606:4700::1', '::ffff:8.8.8.8', '64:ff9b::808:808'])('permits the public address %s', (address) => {
    expect(byDefault.permits(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '2001:db8::1',
    '::7f00:1',
    '64:ff9b:1::a00:1',
  ])('refuses the special-purpose address %s', (address) => {
    expect(byDefault.permits(address)).toBe(false);
  });

  it('permits the private addresses of an allowed network, in either family, and no others', () => {
    const rule = destinationRule({ allowPrivateDestinations: false, allowedPrivateNetworks: ['10.20.0.0/16', 'fd00:1::/32'] });
    expect(rule.permits('10.20.3.4')).toBe(true);
    expect(rule.permits('::ffff:10.20.3.4')).toBe(true);
    expect(rule.permits('fd00:1::5')).toBe(true);
    expect(rule.permits('10.21.0.1')).toBe(false);
    expect(rule.permits('fd00:2::5')).toBe(false);
  });

  it('permits everything with allow_private_destinations', () => {
    const rule = destinationRule({ allowPrivateDestinations: true, allowedPrivateNetworks: [] });
    expect(rule.permits('127.0.0.1')).toBe(true);
    expect(rule.permitsHost(new URL('http://localhost/'))).toBe(true);
  });
});

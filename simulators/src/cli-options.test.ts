import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options.js';

const required = ['--url', 'http://127.0.0.1:8080', '--devices', '5000'];

describe('falconet-sim options', () => {
  it('needs only the URL and the device count; the rest is left to the library defaults', () => {
    expect(parseCliOptions(required)).toEqual({
      fleet: { url: 'http://127.0.0.1:8080', devices: 5000, mix: {} },
      json: false,
      quiet: false,
    });
  });

  it('reads every option, seconds into milliseconds', () => {
    const options = parseCliOptions([
      ...required,
      '--tenant',
      'ACME',
      '--prefix',
      'dev-',
      '--gateway-token',
      'T',
      '--poll-interval',
      '2.5',
      '--jitter',
      '0.2',
      '--ramp-up',
      '10',
      '--seed',
      '42',
      '--fail',
      '0.1',
      '--slow',
      '0.05',
      '--offline',
      '0.02',
      '--deny',
      '0.01',
      '--ignore-confirmation',
      '0.03',
      '--slow-rate',
      '1024',
      '--install-time',
      '0.5',
      '--connections',
      '64',
      '--timeout',
      '5',
      '--until-closed',
      '1',
      '--duration',
      '600',
      '--json',
      '--quiet',
    ]);
    expect(options).toEqual({
      fleet: {
        url: 'http://127.0.0.1:8080',
        devices: 5000,
        tenant: 'ACME',
        prefix: 'dev-',
        gatewayToken: 'T',
        pollIntervalMs: 2500,
        jitter: 0.2,
        rampUpMs: 10_000,
        seed: 42,
        mix: { fail: 0.1, slow: 0.05, offline: 0.02, deny: 0.01, ignoreConfirmation: 0.03 },
        slowBytesPerSec: 1024,
        installMs: 500,
        connections: 64,
        requestTimeoutMs: 5000,
        untilClosed: 1,
        durationMs: 600_000,
      },
      json: true,
      quiet: true,
    });
  });

  it('keeps a target-token template and drops a trailing slash of the URL', () => {
    const options = parseCliOptions(['--url', 'https://ota.example.com/', '--devices', '1', '--target-token', 'tok-{id}']);
    expect(options?.fleet).toMatchObject({ url: 'https://ota.example.com', targetToken: 'tok-{id}' });
  });

  it('answers undefined to --help', () => {
    expect(parseCliOptions(['--help'])).toBeUndefined();
  });

  it.each([
    [[], '--url is required'],
    [['--url', 'http://h'], '--devices is required'],
    [['--url', 'ftp://h', '--devices', '1'], '--url must be an http(s) URL'],
    [[...required.slice(0, 2), '--devices', '0'], '--devices must be an integer ≥ 1'],
    [[...required.slice(0, 2), '--devices', '1.5'], '--devices must be an integer ≥ 1'],
    [[...required, '--fail', '1.5'], '--fail must be a number between 0 and 1'],
    [[...required, '--fail', 'x'], "--fail must be a number between 0 and 1, got 'x'"],
    [[...required, '--poll-interval', '0'], '--poll-interval must be a number ≥ 0.01'],
    [[...required, '--fail', '0.6', '--offline', '0.5'], 'the behaviour shares add up to 1.1, more than 1'],
    [[...required, '--gateway-token', 'a', '--target-token', 'b'], 'not both'],
    [[...required, '--bogus', '1'], "Unknown option '--bogus'"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliOptions(argv)).toThrow(message);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioError } from './scenario.js';

const MINIMAL = `
[fleet]
devices = 10

[[phase]]
name = "steady"
duration = 5
`;

const errorOf = (text: string): string => {
  try {
    parseScenario(text);
  } catch (error) {
    if (error instanceof ScenarioError) return error.message;
    throw error;
  }
  throw new Error('the scenario was accepted');
};

describe('scenario files', () => {
  it('needs only a fleet size and one phase; the rest has defaults', () => {
    expect(parseScenario(MINIMAL)).toEqual({
      name: 'scenario',
      seed: 1,
      sampleIntervalMs: 1000,
      server: { url: undefined, tenant: 'DEFAULT' },
      fleet: {
        devices: 10,
        prefix: 'sim-',
        gatewayToken: undefined,
        targetToken: undefined,
        pollIntervalMs: undefined,
        jitter: undefined,
        installMs: undefined,
        connections: undefined,
        requestTimeoutMs: undefined,
        slowBytesPerSec: undefined,
        mix: {},
      },
      management: undefined,
      deployment: undefined,
      phases: [
        {
          name: 'steady',
          durationMs: 5000,
          rampUpMs: undefined,
          untilSeen: false,
          deploy: false,
          untilClosed: false,
          faults: {
            resets: 0,
            cutDownloads: 0,
            rebootDuringInstall: 0,
            slowLinks: 0,
            slowLinkBytesPerSec: 32768,
            churn: 0,
            churnOfflineMs: 10_000,
            churnWindowMs: undefined,
          },
        },
      ],
      assertions: {
        allClosedWithinMs: undefined,
        pollP99BelowMs: undefined,
        downloadP99BelowMs: undefined,
        noStuckDevices: false,
        downloadsVerified: false,
        rolloutFinished: false,
        maxErrors: undefined,
      },
    });
  });

  it('reads the example of CI: a ramp-up, a rollout with every fault, a cool-down, and its assertions', () => {
    const scenario = parseScenario(readFileSync(new URL('../scenarios/ci-faults.toml', import.meta.url), 'utf8'));
    expect(scenario.fleet).toMatchObject({ devices: 150, prefix: 'ci-', gatewayToken: 'sim-gateway-token', installMs: 500 });
    expect(scenario.management).toEqual({ username: 'admin', password: { env: 'FALCONET_SIM_PASSWORD' } });
    expect(scenario.deployment).toEqual({ artifactBytes: 262144, distributionSetId: undefined, rolloutGroups: 3, actionType: 'forced' });
    expect(scenario.phases.map((phase) => [phase.name, phase.rampUpMs, phase.untilSeen, phase.deploy, phase.untilClosed])).toEqual([
      ['ramp-up', 5000, true, false, false],
      ['rollout', undefined, false, true, true],
      ['cool-down', undefined, false, false, false],
    ]);
    expect(scenario.phases[1]?.faults).toEqual({
      resets: 0.05,
      cutDownloads: 0.5,
      rebootDuringInstall: 0.2,
      slowLinks: 0.1,
      slowLinkBytesPerSec: 262144,
      churn: 0.1,
      churnOfflineMs: 5000,
      churnWindowMs: 5000,
    });
    expect(scenario.assertions).toMatchObject({
      allClosedWithinMs: 600_000,
      noStuckDevices: true,
      downloadsVerified: true,
      rolloutFinished: true,
      maxErrors: 0,
    });
  });

  it('reads the behaviour mix by its snake_case names', () => {
    const scenario = parseScenario(MINIMAL.replace('devices = 10', 'devices = 10\n[fleet.mix]\nfail = 0.1\nignore_confirmation = 0.2'));
    expect(scenario.fleet.mix).toEqual({ fail: 0.1, ignoreConfirmation: 0.2 });
  });

  it.each([
    ['an unknown top-level key', `speed = 3\n${MINIMAL}`, 'unknown key speed'],
    ['an unknown key in a table', MINIMAL.replace('devices = 10', 'devices = 10\ndevice_count = 3'), 'unknown key fleet.device_count'],
    ['an unknown key in a phase', `${MINIMAL}resets_per_second = 2\n`, 'unknown key phase[0].resets_per_second'],
    ['an unknown behaviour', MINIMAL.replace('devices = 10', 'devices = 10\n[fleet.mix]\nexplode = 0.1'), 'unknown key fleet.mix.explode'],
    ['a string for a number', MINIMAL.replace('devices = 10', 'devices = "10"'), "fleet.devices must be an integer ≥ 1, got '10'"],
    ['a fraction of a device', MINIMAL.replace('devices = 10', 'devices = 2.5'), 'fleet.devices must be an integer ≥ 1, got 2.5'],
    ['a share above 1', `${MINIMAL}churn = 1.5\n`, 'phase[0].churn must be a number between 0 and 1, got 1.5'],
    ['a number for a flag', `${MINIMAL}deploy = 1\n`, 'phase[0].deploy must be true or false, got 1'],
    ['a table for a string', `name = { a = 1 }\n${MINIMAL}`, 'name must be a non-empty string, got a table'],
    ['a zero duration', MINIMAL.replace('duration = 5', 'duration = 0'), 'phase[0].duration must be a number > 0, got 0'],
    ['a phase table instead of an array', '[fleet]\ndevices = 1\n[phase]\nname = "x"', 'phase must be an array of tables ([[phase]]), got a table'],
    ['no fleet', '[[phase]]\nname = "x"\nduration = 1', 'fleet is required'],
    ['no phase', '[fleet]\ndevices = 1', 'phase is required: at least one [[phase]]'],
    [
      'a ramp-up after the first phase',
      `${MINIMAL}[[phase]]\nname = "later"\nduration = 1\nramp_up = 3\n`,
      'phase[1].ramp_up: only the first phase starts the devices',
    ],
    ['a phase without a name', MINIMAL.replace('name = "steady"', ''), 'phase[0].name is required'],
    [
      'both tokens',
      MINIMAL.replace('devices = 10', 'devices = 10\ngateway_token = "g"\ntarget_token = "t"'),
      'give fleet.gateway_token or fleet.target_token, not both',
    ],
    ['shares over 1', MINIMAL.replace('devices = 10', 'devices = 10\n[fleet.mix]\nfail = 0.6\nslow = 0.6'), 'fleet.mix shares add up to 1.2, more than 1'],
    ['a bad URL', `[server]\nurl = "ftp://x"\n${MINIMAL}`, "server.url must be an http(s) URL, got 'ftp://x'"],
    [
      'a deployment without a deploy phase',
      `[management]\npassword = "p"\n[deployment]\nartifact_size = 10\n${MINIMAL}`,
      'with a [deployment], exactly one phase must have deploy = true, not 0',
    ],
    ['a deploy phase without a deployment', `${MINIMAL}deploy = true\n`, 'a phase has deploy = true but there is no [deployment]'],
    ['a deployment without credentials', `[deployment]\nartifact_size = 10\n${MINIMAL}deploy = true\n`, 'a [deployment] needs [management] credentials'],
    [
      'both a set and an artifact',
      `[management]\npassword = "p"\n[deployment]\nartifact_size = 10\ndistribution_set = 3\n${MINIMAL}deploy = true\n`,
      'give deployment.artifact_size or deployment.distribution_set, one of them',
    ],
    ['no password', `[management]\nusername = "u"\n${MINIMAL}`, 'give management.password or management.password_env, one of them'],
    [
      'a rollout assertion without a rollout',
      `[assertions]\nrollout_finished = true\n${MINIMAL}`,
      'assertions.rollout_finished needs deployment.rollout_groups',
    ],
    [
      'an unknown action type',
      `[management]\npassword = "p"\n[deployment]\nartifact_size = 10\naction_type = "later"\n${MINIMAL}deploy = true\n`,
      "deployment.action_type must be one of forced, soft, got 'later'",
    ],
    ['broken TOML', 'devices = = 3', 'not TOML: Invalid TOML document: invalid value (line 1, column 11)'],
  ])('refuses %s with one line naming the key', (_, text, message) => {
    expect(errorOf(text)).toBe(message);
  });
});

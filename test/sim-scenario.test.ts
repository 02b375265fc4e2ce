import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../simulators/src/scenario.js';
import { runScenario, type ScenarioResult } from '../simulators/src/scenario-run.js';
import { writeJUnit, writeReport } from '../simulators/src/scenario-report.js';
import { chromiumSkipReason, launchChromium } from './console/browser.js';
import { startCliServer, writeServerConfig, type CliServer } from './support/cli-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { TEST_PASSWORD } from './support/test-app.js';

// The example scenario of simulators/scenarios/ against a real `falconet serve`: a rollout through churn,
// connection resets, downloads cut and resumed with Range, and reboots while installing; its assertions
// must hold, and its report must be written (and draw its charts in Chromium).
const SCENARIO = new URL('../simulators/scenarios/ci-faults.toml', import.meta.url);
const chromiumSkip = chromiumSkipReason();

describe.each(DATABASE_KINDS)('falconet-sim run ci-faults.toml against falconet serve on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let server: CliServer;
  let result: ScenarioResult;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falconet-sim-scenario-'));
    database = await createTestDatabase(kind);
    const config = writeServerConfig(
      dir,
      'falconet',
      database.url,
      'rollout_eval_interval_secs = 1\n[ddi]\ngateway_token = "sim-gateway-token"\npolling_interval = "00:00:01"',
    );
    server = await startCliServer(config);
  }, 30_000);
  afterAll(async () => {
    server.child.kill();
    await server.exited;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('drives the rollout to its end through every fault, and every assertion holds', { timeout: 90_000 }, async () => {
    result = await runScenario(parseScenario(readFileSync(SCENARIO, 'utf8')), { url: server.base, env: { FALCONET_SIM_PASSWORD: TEST_PASSWORD } });
    expect(result.assertions.filter((assertion) => !assertion.passed)).toEqual([]);
    expect(result.assertions.map((assertion) => assertion.name)).toEqual([
      'all_closed_within',
      'poll_p99_below',
      'no_stuck_devices',
      'downloads_verified',
      'rollout_finished',
      'max_errors',
    ]);
    expect(result.passed).toBe(true);
    const { fleet } = result;
    expect(fleet.devices).toMatchObject({ total: 150, online: 150, seen: 150, finished: 150, done: 150, stuck: 0 });
    // every fault happened, and the devices came through it
    const f = fleet.faults;
    expect(f.resets).toBeGreaterThan(0);
    expect(f.downloadsCut).toBeGreaterThan(0);
    expect(f.downloadsResumed).toBeGreaterThanOrEqual(f.downloadsCut);
    expect(f.rangeIgnored).toBe(0);
    expect(f.reboots).toBeGreaterThan(0);
    expect(f.sameActionAfterReboot).toBe(f.reboots);
    // a tenth of the fleet churns; those that had closed their action may still be away at the end
    expect(f.churnedOffline).toBeGreaterThan(0);
    expect(f.churnedOffline).toBeLessThanOrEqual(15);
    expect(f.churnedBack).toBeGreaterThan(0);
    expect(fleet.downloads).toMatchObject({ verified: 150, sizeMismatches: 0, hashMismatches: 0 });
    expect(fleet.phases.map((phase) => [phase.name, phase.endedBy])).toEqual([
      ['ramp-up', 'seen'],
      ['rollout', 'closed'],
      ['cool-down', 'duration'],
    ]);
    expect(result.deployment).toMatchObject({ rolloutStatus: 'finished' });
  });

  it('writes summary.json, index.html and JUnit XML of the run', () => {
    const reportDir = join(dir, 'report');
    writeReport(reportDir, result);
    writeJUnit(join(dir, 'junit.xml'), result);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as ScenarioResult;
    expect(summary.assertions).toEqual(result.assertions);
    expect(summary.fleet.timeline.samples.length).toBeGreaterThan(3);
    const html = readFileSync(join(reportDir, 'index.html'), 'utf8');
    // self-contained: nothing loaded from anywhere
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuite name="falconet-sim ci-faults" tests="6" failures="0"');
  });

  it.skipIf(chromiumSkip !== undefined || kind !== 'sqlite')(
    'draws the timeline and a latency histogram per request kind in Chromium',
    { timeout: 60_000 },
    async () => {
      const page = join(dir, 'report', 'index.html');
      expect(existsSync(page)).toBe(true);
      const browser = await launchChromium();
      try {
        const tab = await browser.newPage();
        const requests: string[] = [];
        tab.on('request', (request) => requests.push(request.url()));
        await tab.goto(`file://${page}`);
        const timeline = tab.locator('svg[data-chart="timeline"]');
        await expect(timeline.locator('path[data-state]').count()).resolves.toBeGreaterThanOrEqual(4);
        expect((await timeline.boundingBox())?.height).toBeGreaterThan(100);
        const kinds = await Promise.all((await tab.locator('svg[data-chart="latency"]').all()).map((chart) => chart.getAttribute('data-kind')));
        expect(kinds).toEqual(expect.arrayContaining(['poll', 'deploymentBase', 'download', 'deploymentFeedback']));
        const pollBars = tab.locator('svg[data-chart="latency"][data-kind="poll"] rect.bar');
        await expect(pollBars.count()).resolves.toBeGreaterThan(3);
        await expect(tab.locator('table.assertions tr', { hasText: 'rollout_finished' }).textContent()).resolves.toContain('pass');
        expect(requests).toEqual([`file://${page}`]);
      } finally {
        await browser.close();
      }
    },
  );
});

import { INJECTED } from './ddi-http.js';
import type { FleetSummary } from './fleet-summary.js';
import type { Scenario } from './scenario.js';

/** One assertion of a scenario, judged. */
export interface AssertionResult {
  /** the key in `[assertions]` */
  readonly name: string;
  readonly passed: boolean;
  /** what was asked, in words */
  readonly expected: string;
  /** what the run showed */
  readonly actual: string;
}

/** What the assertions look at besides the fleet's summary. */
export interface DeploymentOutcome {
  /** when the deployment was created, ms from the fleet's start; null: never */
  readonly startedAtMs: number | null;
  /** the rollout's last status, when there is one */
  readonly rolloutStatus: string | undefined;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Every assertion the scenario gives, judged against the run. */
export function judge(scenario: Scenario, summary: FleetSummary, deployment: DeploymentOutcome): AssertionResult[] {
  const a = scenario.assertions;
  const results: AssertionResult[] = [];
  const online = summary.devices.online;
  if (a.allClosedWithinMs !== undefined) {
    const closed = summary.devices.done;
    const last = summary.devices.lastClosedMs;
    const took = last === null || deployment.startedAtMs === null ? undefined : last - deployment.startedAtMs;
    results.push({
      name: 'all_closed_within',
      passed: closed === online && took !== undefined && took <= a.allClosedWithinMs,
      expected: `all ${online} online devices close the action within ${seconds(a.allClosedWithinMs)} of the deployment`,
      actual: `${closed} of ${online} closed` + (took === undefined ? '' : `, the last ${seconds(took)} after the deployment`),
    });
  }
  if (a.pollP99BelowMs !== undefined) {
    const { p99 } = summary.requests.poll.latencyMs;
    results.push({
      name: 'poll_p99_below',
      passed: summary.requests.poll.count > 0 && p99 < a.pollP99BelowMs,
      expected: `poll p99 < ${a.pollP99BelowMs} ms`,
      actual: `${p99} ms over ${summary.requests.poll.count} polls`,
    });
  }
  if (a.downloadP99BelowMs !== undefined) {
    const { p99 } = summary.requests.download.latencyMs;
    results.push({
      name: 'download_p99_below',
      passed: summary.requests.download.count > 0 && p99 < a.downloadP99BelowMs,
      expected: `download p99 < ${a.downloadP99BelowMs} ms`,
      actual: `${p99} ms over ${summary.requests.download.count} downloads`,
    });
  }
  if (a.noStuckDevices) {
    const unseen = online - summary.devices.seen;
    results.push({
      name: 'no_stuck_devices',
      passed: summary.devices.stuck === 0 && unseen === 0,
      expected: 'every online device answered a poll and closed every action it was offered',
      actual: `${summary.devices.stuck} with an open action, ${unseen} never seen`,
    });
  }
  if (a.downloadsVerified) {
    const d = summary.downloads;
    const bad = d.sizeMismatches + d.hashMismatches;
    results.push({
      name: 'downloads_verified',
      passed: d.count > 0 && bad === 0 && d.verified === d.count,
      expected: 'every download, resumed ones included, has the size and SHA-256 the server announced',
      actual: `${d.verified} of ${d.count} verified (${summary.faults.downloadsResumed} continuations with Range), ${d.sizeMismatches} size and ${d.hashMismatches} hash mismatches`,
    });
  }
  if (a.rolloutFinished) {
    results.push({
      name: 'rollout_finished',
      passed: deployment.rolloutStatus === 'finished',
      expected: 'the rollout reaches finished',
      actual: `the rollout is ${deployment.rolloutStatus ?? 'not created'}`,
    });
  }
  if (a.maxErrors !== undefined) {
    const errors = Object.entries(summary.errors)
      .filter(([cause]) => !cause.endsWith(INJECTED))
      .reduce((sum, [, count]) => sum + count, 0);
    results.push({
      name: 'max_errors',
      passed: errors <= a.maxErrors,
      expected: `at most ${a.maxErrors} errors besides the injected faults`,
      actual: `${errors} errors`,
    });
  }
  return results;
}

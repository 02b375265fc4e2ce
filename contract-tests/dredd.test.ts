import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiOperations } from '../src/http/api-operations.js';
import { DATABASE_KINDS } from '../test/support/databases.js';
import { listen } from '../test/support/simulator-fixtures.js';
import { startTestApp, type TestApp } from '../test/support/test-app.js';
import { runDredd, type DreddOutcome } from './dredd-run.js';
import { DREDD_METRICS_TOKEN } from './dredd-scenarios.js';
import { loadResponseValidator } from './response-validator.js';

/** Every outcome that is not a pass, one per line, for a failure message a reader can act on. */
const problems = (outcomes: readonly DreddOutcome[], status: DreddOutcome['status']) =>
  outcomes.filter((outcome) => outcome.status === status).map((outcome) => `${outcome.transaction}: ${outcome.message}`);

const isSuccess = (outcome: DreddOutcome) => / 2\d\d$/.test(outcome.transaction);

describe.each(DATABASE_KINDS)('dredd walks the documented examples (%s)', (kind) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    // Both gates on, so that the approval and confirmation operations have something to act on; a trusted
    // proxy header, so that one client address can be locked out by failed logins (429) and not the run's;
    // a metrics token, so that /metrics has its 401; local webhook URLs admitted.
    t = await startTestApp(kind, {
      rollout_approval_enabled: true,
      auto_assignment_approval_enabled: true,
      'ddi.confirmation_flow': true,
      'ddi.gateway_token': 'dredd-gateway',
      'ddi.trusted_proxy_header': 'x-forwarded-for',
      'metrics.token': DREDD_METRICS_TOKEN,
      // the world's webhooks point at a closed port of this machine
      'webhooks.allow_private_destinations': true,
    });
    server = await listen(t);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it.each(['ddi', 'mgmt'] as const)(
    '%s: every documented success and every reachable error answers as documented',
    async (document) => {
      const { stats, outcomes } = await runDredd(document, t, server.url, await loadResponseValidator());
      expect(problems(outcomes, 'error')).toEqual([]);
      expect(problems(outcomes, 'fail')).toEqual([]);
      // Every documented success response must have been produced; only error responses may be skipped.
      expect(outcomes.filter((outcome) => isSuccess(outcome) && outcome.status !== 'pass').map((outcome) => outcome.transaction)).toEqual([]);
      // And Dredd walked every operation: each one has a passing transaction.
      const passed = new Set(outcomes.filter((outcome) => outcome.status === 'pass').map((outcome) => outcome.transaction.replace(/ \d{3}$/, '')));
      const operations = await loadApiOperations(document);
      expect(operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).filter((key) => !passed.has(key))).toEqual([]);
      expect(stats.tests).toBe(outcomes.length);
      const skippedByStatus: Record<string, number> = {};
      for (const outcome of outcomes.filter((o) => o.status === 'skip')) {
        const status = outcome.transaction.split(' ').at(-1) as string;
        skippedByStatus[status] = (skippedByStatus[status] ?? 0) + 1;
      }
      console.info(
        `dredd ${document} (${kind}): ${stats.passes} passed, ${stats.skipped} skipped of ${stats.tests}; skipped per status ${JSON.stringify(skippedByStatus)}`,
      );
    },
    600_000,
  );
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintChanges, fingerprinter, onlyFilesDiffer, type Fingerprint } from './support/database-fingerprint.js';
import { DATABASE_KINDS } from './support/databases.js';
import { loadFuzzOperations, type FuzzOperation } from './support/fuzz-operations.js';
import { describeRequest, type FuzzCase, type FuzzRequest } from './support/fuzz-request.js';
import { fuzzCases } from './support/fuzz-spoilers.js';
import { baseRequests, FUZZ_GATEWAY_TOKEN, type BaseRequest } from './support/fuzz-world.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Hostile input over every operation of both documents (the job schemathesis does elsewhere): each case
 * is an operation's valid request with one part spoiled (support/fuzz-spoilers.ts), sent through the
 * whole app. Whatever the case, the answer is never a 5xx; a refused request answers hawkBit's
 * ExceptionInfo (a device's 401 and HEAD answer no body) and changes no row of any table and no file.
 *
 * CI runs a fixed seed and a small budget; `npm run fuzz` runs longer with a random seed (printed), and
 * FALCONET_FUZZ_RUNS and FALCONET_FUZZ_SEED choose both. A failure prints the shrunk request and the
 * seed; replay it with that FALCONET_FUZZ_SEED and `-t <operationId>`.
 */
const RUNS = Number(process.env['FALCONET_FUZZ_RUNS'] ?? 12);
const SEED = seedOf(process.env['FALCONET_FUZZ_SEED']);
console.info(`api fuzz: seed ${SEED}, ${RUNS} runs per operation`);

function seedOf(value: string | undefined): number {
  if (value === undefined) return 20261122;
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  return Number(value);
}

const operations = [...(await loadFuzzOperations('mgmt')), ...(await loadFuzzOperations('ddi'))];
/** Operations that take no input at all (no parameter, no body, no credentials; /metrics has no token here): nothing to spoil. */
const WITHOUT_INPUT = new Set(['getHealth', 'getReadiness', 'getMetrics', 'logout', 'getManagementApiDocument', 'getDeviceApiDocument']);
const takesInput = (operation: FuzzOperation) => operation.parameters.length > 0 || operation.body !== undefined || operation.secured;

/** A field each operation's `q` knows, found by asking: the first candidate the list accepts. */
const FIQL_CANDIDATES = ['name', 'status', 'controllerId'];
/** How long a changed fingerprint may take to settle back: a refused upload removes its temp file after answering. */
const SETTLE_MS = 2000;

describe.each(DATABASE_KINDS)('hostile requests on %s (fuzz)', (kind) => {
  let t: TestApp;
  let baseOf: (operation: FuzzOperation) => Promise<BaseRequest>;
  let fingerprint: () => Promise<Fingerprint>;
  let cases = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    t = await startTestApp(kind, {
      rollout_approval_enabled: true,
      auto_assignment_approval_enabled: true,
      'ddi.confirmation_flow': true,
      'ddi.gateway_token': FUZZ_GATEWAY_TOKEN,
      // the world's webhook points at a closed port of this machine
      'webhooks.allow_private_destinations': true,
    });
    const read = await fingerprinter(t.db, t.config.artifactDir as string);
    // Some reads write: a poll (first contact at once, later poll times buffered in memory), a deploymentBase
    // fetch (actions.deployment_fetch_count and a `retrieved` entry), a whole DDI download (a download
    // entry). Each writes only when it succeeds, and every case here must be refused, so no column is
    // left out of the fingerprint; the poll buffer is flushed first, so that a wrongly served poll shows.
    fingerprint = async () => (await t.services.pollRecorder.flush(), read());
    baseOf = baseRequests(t, fingerprint);
  });
  afterAll(async () => {
    console.info(`api fuzz (${kind}): ${operations.length} operations, ${cases} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await t?.close();
  });

  /**
   * Each operation's cases come from a client address of their own: ten failed logins lock an address
   * out, and the login cases must not lock out every operation after them.
   */
  const send = (operation: FuzzOperation, request: FuzzRequest) => {
    const index = operations.indexOf(operation);
    const init = { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) };
    return t.app.request(request.path, init, { incoming: { socket: { remoteAddress: `198.18.${index >> 8}.${index & 255}` } } });
  };

  async function fiqlFieldOf(base: BaseRequest): Promise<string> {
    const path = base.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(base.params[name] ?? ''));
    for (const field of FIQL_CANDIDATES) {
      const response = await send(base.operation, { method: 'GET', path: `${path}?q=${field}%3D%3Da`, headers: { ...base.credentials[0] } });
      if (response.status === 200) return field;
    }
    return 'name';
  }

  /** The fingerprint after a case, waiting a little for files that differ to settle back. */
  async function settled(before: Fingerprint): Promise<Fingerprint> {
    const deadline = Date.now() + SETTLE_MS;
    let after = await fingerprint();
    while (onlyFilesDiffer(before, after) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await fingerprint();
    }
    return after;
  }

  it('every operation but those without any input has something to spoil', () => {
    expect(new Set(operations.filter((operation) => !takesInput(operation)).map((operation) => operation.operationId))).toEqual(WITHOUT_INPUT);
  });

  it.each(operations.filter(takesInput).map((operation) => [operation.operationId, operation] as const))(
    '%s refuses every spoiled request',
    async (_, operation) => {
      const base = await baseOf(operation);
      const arbitrary = fuzzCases(base, { fiqlField: operation.parameters.some((p) => p.name === 'q') ? await fiqlFieldOf(base) : 'name' });
      expect(arbitrary, 'cases').toBeDefined();
      let before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(arbitrary as fc.Arbitrary<FuzzCase>, async (fuzz) => {
          cases += 1;
          const response = await send(operation, fuzz.request);
          const body = await response.text();
          const after = await settled(before);
          const problems = [
            ...statusProblems(fuzz, response.status),
            ...bodyProblems(operation, fuzz, response, body),
            ...fingerprintChanges(before, after).map((change) => `changed ${change}`),
          ];
          before = after;
          if (problems.length > 0) {
            throw new Error(`${problems.join('\n')}\nanswered ${response.status}: ${body.slice(0, 500)}\nto ${describeRequest(fuzz.request)}`);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    Math.max(120_000, RUNS * 5000),
  );
});

function statusProblems({ expectation }: FuzzCase, status: number): string[] {
  if (status >= 500) return [`a server error ${status}`];
  if (expectation === 'refused' && status < 400) return [`accepted with ${status}, expected a 4xx`];
  return [];
}

/**
 * A refusal's body: none for HEAD and where the document declares the status without one (a device's 401,
 * as hawkBit answers it; a failed If-Match), hawkBit's ExceptionInfo otherwise.
 */
function bodyProblems(operation: FuzzOperation, { request }: FuzzCase, response: Response, body: string): string[] {
  if (response.status < 400) return [];
  const emptyExpected = request.method === 'HEAD' || operation.bodiless.has(response.status);
  if (emptyExpected) return body === '' ? [] : [`a body where none belongs: ${body.slice(0, 200)}`];
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return [`not an ExceptionInfo body: ${body.slice(0, 200)}`];
  }
  const fields = ['exceptionClass', 'errorCode', 'message'].filter((field) => typeof info[field] !== 'string');
  const extra = info['info'] !== undefined && (typeof info['info'] !== 'object' || info['info'] === null);
  return fields.length > 0 || extra ? [`not an ExceptionInfo body (${[...fields, ...(extra ? ['info'] : [])].join(', ')}): ${body.slice(0, 200)}`] : [];
}

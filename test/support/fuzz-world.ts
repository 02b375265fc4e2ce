/**
 * The valid request each fuzz case spoils one part of. It is the request the Dredd run proves successful:
 * the operation's documented example, with the path parameters and body ids of a world of real entities
 * (contract-tests/dredd-world.ts) and the state the operation needs (contract-tests/dredd-scenarios.ts).
 */
import { createWorld, operatorApi, type World } from '../../contract-tests/dredd-world.js';
import { authorizationOf, SCENARIOS, worldParams, type Prepared } from '../../contract-tests/dredd-scenarios.js';
import { rowsChanged, type Fingerprint } from './database-fingerprint.js';
import type { FuzzOperation } from './fuzz-operations.js';
import type { TestApp } from './test-app.js';

export const FUZZ_GATEWAY_TOKEN = 'fuzz-gateway-token';

/** The body of a valid request: JSON, or a multipart text with its Content-Type. */
export type BaseBody = { readonly json: unknown } | { readonly raw: string; readonly contentType: string };

export interface BaseRequest {
  readonly operation: FuzzOperation;
  /** path parameter values, not encoded */
  readonly params: Readonly<Record<string, string>>;
  /** query pairs, not encoded */
  readonly query: readonly (readonly [string, string])[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: BaseBody;
  /** each way a valid request may authenticate (one empty set of headers for public operations) */
  readonly credentials: readonly Readonly<Record<string, string>>[];
}

/**
 * Builds the base request of each operation on a shared world. Making a world costs tens of requests, so
 * the world is replaced only once a row changed (a scenario finished its action or started its rollout,
 * or a spoiled request was wrongly accepted); scenarios that merely add entities of their own keep it.
 */
export function baseRequests(t: TestApp, fingerprint: () => Promise<Fingerprint>) {
  const api = operatorApi(t);
  let shared: World | undefined;
  /** the fingerprint after the last scenario */
  let prepared: Fingerprint | undefined;
  return async (operation: FuzzOperation): Promise<BaseRequest> => {
    const { method, path, success } = operation;
    const scenario = SCENARIOS[`${method} ${path} ${success}`] ?? SCENARIOS[`${method} ${path}`];
    if (prepared !== undefined && rowsChanged(prepared, await fingerprint())) shared = undefined;
    const world = (shared ??= await createWorld(t));
    const example = operation.body?.example;
    const before = await fingerprint();
    const state: Prepared =
      scenario === undefined ? {} : await scenario({ t, api, world, path, method, url: 'http://localhost', queryParams: queryNames(operation), example });
    prepared = await fingerprint();
    if (rowsChanged(before, prepared)) shared = undefined;
    const params = Object.fromEntries(Object.entries({ ...worldParams(world), ...state.params }).map(([name, value]) => [name, String(value)]));
    return {
      operation,
      params,
      query: [...new URLSearchParams(state.query ?? '')],
      headers: { ...state.headers },
      ...bodyOf(operation, state),
      credentials: credentialsOf(operation, world),
    };
  };
}

const queryNames = (operation: FuzzOperation) => operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);

function bodyOf(operation: FuzzOperation, prepared: Prepared): { body?: BaseBody } {
  if (prepared.raw !== undefined) return { body: { raw: prepared.raw.body, contentType: prepared.raw.contentType } };
  const json = prepared.body ?? operation.body?.example;
  return json === undefined ? {} : { body: { json } };
}

function credentialsOf(operation: FuzzOperation, world: World): Record<string, string>[] {
  if (!operation.secured) return [{}];
  const own = authorizationOf(operation.path, world, false);
  return operation.document === 'ddi' ? [own, { authorization: `GatewayToken ${FUZZ_GATEWAY_TOKEN}` }] : [own];
}

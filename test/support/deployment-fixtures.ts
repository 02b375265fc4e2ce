import { expect } from 'vitest';
import type { operations } from '../../src/client/index.js';
import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import { createModule } from './software-module-api.js';
import { AUTH, createTargets, send, idOf } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

let serial = 0;

export interface SetOptions {
  /** one `os` module, unless false (no modules) */
  readonly complete?: boolean;
  /** the set type's key */
  readonly type?: string;
  readonly name?: string;
  readonly version?: string;
  /** the set's modules by id, instead of the one `complete` makes */
  readonly modules?: readonly number[];
}

/**
 * A distribution set made through the API, asserting 201: of the given modules, or else complete (one fresh `os`
 * module) unless `complete: false`; returns its id.
 */
export async function createSet(
  t: TestApp,
  { complete = true, type = 'os', name = `set-${++serial}`, version = '1.0', modules }: SetOptions = {},
): Promise<number> {
  const ids = modules ?? (complete ? [(await createModule(t, { type: 'os' })).id] : []);
  const body = [{ name, version, type, modules: ids.map((id) => ({ id })) }];
  const [set] = await expectData(mgmtClient(t).POST('/rest/v1/distributionsets', { body }), 201);
  return idOf(set);
}

/** A fresh target made through the API; returns its controllerId. */
export async function createTarget(t: TestApp, fields: Omit<Schemas['TargetRequest'], 'controllerId'> = {}): Promise<string> {
  const controllerId = `dev-${++serial}`;
  await createTargets(t, [{ controllerId, ...fields }]);
  return controllerId;
}

/** `POST /targets/{cid}/assignedDS` with any body (bad ones included); returns the response. */
export const assign = (t: TestApp, cid: string, body: unknown) => t.request(`/rest/v1/targets/${cid}/assignedDS`, send('POST', body));

/** Assigns and asserts 200 with one new action; returns its id. */
export async function assignOk(t: TestApp, cid: string, body: Schemas['AssignmentRequestBody']): Promise<number> {
  const result = await expectData(mgmtClient(t).POST('/rest/v1/targets/{targetId}/assignedDS', { params: { path: { targetId: cid } }, body }), 200);
  expect(result.assigned).toBe(1);
  return idOf(result.assignedActions[0]);
}

/** The query of a target's action list. */
export type ActionListQuery = NonNullable<operations['getActionHistory']['parameters']['query']>;

export const actionOf = (t: TestApp, cid: string, id: number): Promise<Schemas['Action']> =>
  expectData(mgmtClient(t).GET('/rest/v1/targets/{targetId}/actions/{actionId}', { params: { path: { targetId: cid, actionId: id } } }), 200);

/** A target's actions; `query` as in the list's parameters. */
export const actionsOf = (t: TestApp, cid: string, query: ActionListQuery = {}): Promise<Schemas['ActionPage']> =>
  expectData(mgmtClient(t).GET('/rest/v1/targets/{targetId}/actions', { params: { path: { targetId: cid }, query } }), 200);

export const cancel = (t: TestApp, cid: string, id: number, force = false) =>
  t.request(`/rest/v1/targets/${cid}/actions/${id}${force ? '?force=true' : ''}`, { method: 'DELETE', headers: AUTH });

import { expect } from 'vitest';
import { expectError } from './expect-error.js';
import { createDevice, type DdiDevice } from './ddi-client.js';
import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import { send } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

let serial = 0;

export interface RolloutOptions {
  /** a fresh `rollout-N` unless given */
  readonly name?: string;
  readonly set: number;
  readonly filter: string;
  readonly groups?: number;
  readonly successThreshold?: number;
  readonly errorThreshold?: number;
  readonly type?: Schemas['ActionType'];
  readonly forcetime?: number;
  readonly dynamic?: boolean;
  readonly template?: Schemas['DynamicGroupTemplate'];
  /** custom groups (hawkBit's `groups`) instead of amountGroups */
  readonly custom?: readonly Schemas['GroupRequest'][];
  readonly startAt?: number;
  readonly soakTime?: Schemas['SoakTime'];
}

/** The create body of a rollout from fixture options. */
export const rolloutBody = (options: RolloutOptions): Schemas['RolloutRequest'] => ({
  name: options.name ?? `rollout-${++serial}`,
  distributionSetId: options.set,
  targetFilterQuery: options.filter,
  ...(options.custom === undefined ? { amountGroups: options.groups ?? 1 } : { groups: [...options.custom] }),
  ...(options.startAt === undefined ? {} : { startAt: options.startAt }),
  ...(options.soakTime === undefined ? {} : { soakTime: options.soakTime }),
  ...(options.successThreshold === undefined ? {} : { successCondition: { condition: 'THRESHOLD', expression: String(options.successThreshold) } }),
  ...(options.errorThreshold === undefined ? {} : { errorCondition: { condition: 'THRESHOLD', expression: String(options.errorThreshold) } }),
  ...(options.type === undefined ? {} : { type: options.type }),
  ...(options.forcetime === undefined ? {} : { forcetime: options.forcetime }),
  ...(options.dynamic === undefined ? {} : { dynamic: options.dynamic }),
  ...(options.template === undefined ? {} : { dynamicGroupTemplate: options.template }),
});

/** `POST /rollouts` with any body (bad ones included); returns the response. */
export const postRollout = (t: TestApp, body: unknown) => t.request('/rest/v1/rollouts', send('POST', body));

/** Creates a rollout through the API, asserting 201; returns it. */
export const createRollout = (t: TestApp, options: RolloutOptions): Promise<Schemas['Rollout']> =>
  expectData(mgmtClient(t).POST('/rest/v1/rollouts', { body: rolloutBody(options) }), 201);

/** POSTs an operation (`start`, `pause`, `approve?remark=x` …); returns the response. */
export const operate = (t: TestApp, id: number, operation: string) => t.request(`/rest/v1/rollouts/${id}/${operation}`, send('POST'));

export async function operateOk(t: TestApp, id: number, operation: string): Promise<void> {
  const response = await operate(t, id, operation);
  expect(response.status, await response.clone().text()).toBe(204);
}

/** Asserts a refused operation: 400 with `errorCode` (default rollout.illegalState). */
export async function refused(t: TestApp, id: number, operation: string, errorCode = 'hawkbit.server.error.rollout.illegalState'): Promise<void> {
  const response = await operate(t, id, operation);
  await expectError(response, 400, errorCode);
}

/** `PUT /rollouts/{id}` with `body`; returns the response. */
export const update = (t: TestApp, id: number, body: Record<string, unknown>) => t.request(`/rest/v1/rollouts/${id}`, send('PUT', body));

export const rollout = (t: TestApp, id: number): Promise<Schemas['Rollout']> =>
  expectData(mgmtClient(t).GET('/rest/v1/rollouts/{rolloutId}', { params: { path: { rolloutId: id } } }), 200);
export const groups = async (t: TestApp, id: number): Promise<Schemas['RolloutGroup'][]> =>
  (await expectData(mgmtClient(t).GET('/rest/v1/rollouts/{rolloutId}/deploygroups', { params: { path: { rolloutId: id }, query: { limit: 500 } } }), 200))
    .content;

/** `totalTargetsPerStatus` with zeros left out, for compact assertions. */
export function counts(json: { totalTargetsPerStatus: Schemas['TargetCounts'] }): Record<string, number> {
  return Object.fromEntries(Object.entries(json.totalTargetsPerStatus).filter(([, n]) => n > 0));
}

/** Devices in one fresh group (`group==<name>`), for a rollout filter. */
export async function fleet(t: TestApp, size: number, fields: Record<string, unknown> = {}): Promise<{ filter: string; devices: DdiDevice[] }> {
  const group = `fleet-${++serial}`;
  const devices: DdiDevice[] = [];
  for (let i = 0; i < size; i++) devices.push(await createDevice(t, { group, ...fields }));
  return { filter: `group==${group}`, devices };
}

/** The id of the device's active action, from its poll's deploymentBase link; undefined without one. */
export async function deploymentOf(device: DdiDevice): Promise<number | undefined> {
  const link = await device.link('deploymentBase');
  return link === undefined ? undefined : Number(/deploymentBase\/(\d+)/.exec(link)?.[1]);
}

/** The device installs its deployment and reports closed with the given result. */
export async function report(device: DdiDevice, finished: 'success' | 'failure'): Promise<void> {
  const id = await deploymentOf(device);
  expect(id, `${device.controllerId} has a deployment`).toBeDefined();
  expect((await device.feedback(id as number, 'closed', finished)).status).toBe(200);
}

/** One evaluator tick, asserting that it ran (a tick skips when another process holds the evaluator's lock). */
export async function evaluate(t: TestApp): Promise<void> {
  expect((await t.services.rolloutEvaluator.tick()).evaluated, 'the rollout evaluator ran').toBe(true);
}

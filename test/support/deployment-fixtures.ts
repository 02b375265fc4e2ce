import { expect } from 'vitest';
import { createModule } from './software-module-api.js';
import { AUTH, createTargets, send, idOf, type Json, type JsonPage } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

let serial = 0;

/** A distribution set made through the API: complete (one `os` module) unless `complete: false`. */
export async function createSet(t: TestApp, { complete = true, type = 'os' } = {}): Promise<number> {
  const modules = complete ? [{ id: (await createModule(t, { type: 'os' })).id }] : [];
  const response = await t.request('/rest/v1/distributionsets', send('POST', [{ name: `set-${++serial}`, version: '1.0', type, modules }]));
  expect(response.status).toBe(201);
  return idOf(((await response.json()) as Json[])[0]);
}

/** A fresh target made through the API; returns its controllerId. */
export async function createTarget(t: TestApp, fields: Record<string, unknown> = {}): Promise<string> {
  const controllerId = `dev-${++serial}`;
  await createTargets(t, [{ controllerId, ...fields }]);
  return controllerId;
}

export const assign = (t: TestApp, cid: string, body: unknown) => t.request(`/rest/v1/targets/${cid}/assignedDS`, send('POST', body));

/** Assigns and asserts 200 with one new action; returns its id. */
export async function assignOk(t: TestApp, cid: string, body: Record<string, unknown>): Promise<number> {
  const response = await assign(t, cid, body);
  expect(response.status, await response.clone().text()).toBe(200);
  const result = (await response.json()) as { assigned: number; assignedActions: { id: number }[] };
  expect(result.assigned).toBe(1);
  return idOf(result.assignedActions[0]);
}

export async function actionOf(t: TestApp, cid: string, id: number): Promise<Json> {
  const response = await t.request(`/rest/v1/targets/${cid}/actions/${id}`, { headers: AUTH });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

export async function actionsOf(t: TestApp, cid: string, query = ''): Promise<JsonPage> {
  const response = await t.request(`/rest/v1/targets/${cid}/actions${query}`, { headers: AUTH });
  expect(response.status).toBe(200);
  return (await response.json()) as JsonPage;
}

export const cancel = (t: TestApp, cid: string, id: number, force = false) =>
  t.request(`/rest/v1/targets/${cid}/actions/${id}${force ? '?force=true' : ''}`, { method: 'DELETE', headers: AUTH });

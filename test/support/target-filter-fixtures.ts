import { expect } from 'vitest';
import { send, type Json } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

let serial = 0;

export const postFilter = (t: TestApp, body: unknown) => t.request('/rest/v1/targetfilters', send('POST', body));

/** A saved filter made through the API (name unique unless given); returns its JSON. */
export async function createFilter(t: TestApp, query: string, name = `filter-${++serial}`): Promise<Json> {
  const response = await postFilter(t, { name, query });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Json;
}

export const attach = (t: TestApp, filterId: number, body: Record<string, unknown>) =>
  t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, send('POST', body));

/** Attaches a set, asserting 200; returns the filter JSON. */
export async function attachOk(t: TestApp, filterId: number, body: Record<string, unknown>): Promise<Json> {
  const response = await attach(t, filterId, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Json;
}

/** The actions of a target, straight from the database, oldest first. */
export async function actionRows(t: TestApp, controllerId: string) {
  return t
    .db('actions')
    .join('targets', 'targets.id', 'actions.target_id')
    .where('targets.controller_id', controllerId)
    .orderBy('actions.id')
    .select<{ id: number; distribution_set_id: number; status: string; action_type: string; created_by: string }[]>(
      'actions.id',
      'actions.distribution_set_id',
      'actions.status',
      'actions.action_type',
      'actions.created_by',
    );
}

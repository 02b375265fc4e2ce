import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import { send } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

let serial = 0;

/** `POST /targetfilters` with any body (bad ones included); returns the response. */
export const postFilter = (t: TestApp, body: unknown) => t.request('/rest/v1/targetfilters', send('POST', body));

/** A saved filter made through the API (name unique unless given); returns it. */
export const createFilter = (t: TestApp, query: string, name = `filter-${++serial}`): Promise<Schemas['TargetFilter']> =>
  expectData(mgmtClient(t).POST('/rest/v1/targetfilters', { body: { name, query } }), 201);

/** `POST /targetfilters/{id}/autoAssignDS` with any body (bad ones included); returns the response. */
export const attach = (t: TestApp, filterId: number, body: Record<string, unknown>) =>
  t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, send('POST', body));

/** Attaches a set, asserting 200; returns the filter. */
export const attachOk = (t: TestApp, filterId: number, body: Schemas['AutoAssignmentRequest']): Promise<Schemas['TargetFilter']> =>
  expectData(
    mgmtClient(t).POST('/rest/v1/targetfilters/{targetFilterQueryId}/autoAssignDS', { params: { path: { targetFilterQueryId: filterId } }, body }),
    200,
  );

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

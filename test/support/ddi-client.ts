import { expect } from 'vitest';
import { createTarget } from './deployment-fixtures.js';
import type { TestApp } from './test-app.js';

export interface PollJson {
  config: { polling: { sleep: string } };
  _links?: Record<string, { href: string }>;
}

/** A device of the test app speaking DDI with its own target token. */
export interface DdiDevice {
  readonly controllerId: string;
  /** `http://ota.example.com/DEFAULT/controller/v1/{controllerId}` */
  readonly base: string;
  get(path?: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
  put(path: string, body?: unknown): Promise<Response>;
  /** polls and expects 200 */
  poll(): Promise<PollJson>;
  /** the path (with query) of a link of the next poll, or undefined */
  link(rel: string): Promise<string | undefined>;
  /** `deploymentBase/{id}/feedback` with `{status: {execution, result: {finished}, …status}}` */
  feedback(actionId: number, execution: string, finished?: string, status?: Record<string, unknown>): Promise<Response>;
  /** `cancelAction/{id}/feedback` likewise */
  cancelFeedback(actionId: number, execution: string, finished?: string): Promise<Response>;
}

let serial = 0;

/** A fresh target (through the management API) and its device client. */
export async function createDevice(t: TestApp, fields: Record<string, unknown> = {}): Promise<DdiDevice> {
  const token = `token-${++serial}-${Date.now()}`;
  const controllerId = await createTarget(t, { securityToken: token, ...fields });
  const base = `http://ota.example.com/DEFAULT/controller/v1/${controllerId}`;
  const auth = { authorization: `TargetToken ${token}` };
  const get = (path = '', headers: Record<string, string> = {}) => t.request(`${base}${path}`, { headers: { ...auth, ...headers } });
  const send = (method: string) => (path: string, body?: unknown) =>
    t.request(`${base}${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const post = send('POST');
  const poll = async () => {
    const response = await get();
    expect(response.status).toBe(200);
    return (await response.json()) as PollJson;
  };
  return {
    controllerId,
    base,
    get,
    post,
    put: send('PUT'),
    poll,
    async link(rel) {
      const href = (await poll())._links?.[rel]?.href;
      return href?.slice(base.length);
    },
    feedback: (actionId, execution, finished = 'none', status = {}) =>
      post(`/deploymentBase/${actionId}/feedback`, { status: { execution, result: { finished }, ...status } }),
    cancelFeedback: (actionId, execution, finished = 'none') => post(`/cancelAction/${actionId}/feedback`, { status: { execution, result: { finished } } }),
  };
}

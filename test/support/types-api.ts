import { expect } from 'vitest';
import type { components } from '../../src/generated/mgmt.js';
import { expectData, mgmtClient } from './mgmt-client.js';
import { basicAuth, type TestApp } from './test-app.js';
import { createSet } from './deployment-fixtures.js';
import { createModule } from './software-module-api.js';
import { createTargets, idOf } from './target-fixtures.js';

type Schemas = components['schemas'];
export type SoftwareModuleTypeJson = Schemas['SoftwareModuleType'];
export type DistributionSetTypeJson = Schemas['DistributionSetType'];
export type TargetTypeJson = Schemas['TargetType'];
export interface PageJson<T> {
  content: T[];
  total: number;
  size: number;
}
export type ErrorJson = Schemas['ExceptionInfo'];

export interface JsonResponse<T> {
  status: number;
  body: T;
}

/** Authenticated JSON requests; `body` given as a string is sent as is (for malformed JSON). */
export function jsonClient(t: TestApp) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> => {
    const response = await t.request(path, {
      method,
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
    delete: <T>(path: string) => call<T>('DELETE', path),
  };
}

/** A target type made through the API, asserting 201; returns its id. */
export async function createTargetType(t: TestApp, body: Schemas['TargetTypeCreateRequest']): Promise<number> {
  const [type] = await expectData(mgmtClient(t).POST('/rest/v1/targettypes', { body: [body] }), 201);
  return idOf(type);
}

/** A target type that accepts only sets of type `app` (so not the `os` sets of the fixtures); returns its id. */
export async function appOnlyTargetType(t: TestApp, name: string): Promise<number> {
  return createTargetType(t, { name, compatibledistributionsettypes: [{ id: await distributionSetTypeId(t, 'app') }] });
}

/** The id of a distribution set type by its key, read through the API. */
export async function distributionSetTypeId(t: TestApp, key: string): Promise<number> {
  const page = await expectData(mgmtClient(t).GET('/rest/v1/distributionsettypes', { params: { query: { q: `key==${key}` } } }), 200);
  expect(page.content, `the distribution set type ${key}`).toHaveLength(1);
  return idOf(page.content[0]);
}

/** Entities of other concepts that make a type "in use", made through the API; each returns the entity's id. */
export const usage = {
  async softwareModule(t: TestApp, typeId: number, name = `module-${typeId}`): Promise<number> {
    const type = await expectData(
      mgmtClient(t).GET('/rest/v1/softwaremoduletypes/{softwareModuleTypeId}', { params: { path: { softwareModuleTypeId: typeId } } }),
      200,
    );
    return (await createModule(t, { type: type.key, name, version: '1.0' })).id;
  },
  async distributionSet(t: TestApp, typeId: number, name = `set-${typeId}`): Promise<number> {
    const type = await expectData(
      mgmtClient(t).GET('/rest/v1/distributionsettypes/{distributionSetTypeId}', { params: { path: { distributionSetTypeId: typeId } } }),
      200,
    );
    return createSet(t, { complete: false, type: type.key, name, version: '1.0' });
  },
  /** returns the target's controllerId */
  async target(t: TestApp, targetTypeId: number, controllerId = `device-${targetTypeId}`): Promise<string> {
    await createTargets(t, [{ controllerId, name: controllerId, securityToken: 'token', targetType: targetTypeId }]);
    return controllerId;
  },
};

/** Rows of a table, for "bad input changes nothing". */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const [row] = await t.db(table).count({ n: '*' });
  return Number((row as { n: number | string }).n);
}

import type { components } from '../../src/generated/mgmt.js';
import { basicAuth, type TestApp } from './test-app.js';
import { idOf } from './target-fixtures.js';

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

const audit = { created_at: 0, created_by: 'test', last_modified_at: 0, last_modified_by: 'test' };

async function insert(t: TestApp, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted]: { id: number }[] = await t.db(table).insert(row, ['id']);
  return idOf(inserted);
}

/** Rows of other concepts that make a type "in use", written straight to the database. */
export const usage = {
  softwareModule: (t: TestApp, typeId: number, name = `module-${typeId}`) => insert(t, 'software_modules', { type_id: typeId, name, version: '1.0', ...audit }),
  distributionSet: (t: TestApp, typeId: number, name = `set-${typeId}`) => insert(t, 'distribution_sets', { type_id: typeId, name, version: '1.0', ...audit }),
  target: (t: TestApp, targetTypeId: number, controllerId = `device-${targetTypeId}`) =>
    insert(t, 'targets', {
      controller_id: controllerId,
      name: controllerId,
      security_token: 'token',
      update_status: 'unknown',
      target_type_id: targetTypeId,
      ...audit,
    }),
};

/** Rows of a table, for "bad input changes nothing". */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const [row] = await t.db(table).count({ n: '*' });
  return Number((row as { n: number | string }).n);
}

import type { Knex } from 'knex';
import { expect } from 'vitest';
import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import { basicAuth, type TestApp } from './test-app.js';

/** JSON bodies of the target tests, loosely typed: tests assert on them. */
export type Json = Record<string, unknown> & { _links: Record<string, { href: string }> };
export interface JsonPage {
  content: Json[];
  total: number;
  size: number;
}

export const AUTH = { authorization: basicAuth() };

/** The numeric `id` of an entity in an answer (or row); throws when there is none, so no test goes on with `undefined`. */
export function idOf(entity: unknown): number {
  const id = typeof entity === 'object' && entity !== null && 'id' in entity ? entity.id : undefined;
  if (typeof id !== 'number') throw new Error(`expected an entity with a numeric id, got ${JSON.stringify(entity)}`);
  return id;
}

/** An authenticated request with a JSON body. */
export const send = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...AUTH, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});

export async function getJson<T = Json>(t: TestApp, path: string, status = 200): Promise<T> {
  const response = await t.request(path, { headers: AUTH });
  expect(response.status, path).toBe(status);
  return (await response.json()) as T;
}

/** Creates targets through the API, asserting 201. */
export const createTargets = (t: TestApp, targets: readonly Schemas['TargetRequest'][]): Promise<Schemas['Target'][]> =>
  expectData(mgmtClient(t).POST('/rest/v1/targets', { body: [...targets] }), 201);

/**
 * A distribution set of a seeded type, straight into a database without an app: for the tests of the schema
 * itself (migrations, triggers); tests with an app use `createSet`.
 */
export async function insertDistributionSet(db: Knex, name: string, version: string, typeKey = 'os'): Promise<number> {
  const type = await db('distribution_set_types').where('key', typeKey).first<{ id: number }>('id');
  const audit = { created_at: 1, created_by: 'seed', last_modified_at: 1, last_modified_by: 'seed' };
  const [inserted] = await db('distribution_sets')
    .insert({ name, version, type_id: type.id, ...audit })
    .returning<{ id: number }[]>('id');
  return idOf(inserted);
}

/** The internal id of a target, for rows that reference it. */
export async function targetIdOf(db: Knex, controllerId: string): Promise<number> {
  return (await db('targets').where('controller_id', controllerId).first<{ id: number }>('id')).id;
}

export async function tagTarget(db: Knex, controllerId: string, tagId: number): Promise<void> {
  await db('target_tag_assignments').insert({ target_id: await targetIdOf(db, controllerId), tag_id: tagId });
}

/** Sets columns of a target the management API does not write (address, sets, status). */
export async function patchTarget(db: Knex, controllerId: string, columns: Record<string, unknown>): Promise<void> {
  await db('targets').where('controller_id', controllerId).update(columns);
}

/**
 * Sets the stored poll time of the targets (decision 274: a row of `target_polls` each), earlier or later
 * than the one stored.
 */
export async function setPollTime(db: Knex, controllerIds: string | readonly string[], at: number): Promise<void> {
  const polls = db('targets')
    .whereIn('controller_id', typeof controllerIds === 'string' ? [controllerIds] : controllerIds)
    .select('id', db.raw('cast(? as bigint)', [at]))
    .toSQL();
  await db.raw(`insert into target_polls (target_id, at) ${polls.sql} on conflict (target_id) do update set at = excluded.at`, [...polls.bindings]);
}

import type { Knex } from 'knex';
import { expect } from 'vitest';
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
export async function createTargets(t: TestApp, targets: readonly Record<string, unknown>[]): Promise<Json[]> {
  const response = await t.request('/rest/v1/targets', send('POST', targets));
  expect(response.status).toBe(201);
  return (await response.json()) as Json[];
}

const audit = { created_at: 1, created_by: 'seed', last_modified_at: 1, last_modified_by: 'seed' };

async function insertId(db: Knex, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await db(table)
    .insert({ ...row, ...audit })
    .returning<{ id: number }[]>('id');
  return (inserted as { id: number }).id;
}

/** A distribution set of a seeded DS type, straight into the database. */
export async function insertDistributionSet(db: Knex, name: string, version: string, typeKey = 'os'): Promise<number> {
  const type = await db('distribution_set_types').where('key', typeKey).first<{ id: number }>('id');
  return insertId(db, 'distribution_sets', { name, version, type_id: type.id });
}

export const insertTargetType = (db: Knex, key: string, name = key) => insertId(db, 'target_types', { key, name });

export const insertTargetTag = (db: Knex, name: string, colour: string | null = null) => insertId(db, 'target_tags', { name, colour });

/** The internal id of a target, for rows that reference it. */
export async function targetIdOf(db: Knex, controllerId: string): Promise<number> {
  return (await db('targets').where('controller_id', controllerId).first<{ id: number }>('id')).id;
}

export async function tagTarget(db: Knex, controllerId: string, tagId: number): Promise<void> {
  await db('target_tag_assignments').insert({ target_id: await targetIdOf(db, controllerId), tag_id: tagId });
}

/** Sets columns of a target the management API does not write (poll time, address, sets, status). */
export async function patchTarget(db: Knex, controllerId: string, columns: Record<string, unknown>): Promise<void> {
  await db('targets').where('controller_id', controllerId).update(columns);
}

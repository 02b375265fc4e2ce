import { expect } from 'vitest';
import { DISTRIBUTION_SET_TAGS, TARGET_TAGS, type TagKind } from '../../src/tags/tag-kind.js';
import { basicAuth, type TestApp } from './test-app.js';

export type OwnerKey = string | number;

export interface TagJson {
  id: number;
  name: string;
  description?: string;
  colour?: string;
  assignedCount: number;
  createdAt: number;
  createdBy: string;
  lastModifiedAt: number;
  lastModifiedBy: string;
  _links: Record<string, { href: string }>;
}

/** What differs between the two kinds of tag, as the tests see it. */
export interface TagKindFixture {
  readonly label: string;
  readonly kind: TagKind;
  readonly collection: string;
  readonly assignedRelation: string;
  readonly ownerTagsPath: (owner: OwnerKey) => string;
  /** the owners' own list, and an entry's key in it */
  readonly ownerList: string;
  readonly ownerKeyOf: (entry: Record<string, unknown>) => unknown;
  /** a body item of the wrong type for the bulk (un)assignment */
  readonly wrongOwnerItem: unknown;
  readonly unknownOwner: OwnerKey;
  /** a second unknown owner, sorting after `unknownOwner` */
  readonly otherUnknownOwner: OwnerKey;
  /** inserts owners straight into the database (their own endpoints live elsewhere) and returns their keys */
  createOwners(t: TestApp, count: number): Promise<OwnerKey[]>;
}

let serial = 0;
/** audit columns for rows the tests insert directly */
export const FIXTURE_AUDIT = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };

export const TAG_KIND_FIXTURES: readonly TagKindFixture[] = [
  {
    label: 'target tags',
    kind: TARGET_TAGS,
    collection: 'targettags',
    assignedRelation: 'assignedTargets',
    ownerTagsPath: (owner) => `/rest/v1/targets/${owner}/tags`,
    ownerList: '/rest/v1/targets',
    ownerKeyOf: (entry) => entry['controllerId'],
    wrongOwnerItem: 42,
    unknownOwner: 'ghost-1',
    otherUnknownOwner: 'ghost-2',
    async createOwners(t, count) {
      const ids = Array.from({ length: count }, () => `dev-${++serial}`);
      await t.db('targets').insert(ids.map((id) => ({ controller_id: id, name: id, security_token: 'token', update_status: 'unknown', ...FIXTURE_AUDIT })));
      return ids;
    },
  },
  {
    label: 'distribution-set tags',
    kind: DISTRIBUTION_SET_TAGS,
    collection: 'distributionsettags',
    assignedRelation: 'assignedDistributionSets',
    ownerTagsPath: (owner) => `/rest/v1/distributionsets/${owner}/tags`,
    ownerList: '/rest/v1/distributionsets',
    ownerKeyOf: (entry) => entry['id'],
    wrongOwnerItem: 'seven',
    unknownOwner: 888_888,
    otherUnknownOwner: 999_999,
    async createOwners(t, count) {
      const type = await t.db('distribution_set_types').where('key', 'os').first<{ id: number }>('id');
      const rows = Array.from({ length: count }, () => ({ type_id: type.id, name: `set-${++serial}`, version: '1.0', ...FIXTURE_AUDIT }));
      const inserted: { id: number }[] = await t.db('distribution_sets').insert(rows, ['id']);
      return inserted.map((row) => row.id);
    },
  },
];

/** Requests and look-ups of one tag kind against a test app (`t()` is read lazily: apps start in beforeAll). */
export function tagClient(t: () => TestApp, fixture: TagKindFixture) {
  const base = `/rest/v1/${fixture.collection}`;
  const count = async (table: string) => Number(((await t().db(table).count({ n: '*' }))[0] as { n: number | string }).n);
  const send = (method: string, path: string, body?: unknown, authorization = basicAuth()) =>
    t().request(path, {
      method,
      headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return {
    base,
    send,
    tagCount: () => count(fixture.kind.table),
    assignmentCount: () => count(fixture.kind.assignmentTable),
    createTag: async (name: string, extra: Record<string, unknown> = {}) => {
      const response = await send('POST', base, [{ name, ...extra }]);
      expect(response.status).toBe(201);
      return ((await response.json()) as TagJson[])[0] as TagJson;
    },
    getTag: async (id: number) => (await (await send('GET', `${base}/${id}`)).json()) as TagJson,
    ownerTags: async (owner: OwnerKey) => (await (await send('GET', fixture.ownerTagsPath(owner))).json()) as TagJson[],
  };
}

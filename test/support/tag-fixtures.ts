import { expect } from 'vitest';
import { DISTRIBUTION_SET_TAGS, TARGET_TAGS, type TagKind } from '../../src/tags/tag-kind.js';
import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import { createSet } from './deployment-fixtures.js';
import { createTargets, idOf } from './target-fixtures.js';
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
  /** makes owners through the API and returns their keys */
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
      await createTargets(
        t,
        ids.map((id) => ({ controllerId: id, name: id, securityToken: 'token' })),
      );
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
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push(await createSet(t, { complete: false, name: `set-${++serial}`, version: '1.0' }));
      return ids;
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

/** A target tag made through the API, asserting 201; returns its id. */
export async function createTargetTag(t: TestApp, body: Schemas['TagRequest']): Promise<number> {
  const [tag] = await expectData(mgmtClient(t).POST('/rest/v1/targettags', { body: [body] }), 201);
  return idOf(tag);
}

/** A distribution-set tag made through the API, asserting 201; returns its id. */
export async function createDistributionSetTag(t: TestApp, body: Schemas['TagRequest']): Promise<number> {
  const [tag] = await expectData(mgmtClient(t).POST('/rest/v1/distributionsettags', { body: [body] }), 201);
  return idOf(tag);
}

/** Tags a target through the API, asserting 204. */
export async function tagTarget(t: TestApp, controllerId: string, tagId: number): Promise<void> {
  await expectData(
    mgmtClient(t).POST('/rest/v1/targettags/{targetTagId}/assigned/{controllerId}', { params: { path: { targetTagId: tagId, controllerId } } }),
    204,
  );
}

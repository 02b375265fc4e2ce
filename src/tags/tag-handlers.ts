import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import { toTagJson, type TagResource } from './tag-mapper.js';
import type { OnNotFoundPolicy, OwnerKey, Tag, TagChange, TagFields, TagService } from './tag-service.js';

/** One kind of tag on the wire: its operationIds, path parameters and links. */
export interface TagApi {
  readonly operations: {
    readonly list: string;
    readonly create: string;
    readonly get: string;
    readonly update: string;
    readonly remove: string;
    readonly assignAll: string;
    /** hawkBit 0.8's PUT form of assignAll (decision 96) */
    readonly assignAllPut: string;
    readonly unassignAll: string;
    readonly assign: string;
    readonly unassign: string;
    readonly tagsOfOwner: string;
  };
  readonly tagParam: string;
  readonly ownerParam: string;
  readonly resource: TagResource;
}

export const TARGET_TAG_API: TagApi = {
  operations: {
    list: 'getTargetTags',
    create: 'createTargetTags',
    get: 'getTargetTag',
    update: 'updateTargetTag',
    remove: 'deleteTargetTag',
    assignAll: 'assignTargets',
    assignAllPut: 'assignTargetsPut',
    unassignAll: 'unassignTargets',
    assign: 'assignTarget',
    unassign: 'unassignTarget',
    tagsOfOwner: 'getTargetTagsOfTarget',
  },
  tagParam: 'targetTagId',
  ownerParam: 'controllerId',
  resource: { collection: 'targettags', assignedRelation: 'assignedTargets' },
};

export const DISTRIBUTION_SET_TAG_API: TagApi = {
  operations: {
    list: 'getDistributionSetTags',
    create: 'createDistributionSetTags',
    get: 'getDistributionSetTag',
    update: 'updateDistributionSetTag',
    remove: 'deleteDistributionSetTag',
    assignAll: 'assignDistributionSets',
    assignAllPut: 'assignDistributionSetsPut',
    unassignAll: 'unassignDistributionSets',
    assign: 'assignDistributionSet',
    unassign: 'unassignDistributionSet',
    tagsOfOwner: 'getTagsOfDistributionSet',
  },
  tagParam: 'distributionSetTagId',
  ownerParam: 'distributionSetId',
  resource: { collection: 'distributionsettags', assignedRelation: 'assignedDistributionSets' },
};

const SORT_FIELDS = { id: 'id', name: 'name', description: 'description', colour: 'colour' } as const;

/** The tag operations of one kind: CRUD, (un)assignment of owners, and an owner's tags. */
export function tagHandlers(api: TagApi, service: TagService, config: Config): OperationHandlers {
  const { operations } = api;
  const input = (c: Context<AppEnv>) => c.get('input');
  const tagId = (c: Context<AppEnv>) => input(c).params[api.tagParam] as number;
  const owner = (c: Context<AppEnv>) => input(c).params[api.ownerParam] as OwnerKey;
  const owners = (c: Context<AppEnv>) => input(c).body as OwnerKey[];
  const onNotFound = (c: Context<AppEnv>) => input(c).query['onNotFoundPolicy'] as OnNotFoundPolicy | undefined;
  const json = (c: Context<AppEnv>) => (tag: Tag) => toTagJson(tag, baseUrl(c, config.url), api.resource);
  const noContent = (work: (c: Context<AppEnv>) => Promise<void>) => async (c: Context<AppEnv>) => {
    await work(c);
    return c.body(null, 204);
  };
  return {
    [operations.list]: async (c) => {
      const page = pageRequest(input(c).query, SORT_FIELDS, [{ column: 'id', direction: 'asc' }]);
      const { rows, total } = await service.list(page, input(c).query['q'] as string | undefined);
      return c.json(pagedList(rows.map(json(c)), total));
    },
    [operations.create]: async (c) => c.json((await service.create(input(c).body as TagFields[], c.get('operator'))).map(json(c)), 201),
    [operations.get]: async (c) => c.json(json(c)(await service.get(tagId(c)))),
    [operations.update]: async (c) => c.json(json(c)(await service.update(tagId(c), input(c).body as TagChange, c.get('operator')))),
    [operations.remove]: noContent((c) => service.remove(tagId(c))),
    [operations.assignAll]: noContent((c) => service.assign(tagId(c), owners(c), onNotFound(c))),
    [operations.assignAllPut]: async (c) => {
      await service.assign(tagId(c), owners(c), onNotFound(c));
      return c.body(null, 200);
    },
    [operations.unassignAll]: noContent((c) => service.unassign(tagId(c), owners(c), onNotFound(c))),
    [operations.assign]: noContent((c) => service.assign(tagId(c), [owner(c)])),
    [operations.unassign]: noContent((c) => service.unassign(tagId(c), [owner(c)])),
    [operations.tagsOfOwner]: async (c) => c.json((await service.tagsOf(owner(c))).map(json(c))),
  };
}

import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import { toTagJson, type TagResource } from './tag-mapper.js';
import type { OnNotFoundPolicy, OwnerKey, Tag, TagChange, TagFields, TagService } from './tag-service.js';
import { TAG_DEFAULT_SORT, TAG_SORT_FIELDS } from './tag-fields.js';

/** One kind of tag on the wire: its path parameters and links. */
interface TagKind<T extends string, O extends string> {
  readonly tagParam: T;
  readonly ownerParam: O;
  readonly resource: TagResource;
}

interface OwnerList {
  readonly body: readonly OwnerKey[];
  readonly query: { readonly onNotFoundPolicy?: OnNotFoundPolicy };
}

/**
 * The tag handlers of one kind, to be keyed by that kind's operationIds: CRUD, (un)assignment of owners,
 * and an owner's tags.
 */
function tagHandlers<T extends string, O extends string>(service: TagService, { tagParam, ownerParam, resource }: TagKind<T, O>) {
  type TagParams = { readonly params: Readonly<Record<T, number>> };
  type OwnerParams = { readonly params: Readonly<Record<O, OwnerKey>> };
  const json = (c: Context<AppEnv>) => (tag: Tag) => toTagJson(tag, c.get('baseUrl'), resource);
  return {
    list: async (c: Context<AppEnv>, { query }: { query: ListQuery }) =>
      c.json(pagedList(await service.list(listRequest(query, TAG_SORT_FIELDS, TAG_DEFAULT_SORT)), json(c))),
    create: async (c: Context<AppEnv>, { body }: { body: readonly TagFields[] }) => c.json((await service.create(body, c.get('operator'))).map(json(c)), 201),
    get: async (c: Context<AppEnv>, { params }: TagParams) => c.json(json(c)(await service.get(params[tagParam]))),
    update: async (c: Context<AppEnv>, { params, body }: TagParams & { body: TagChange }) =>
      c.json(json(c)(await service.update(params[tagParam], body, c.get('operator')))),
    remove: (c: Context<AppEnv>, { params }: TagParams) => noContent(c, service.remove(params[tagParam])),
    assignAll: (c: Context<AppEnv>, { params, body, query }: TagParams & OwnerList) =>
      noContent(c, service.assign(params[tagParam], body, query.onNotFoundPolicy)),
    /** hawkBit 0.8's PUT form of assignAll (decision 96) */
    assignAllPut: async (c: Context<AppEnv>, { params, body, query }: TagParams & OwnerList) => {
      await service.assign(params[tagParam], body, query.onNotFoundPolicy);
      return c.body(null, 200);
    },
    unassignAll: (c: Context<AppEnv>, { params, body, query }: TagParams & OwnerList) =>
      noContent(c, service.unassign(params[tagParam], body, query.onNotFoundPolicy)),
    assign: (c: Context<AppEnv>, { params }: TagParams & OwnerParams) => noContent(c, service.assign(params[tagParam], [params[ownerParam]])),
    unassign: (c: Context<AppEnv>, { params }: TagParams & OwnerParams) => noContent(c, service.unassign(params[tagParam], [params[ownerParam]])),
    tagsOfOwner: async (c: Context<AppEnv>, { params }: OwnerParams) => c.json((await service.tagsOf(params[ownerParam])).map(json(c))),
  };
}

/** `/rest/v1/targettags…` and a target's tags. */
export const targetTagHandlers: HandlerFactory<{ readonly targetTags: TagService }> = (_config, { targetTags }) => {
  const tags = tagHandlers(targetTags, {
    tagParam: 'targetTagId',
    ownerParam: 'controllerId',
    resource: { collection: 'targettags', assignedRelation: 'assignedTargets' },
  });
  return {
    getTargetTags: tags.list,
    createTargetTags: tags.create,
    getTargetTag: tags.get,
    updateTargetTag: tags.update,
    deleteTargetTag: tags.remove,
    assignTargets: tags.assignAll,
    assignTargetsPut: tags.assignAllPut,
    unassignTargets: tags.unassignAll,
    assignTarget: tags.assign,
    unassignTarget: tags.unassign,
    getTargetTagsOfTarget: tags.tagsOfOwner,
  };
};

/** `/rest/v1/distributionsettags…` and a distribution set's tags. */
export const distributionSetTagHandlers: HandlerFactory<{ readonly distributionSetTags: TagService }> = (_config, { distributionSetTags }) => {
  const tags = tagHandlers(distributionSetTags, {
    tagParam: 'distributionSetTagId',
    ownerParam: 'distributionSetId',
    resource: { collection: 'distributionsettags', assignedRelation: 'assignedDistributionSets' },
  });
  return {
    getDistributionSetTags: tags.list,
    createDistributionSetTags: tags.create,
    getDistributionSetTag: tags.get,
    updateDistributionSetTag: tags.update,
    deleteDistributionSetTag: tags.remove,
    assignDistributionSets: tags.assignAll,
    assignDistributionSetsPut: tags.assignAllPut,
    unassignDistributionSets: tags.unassignAll,
    assignDistributionSet: tags.assign,
    unassignDistributionSet: tags.unassign,
    getTagsOfDistributionSet: tags.tagsOfOwner,
  };
};

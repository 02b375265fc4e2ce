import type { Context } from 'hono';
import type { Page } from '../db/page.js';
import { distributionSetJson } from '../distribution-sets/distribution-set-mapper.js';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import { compactLinks } from '../http/representation.js';
import { TARGET_FILTER_DEFAULT_SORT, TARGET_FILTER_SORT } from './target-filter-fields.js';
import { targetFilterJson } from './target-filter-mapper.js';
import type { TargetFilterService } from './target-filter-service.js';
import type { TargetFilter } from './target-filter.js';

const listQuery = (query: ListQuery) => listRequest(query, TARGET_FILTER_SORT, TARGET_FILTER_DEFAULT_SORT);

/** `/rest/v1/targetfilters…`: saved filters and their auto-assigned sets; the filters auto-assigning one set. */
export const targetFilterHandlers: HandlerFactory<{ readonly targetFilters: TargetFilterService }> = (config, { targetFilters }) => {
  const json = (c: Context<AppEnv>, filter: TargetFilter) => targetFilterJson(filter, c.get('baseUrl'), config.ddi.confirmationFlow);
  /** `representation=compact` leaves each entry its `self` link; a list that does not declare it keeps all links. */
  const pageOf = (c: Context<AppEnv>, page: Page<TargetFilter>, representation?: string) =>
    c.json(pagedList(page, (filter) => compactLinks(json(c, filter), representation)));

  return {
    getFilters: async (c, { query }) => pageOf(c, await targetFilters.list(listQuery(query)), query.representation),
    getAutoAssignTargetFilterQueries: async (c, { params, query }) =>
      pageOf(c, await targetFilters.listAutoAssigning(params.distributionSetId, listQuery(query))),
    createFilter: async (c, { body }) => {
      const { name, query } = body;
      return c.json(json(c, await targetFilters.create({ name, query }, c.get('operator'))), 201);
    },
    getFilter: async (c, { params }) => c.json(json(c, await targetFilters.get(params.targetFilterQueryId))),
    updateFilter: async (c, { params, body }) => c.json(json(c, await targetFilters.update(params.targetFilterQueryId, body, c.get('operator')))),
    deleteFilter: (c, { params }) => noContent(c, targetFilters.remove(params.targetFilterQueryId)),
    getAutoAssignDistributionSet: async (c, { params }) => {
      const set = await targetFilters.autoAssignedSet(params.targetFilterQueryId);
      return set ? c.json(distributionSetJson(set, c.get('baseUrl'))) : c.body(null, 204);
    },
    postAutoAssignDistributionSet: async (c, { params, body }) => {
      const { id, type, confirmationRequired } = body;
      const request = { distributionSetId: id, actionType: type, confirmationRequired: confirmationRequired ?? undefined };
      return c.json(json(c, await targetFilters.attachAutoAssignment(params.targetFilterQueryId, request, c.get('operator'))));
    },
    deleteAutoAssignDistributionSet: (c, { params }) => noContent(c, targetFilters.detachAutoAssignment(params.targetFilterQueryId, c.get('operator'))),
  };
};

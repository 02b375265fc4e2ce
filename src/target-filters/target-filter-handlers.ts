import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { Page } from '../db/page.js';
import { distributionSetJson } from '../distribution-sets/distribution-set-mapper.js';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import { compactLinks } from '../http/representation.js';
import type { OperationHandlers } from '../http/routes.js';
import { TARGET_FILTER_SORT } from './target-filter-queries.js';
import { targetFilterJson } from './target-filter-mapper.js';
import type { TargetFilterListQuery, TargetFilterService } from './target-filter-service.js';
import type { TargetFilter } from './target-filter.js';

type FilterRequest = components['schemas']['TargetFilterRequest'];
type FilterUpdate = components['schemas']['TargetFilterUpdate'];
type AutoAssignmentRequest = components['schemas']['AutoAssignmentRequest'];
type ListQuery = { offset?: number; limit?: number; sort?: string; q?: string; representation?: string };

const BY_ID = [{ column: 'tf.id', direction: 'asc' }] as const;

/** `/rest/v1/targetfilters…`: saved filters and their auto-assigned sets; the filters auto-assigning one set. */
export function targetFilterHandlers(service: TargetFilterService, config: Config): OperationHandlers {
  const base = (c: Context<AppEnv>) => baseUrl(c, config.url);
  const filterId = (c: Context<AppEnv>) => c.get('input').params['targetFilterQueryId'] as number;
  const json = (c: Context<AppEnv>, filter: TargetFilter) => targetFilterJson(filter, base(c), config.ddi.confirmationFlow);
  const listQuery = (c: Context<AppEnv>): TargetFilterListQuery => {
    const query = c.get('input').query as ListQuery;
    return { page: pageRequest(query, TARGET_FILTER_SORT, BY_ID), q: query.q };
  };
  const pageOf = (c: Context<AppEnv>, { rows, total }: Page<TargetFilter>) => {
    const { representation } = c.get('input').query as ListQuery;
    return c.json(
      pagedList(
        rows.map((filter) => compactLinks(json(c, filter), representation)),
        total,
      ),
    );
  };

  return {
    getFilters: async (c) => pageOf(c, await service.list(listQuery(c))),
    getAutoAssignTargetFilterQueries: async (c) =>
      pageOf(c, await service.listAutoAssigning(c.get('input').params['distributionSetId'] as number, listQuery(c))),
    createFilter: async (c) => {
      const { name, query } = c.get('input').body as FilterRequest;
      return c.json(json(c, await service.create({ name, query }, c.get('operator'))), 201);
    },
    getFilter: async (c) => c.json(json(c, await service.get(filterId(c)))),
    updateFilter: async (c) => {
      const change = c.get('input').body as FilterUpdate;
      return c.json(json(c, await service.update(filterId(c), change, c.get('operator'))));
    },
    deleteFilter: async (c) => {
      await service.remove(filterId(c));
      return c.body(null, 204);
    },
    getAutoAssignDistributionSet: async (c) => {
      const set = await service.autoAssignedSet(filterId(c));
      return set ? c.json(distributionSetJson(set, base(c))) : c.body(null, 204);
    },
    postAutoAssignDistributionSet: async (c) => {
      const { id, type, confirmationRequired } = c.get('input').body as AutoAssignmentRequest;
      const request = { distributionSetId: id, actionType: type, confirmationRequired: confirmationRequired ?? undefined };
      return c.json(json(c, await service.attachAutoAssignment(filterId(c), request, c.get('operator'))));
    },
    deleteAutoAssignDistributionSet: async (c) => {
      await service.detachAutoAssignment(filterId(c), c.get('operator'));
      return c.body(null, 204);
    },
  };
}

import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import { metadataHandlers } from '../metadata/metadata-handlers.js';
import { DISTRIBUTION_SET_DEFAULT_SORT, DISTRIBUTION_SET_SORT, SET_MODULE_DEFAULT_SORT, SET_MODULE_SORT } from './distribution-set-fields.js';
import { distributionSetJson, setModuleJson } from './distribution-set-mapper.js';
import type { DistributionSetService } from './distribution-set-service.js';

/** hawkBit's `soft_deleted_mode` values (decision 213). */
const SOFT_DELETED_MODES = { EXCLUDE_SOFT_DELETED: 'exclude', INCLUDE_SOFT_DELETED: 'include', ONLY_SOFT_DELETED: 'only' } as const;

const listQuery = (query: ListQuery) => listRequest(query, DISTRIBUTION_SET_SORT, DISTRIBUTION_SET_DEFAULT_SORT);

/** `/rest/v1/distributionsets…` and the tagged-set list `/rest/v1/distributionsettags/{id}/assigned`. */
export const distributionSetHandlers: HandlerFactory<{ readonly distributionSets: DistributionSetService }> = (_config, { distributionSets }) => {
  const page = (c: Context<AppEnv>, sets: Awaited<ReturnType<DistributionSetService['list']>>) =>
    c.json(pagedList(sets, (set) => distributionSetJson(set, c.get('baseUrl'))));
  const metadata = metadataHandlers(distributionSets.metadata, (params: { readonly distributionSetId: number }) =>
    distributionSets.requireExists(params.distributionSetId),
  );

  return {
    createDistributionSets: async (c, { body }) => {
      const sets = await distributionSets.create(
        body.map(({ modules, ...request }) => ({ ...request, moduleIds: modules?.map((module) => module.id) })),
        c.get('operator'),
      );
      return c.json(
        sets.map((set) => distributionSetJson(set, c.get('baseUrl'))),
        201,
      );
    },
    getDistributionSets: async (c, { query }) =>
      page(c, await distributionSets.list({ ...listQuery(query), deleted: SOFT_DELETED_MODES[query.soft_deleted_mode ?? 'EXCLUDE_SOFT_DELETED'] })),
    getAssignedDistributionSets: async (c, { params, query }) => page(c, await distributionSets.listTagged(params.distributionSetTagId, listQuery(query))),
    getDistributionSet: async (c, { params }) => c.json(distributionSetJson(await distributionSets.get(params.distributionSetId), c.get('baseUrl'))),
    updateDistributionSet: async (c, { params, body }) =>
      c.json(distributionSetJson(await distributionSets.update(params.distributionSetId, body, c.get('operator')), c.get('baseUrl'))),
    deleteDistributionSet: (c, { params }) => noContent(c, distributionSets.remove(params.distributionSetId, c.get('operator'))),
    assignSoftwareModules: (c, { params, body }) =>
      noContent(
        c,
        distributionSets.assignModules(
          params.distributionSetId,
          body.map((module) => module.id),
          c.get('operator'),
        ),
      ),
    deleteAssignSoftwareModules: (c, { params }) =>
      noContent(c, distributionSets.unassignModule(params.distributionSetId, params.softwareModuleId, c.get('operator'))),
    getAssignedSoftwareModules: async (c, { params, query }) => {
      const modules = await distributionSets.listModules(params.distributionSetId, listRequest(query, SET_MODULE_SORT, SET_MODULE_DEFAULT_SORT));
      return c.json(pagedList(modules, (module) => setModuleJson(module, c.get('baseUrl'))));
    },
    getDistributionSetMetadata: metadata.list,
    createDistributionSetMetadata: metadata.create,
    getDistributionSetMetadataValue: metadata.get,
    updateDistributionSetMetadata: metadata.update,
    deleteDistributionSetMetadata: metadata.remove,
  };
};

import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import { metadataHandlers } from '../metadata/metadata-handlers.js';
import { DISTRIBUTION_SET_SORT, SET_MODULE_SORT } from './distribution-set-fields.js';
import { distributionSetJson, setModuleJson } from './distribution-set-mapper.js';
import type { DistributionSetListQuery, DistributionSetService } from './distribution-set-service.js';

type DistributionSetRequest = components['schemas']['DistributionSetRequest'];
type DistributionSetUpdate = components['schemas']['DistributionSetUpdate'];
type IdReference = components['schemas']['IdReference'];

const BY_ID = [{ column: 'ds.id', direction: 'asc' }] as const;
const MODULES_BY_ID = [{ column: 'sm.id', direction: 'asc' }] as const;

/** `/rest/v1/distributionsets…` and the tagged-set list `/rest/v1/distributionsettags/{id}/assigned`. */
export function distributionSetHandlers(service: DistributionSetService, config: Config): OperationHandlers {
  const base = (c: Context<AppEnv>) => baseUrl(c, config.url);
  const setId = (c: Context<AppEnv>) => c.get('input').params['distributionSetId'] as number;
  const listQuery = (c: Context<AppEnv>): DistributionSetListQuery => {
    const { query } = c.get('input');
    return { page: pageRequest(query, DISTRIBUTION_SET_SORT, BY_ID), q: query['q'] as string | undefined };
  };
  const page = (c: Context<AppEnv>, { rows, total }: Awaited<ReturnType<DistributionSetService['list']>>) =>
    c.json(
      pagedList(
        rows.map((set) => distributionSetJson(set, base(c))),
        total,
      ),
    );

  return {
    createDistributionSets: async (c) => {
      const requests = c.get('input').body as DistributionSetRequest[];
      const sets = await service.create(
        requests.map(({ modules, ...request }) => ({ ...request, moduleIds: modules?.map((module) => module.id) })),
        c.get('operator'),
      );
      return c.json(
        sets.map((set) => distributionSetJson(set, base(c))),
        201,
      );
    },
    getDistributionSets: async (c) => page(c, await service.list(listQuery(c))),
    getAssignedDistributionSets: async (c) => page(c, await service.listTagged(c.get('input').params['distributionSetTagId'] as number, listQuery(c))),
    getDistributionSet: async (c) => c.json(distributionSetJson(await service.get(setId(c)), base(c))),
    updateDistributionSet: async (c) => {
      const change = c.get('input').body as DistributionSetUpdate;
      return c.json(distributionSetJson(await service.update(setId(c), change, c.get('operator')), base(c)));
    },
    deleteDistributionSet: async (c) => {
      await service.remove(setId(c));
      return c.body(null, 204);
    },
    assignSoftwareModules: async (c) => {
      const modules = c.get('input').body as IdReference[];
      await service.assignModules(
        setId(c),
        modules.map((module) => module.id),
        c.get('operator'),
      );
      return c.body(null, 204);
    },
    deleteAssignSoftwareModules: async (c) => {
      await service.unassignModule(setId(c), c.get('input').params['softwareModuleId'] as number, c.get('operator'));
      return c.body(null, 204);
    },
    getAssignedSoftwareModules: async (c) => {
      const page = pageRequest(c.get('input').query, SET_MODULE_SORT, MODULES_BY_ID);
      const { rows, total } = await service.listModules(setId(c), { page, q: c.get('input').query['q'] as string | undefined });
      return c.json(
        pagedList(
          rows.map((module) => setModuleJson(module, base(c))),
          total,
        ),
      );
    },
    ...metadataHandlers(
      {
        list: 'getDistributionSetMetadata',
        create: 'createDistributionSetMetadata',
        get: 'getDistributionSetMetadataValue',
        update: 'updateDistributionSetMetadata',
        remove: 'deleteDistributionSetMetadata',
      },
      service.metadata,
      (c) => service.requireExists(setId(c)),
    ),
  };
}

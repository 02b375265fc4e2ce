import type { Context } from 'hono';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import type { MetadataService } from '../metadata/metadata-service.js';
import { metadataHandlers } from '../metadata/metadata-handlers.js';
import { softwareModuleJson } from './software-module-mapper.js';
import type { SoftwareModule, SoftwareModuleService } from './software-module-service.js';

type Schemas = components['schemas'];

const SORT_FIELDS = {
  id: 'sm.id',
  name: 'sm.name',
  version: 'sm.version',
  type: 'smt.key',
  vendor: 'sm.vendor',
  description: 'sm.description',
  createdat: 'sm.created_at',
  lastmodifiedat: 'sm.last_modified_at',
} as const;

const moduleId = (c: Context<AppEnv>) => c.get('input').params['softwareModuleId'] as number;

/** Software modules and their metadata. */
export function softwareModuleHandlers(modules: SoftwareModuleService, metadata: MetadataService, configuredUrl: string | undefined): OperationHandlers {
  const json = (c: Context<AppEnv>, module: SoftwareModule) => {
    const { locked, ...row } = module;
    return softwareModuleJson(row, baseUrl(c, configuredUrl), locked);
  };
  return {
    getSoftwareModules: async (c) => {
      const page = pageRequest(c.get('input').query, SORT_FIELDS, [{ column: 'sm.id', direction: 'asc' }]);
      const { rows, total } = await modules.list(page, c.get('input').query['q'] as string | undefined);
      return c.json(
        pagedList(
          rows.map((module) => json(c, module)),
          total,
        ),
      );
    },
    createSoftwareModules: async (c) => {
      const inputs = c.get('input').body as Schemas['SoftwareModuleRequest'][];
      const created = await modules.create(c.get('operator'), inputs);
      return c.json(
        created.map((module) => json(c, module)),
        201,
      );
    },
    getSoftwareModule: async (c) => c.json(json(c, await modules.get(moduleId(c)))),
    updateSoftwareModule: async (c) => {
      const change = c.get('input').body as Schemas['SoftwareModuleUpdate'];
      return c.json(json(c, await modules.update(c.get('operator'), moduleId(c), change)));
    },
    deleteSoftwareModule: async (c) => {
      await modules.remove(moduleId(c));
      return c.body(null, 204);
    },
    ...metadataHandlers(
      {
        list: 'getSoftwareModuleMetadata',
        create: 'createSoftwareModuleMetadata',
        get: 'getSoftwareModuleMetadataValue',
        update: 'updateSoftwareModuleMetadata',
        remove: 'deleteSoftwareModuleMetadata',
      },
      metadata,
      (c) => modules.require(moduleId(c)),
    ),
  };
}

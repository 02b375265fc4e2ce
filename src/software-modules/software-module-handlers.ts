import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import { metadataHandlers } from '../metadata/metadata-handlers.js';
import { softwareModuleJson } from './software-module-mapper.js';
import type { MetadataService } from '../metadata/metadata-service.js';
import type { SoftwareModule, SoftwareModuleService } from './software-module-service.js';
import { SOFTWARE_MODULE_DEFAULT_SORT, SOFTWARE_MODULE_SORT_FIELDS } from './software-module-fields.js';

/** Software modules and their metadata. */
export const softwareModuleHandlers: HandlerFactory<{ readonly softwareModules: SoftwareModuleService; readonly softwareModuleMetadata: MetadataService }> = (
  _config,
  { softwareModules: modules, softwareModuleMetadata },
) => {
  const json = (c: Context<AppEnv>, module: SoftwareModule) => {
    const { locked, ...row } = module;
    return softwareModuleJson(row, c.get('baseUrl'), locked);
  };
  const metadata = metadataHandlers(softwareModuleMetadata, (params: { readonly softwareModuleId: number }) => modules.require(params.softwareModuleId));
  return {
    getSoftwareModules: async (c, { query }) =>
      c.json(pagedList(await modules.list(listRequest(query, SOFTWARE_MODULE_SORT_FIELDS, SOFTWARE_MODULE_DEFAULT_SORT)), (module) => json(c, module))),
    createSoftwareModules: async (c, { body }) => {
      const created = await modules.create(c.get('operator'), body);
      return c.json(
        created.map((module) => json(c, module)),
        201,
      );
    },
    getSoftwareModule: async (c, { params }) => c.json(json(c, await modules.get(params.softwareModuleId))),
    updateSoftwareModule: async (c, { params, body }) => c.json(json(c, await modules.update(c.get('operator'), params.softwareModuleId, body))),
    deleteSoftwareModule: (c, { params }) => noContent(c, modules.remove(params.softwareModuleId)),
    getSoftwareModuleMetadata: metadata.list,
    createSoftwareModuleMetadata: metadata.create,
    getSoftwareModuleMetadataValue: metadata.get,
    updateSoftwareModuleMetadata: metadata.update,
    deleteSoftwareModuleMetadata: metadata.remove,
  };
};

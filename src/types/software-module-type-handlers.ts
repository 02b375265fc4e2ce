import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import type { SoftwareModuleType } from './type-models.js';
import { softwareModuleTypeJson } from './type-mapper.js';
import type { SoftwareModuleTypeService } from './software-module-type-service.js';
import { SOFTWARE_MODULE_TYPE_SORT_FIELDS, TYPE_DEFAULT_SORT } from './type-fields.js';

/** `/rest/v1/softwaremoduletypes[/{softwareModuleTypeId}]`. */
export const softwareModuleTypeHandlers: HandlerFactory<{ readonly softwareModuleTypes: SoftwareModuleTypeService }> = (_config, { softwareModuleTypes }) => {
  const json = (c: Context<AppEnv>) => (type: SoftwareModuleType) => softwareModuleTypeJson(type, c.get('baseUrl'));
  return {
    createSoftwareModuleTypes: async (c, { body }) => c.json((await softwareModuleTypes.create(c.get('operator'), body)).map(json(c)), 201),
    getSoftwareModuleTypes: async (c, { query }) =>
      c.json(pagedList(await softwareModuleTypes.list(listRequest(query, SOFTWARE_MODULE_TYPE_SORT_FIELDS, TYPE_DEFAULT_SORT)), json(c))),
    getSoftwareModuleType: async (c, { params }) => c.json(json(c)(await softwareModuleTypes.get(params.softwareModuleTypeId))),
    updateSoftwareModuleType: async (c, { params, body }) =>
      c.json(json(c)(await softwareModuleTypes.update(c.get('operator'), params.softwareModuleTypeId, body))),
    deleteSoftwareModuleType: async (c, { params }) => {
      await softwareModuleTypes.remove(params.softwareModuleTypeId);
      return c.body(null, 204);
    },
  };
};

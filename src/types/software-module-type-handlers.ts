import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import type { SoftwareModuleType } from './type-models.js';
import { softwareModuleTypeJson } from './type-mapper.js';
import type { SoftwareModuleTypeService } from './software-module-type-service.js';
import { SOFTWARE_MODULE_TYPE_SORT_FIELDS } from './type-fields.js';
import { typeHandlers } from './type-handlers.js';

/** `/rest/v1/softwaremoduletypes[/{softwareModuleTypeId}]`. */
export const softwareModuleTypeHandlers: HandlerFactory<{ readonly softwareModuleTypes: SoftwareModuleTypeService }> = (_config, { softwareModuleTypes }) => {
  const json = (c: Context<AppEnv>) => (type: SoftwareModuleType) => softwareModuleTypeJson(type, c.get('baseUrl'));
  const types = typeHandlers(softwareModuleTypes, 'softwareModuleTypeId', SOFTWARE_MODULE_TYPE_SORT_FIELDS, softwareModuleTypeJson);
  return {
    createSoftwareModuleTypes: async (c, { body }) => c.json((await softwareModuleTypes.create(c.get('operator'), body)).map(json(c)), 201),
    getSoftwareModuleTypes: types.list,
    getSoftwareModuleType: types.get,
    updateSoftwareModuleType: types.update,
    deleteSoftwareModuleType: types.remove,
  };
};

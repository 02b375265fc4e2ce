import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import type { DistributionSetTypeService } from './distribution-set-type-service.js';
import type { ModuleTypeKind } from './module-type-links.js';
import type { TypeEntity } from './type-models.js';
import { distributionSetTypeInput, distributionSetTypeJson, softwareModuleTypeJson } from './type-mapper.js';
import { TYPE_SORT_FIELDS } from './type-fields.js';
import { typeHandlers } from './type-handlers.js';

/** `/rest/v1/distributionsettypes[/{distributionSetTypeId}]` and its mandatory and optional module types. */
export const distributionSetTypeHandlers: HandlerFactory<{ readonly distributionSetTypes: DistributionSetTypeService }> = (
  _config,
  { distributionSetTypes },
) => {
  const json = (c: Context<AppEnv>) => (type: TypeEntity) => distributionSetTypeJson(type, c.get('baseUrl'));
  const types = typeHandlers(distributionSetTypes, 'distributionSetTypeId', TYPE_SORT_FIELDS, distributionSetTypeJson);
  const mandatory = moduleTypeHandlers(distributionSetTypes, 'mandatory');
  const optional = moduleTypeHandlers(distributionSetTypes, 'optional');
  return {
    createDistributionSetTypes: async (c, { body }) =>
      c.json((await distributionSetTypes.create(c.get('operator'), body.map(distributionSetTypeInput))).map(json(c)), 201),
    getDistributionSetTypes: types.list,
    getDistributionSetType: types.get,
    updateDistributionSetType: types.update,
    deleteDistributionSetType: types.remove,
    getMandatoryModuleTypes: mandatory.list,
    addMandatoryModuleType: mandatory.add,
    getMandatoryModuleType: mandatory.get,
    removeMandatoryModuleType: mandatory.remove,
    getOptionalModuleTypes: optional.list,
    addOptionalModuleType: optional.add,
    getOptionalModuleType: optional.get,
    removeOptionalModuleType: optional.remove,
  };
};

type TypeParams = { readonly params: { readonly distributionSetTypeId: number } };
type ModuleTypeParams = { readonly params: { readonly distributionSetTypeId: number; readonly softwareModuleTypeId: number } };

/** The handlers of a set type's mandatory or optional module types, to be keyed by that kind's operationIds. */
function moduleTypeHandlers(service: DistributionSetTypeService, kind: ModuleTypeKind) {
  return {
    list: async (c: Context<AppEnv>, { params }: TypeParams) =>
      c.json((await service.moduleTypes(params.distributionSetTypeId, kind)).map((type) => softwareModuleTypeJson(type, c.get('baseUrl')))),
    add: (c: Context<AppEnv>, { params, body }: TypeParams & { readonly body: { readonly id: number } }) =>
      noContent(c, service.addModuleType(c.get('operator'), params.distributionSetTypeId, body.id, kind)),
    get: async (c: Context<AppEnv>, { params }: ModuleTypeParams) =>
      c.json(softwareModuleTypeJson(await service.moduleType(params.distributionSetTypeId, params.softwareModuleTypeId, kind), c.get('baseUrl'))),
    remove: (c: Context<AppEnv>, { params }: ModuleTypeParams) =>
      noContent(c, service.removeModuleType(c.get('operator'), params.distributionSetTypeId, params.softwareModuleTypeId, kind)),
  };
}

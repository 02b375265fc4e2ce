import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import type { DistributionSetTypeService } from './distribution-set-type-service.js';
import type { ModuleTypeKind } from './module-type-links.js';
import type { TypeEntity } from './type-models.js';
import { distributionSetTypeInput, distributionSetTypeJson, softwareModuleTypeJson } from './type-mapper.js';
import { TYPE_DEFAULT_SORT, TYPE_SORT_FIELDS } from './type-fields.js';

/** `/rest/v1/distributionsettypes[/{distributionSetTypeId}]` and its mandatory and optional module types. */
export const distributionSetTypeHandlers: HandlerFactory<{ readonly distributionSetTypes: DistributionSetTypeService }> = (
  _config,
  { distributionSetTypes },
) => {
  const json = (c: Context<AppEnv>) => (type: TypeEntity) => distributionSetTypeJson(type, c.get('baseUrl'));
  const mandatory = moduleTypeHandlers(distributionSetTypes, 'mandatory');
  const optional = moduleTypeHandlers(distributionSetTypes, 'optional');
  return {
    createDistributionSetTypes: async (c, { body }) =>
      c.json((await distributionSetTypes.create(c.get('operator'), body.map(distributionSetTypeInput))).map(json(c)), 201),
    getDistributionSetTypes: async (c, { query }) =>
      c.json(pagedList(await distributionSetTypes.list(listRequest(query, TYPE_SORT_FIELDS, TYPE_DEFAULT_SORT)), json(c))),
    getDistributionSetType: async (c, { params }) => c.json(json(c)(await distributionSetTypes.get(params.distributionSetTypeId))),
    updateDistributionSetType: async (c, { params, body }) =>
      c.json(json(c)(await distributionSetTypes.update(c.get('operator'), params.distributionSetTypeId, body))),
    deleteDistributionSetType: async (c, { params }) => {
      await distributionSetTypes.remove(params.distributionSetTypeId);
      return c.body(null, 204);
    },
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
    add: async (c: Context<AppEnv>, { params, body }: TypeParams & { readonly body: { readonly id: number } }) => {
      await service.addModuleType(c.get('operator'), params.distributionSetTypeId, body.id, kind);
      return c.body(null, 204);
    },
    get: async (c: Context<AppEnv>, { params }: ModuleTypeParams) =>
      c.json(softwareModuleTypeJson(await service.moduleType(params.distributionSetTypeId, params.softwareModuleTypeId, kind), c.get('baseUrl'))),
    remove: async (c: Context<AppEnv>, { params }: ModuleTypeParams) => {
      await service.removeModuleType(c.get('operator'), params.distributionSetTypeId, params.softwareModuleTypeId, kind);
      return c.body(null, 204);
    },
  };
}

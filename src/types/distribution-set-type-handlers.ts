import type { Context } from 'hono';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import type { DistributionSetTypeService } from './distribution-set-type-service.js';
import type { ModuleTypeKind } from './module-type-links.js';
import type { TypeEntity } from './type-models.js';
import { distributionSetTypeInput, distributionSetTypeJson, softwareModuleTypeJson } from './type-mapper.js';
import { TYPE_SORT_FIELDS } from './type-rules.js';

type Schemas = components['schemas'];

const id = (c: Context<AppEnv>) => c.get('input').params['distributionSetTypeId'] as number;
const moduleTypeId = (c: Context<AppEnv>) => c.get('input').params['softwareModuleTypeId'] as number;

/** `/rest/v1/distributionsettypes[/{distributionSetTypeId}]` and its mandatory and optional module types. */
export function distributionSetTypeHandlers(service: DistributionSetTypeService, configuredUrl: string | undefined): OperationHandlers {
  const base = (c: Context<AppEnv>) => baseUrl(c, configuredUrl);
  const json = (c: Context<AppEnv>) => (type: TypeEntity) => distributionSetTypeJson(type, base(c));
  return {
    createDistributionSetTypes: async (c) => {
      const body = c.get('input').body as Schemas['DistributionSetTypeCreateRequests'];
      return c.json((await service.create(c.get('operator'), body.map(distributionSetTypeInput))).map(json(c)), 201);
    },
    getDistributionSetTypes: async (c) => {
      const page = pageRequest(c.get('input').query, TYPE_SORT_FIELDS, [{ column: 'id', direction: 'asc' }]);
      const { rows, total } = await service.list(page, c.get('input').query['q'] as string | undefined);
      return c.json(pagedList(rows.map(json(c)), total));
    },
    getDistributionSetType: async (c) => c.json(json(c)(await service.get(id(c)))),
    updateDistributionSetType: async (c) => {
      const change = c.get('input').body as Schemas['DistributionSetTypeUpdateRequest'];
      return c.json(json(c)(await service.update(c.get('operator'), id(c), change)));
    },
    deleteDistributionSetType: async (c) => {
      await service.remove(id(c));
      return c.body(null, 204);
    },
    ...moduleTypeHandlers(service, base, 'mandatory', {
      list: 'getMandatoryModuleTypes',
      add: 'addMandatoryModuleType',
      get: 'getMandatoryModuleType',
      remove: 'removeMandatoryModuleType',
    }),
    ...moduleTypeHandlers(service, base, 'optional', {
      list: 'getOptionalModuleTypes',
      add: 'addOptionalModuleType',
      get: 'getOptionalModuleType',
      remove: 'removeOptionalModuleType',
    }),
  };
}

function moduleTypeHandlers(
  service: DistributionSetTypeService,
  base: (c: Context<AppEnv>) => string,
  kind: ModuleTypeKind,
  operations: { readonly list: string; readonly add: string; readonly get: string; readonly remove: string },
): OperationHandlers {
  return {
    [operations.list]: async (c) => c.json((await service.moduleTypes(id(c), kind)).map((type) => softwareModuleTypeJson(type, base(c)))),
    [operations.add]: async (c) => {
      const { id: added } = c.get('input').body as Schemas['IdReference'];
      await service.addModuleType(c.get('operator'), id(c), added, kind);
      return c.body(null, 204);
    },
    [operations.get]: async (c) => c.json(softwareModuleTypeJson(await service.moduleType(id(c), moduleTypeId(c), kind), base(c))),
    [operations.remove]: async (c) => {
      await service.removeModuleType(c.get('operator'), id(c), moduleTypeId(c), kind);
      return c.body(null, 204);
    },
  };
}

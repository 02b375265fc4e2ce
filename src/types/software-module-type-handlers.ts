import type { Context } from 'hono';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import type { SoftwareModuleTypeService } from './software-module-type-service.js';
import type { SoftwareModuleType } from './type-models.js';
import { softwareModuleTypeJson } from './type-mapper.js';
import { TYPE_SORT_FIELDS } from './type-rules.js';

type Schemas = components['schemas'];

const SORT_FIELDS = { ...TYPE_SORT_FIELDS, maxassignments: 'max_assignments' } as const;

/** `/rest/v1/softwaremoduletypes[/{softwareModuleTypeId}]`. */
export function softwareModuleTypeHandlers(service: SoftwareModuleTypeService, configuredUrl: string | undefined): OperationHandlers {
  const id = (c: Context<AppEnv>) => c.get('input').params['softwareModuleTypeId'] as number;
  const json = (c: Context<AppEnv>) => (type: SoftwareModuleType) => softwareModuleTypeJson(type, baseUrl(c, configuredUrl));
  return {
    createSoftwareModuleTypes: async (c) => {
      const body = c.get('input').body as Schemas['SoftwareModuleTypeCreateRequests'];
      return c.json((await service.create(c.get('operator'), body)).map(json(c)), 201);
    },
    getSoftwareModuleTypes: async (c) => {
      const page = pageRequest(c.get('input').query, SORT_FIELDS, [{ column: 'id', direction: 'asc' }]);
      const { rows, total } = await service.list(page, c.get('input').query['q'] as string | undefined);
      return c.json(pagedList(rows.map(json(c)), total));
    },
    getSoftwareModuleType: async (c) => c.json(json(c)(await service.get(id(c)))),
    updateSoftwareModuleType: async (c) => {
      const change = c.get('input').body as Schemas['SoftwareModuleTypeUpdateRequest'];
      return c.json(json(c)(await service.update(c.get('operator'), id(c), change)));
    },
    deleteSoftwareModuleType: async (c) => {
      await service.remove(id(c));
      return c.body(null, 204);
    },
  };
}

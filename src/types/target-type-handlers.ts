import type { Context } from 'hono';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import type { TargetTypeService } from './target-type-service.js';
import type { TypeEntity } from './type-models.js';
import { distributionSetTypeJson, targetTypeInput, targetTypeJson } from './type-mapper.js';
import { TYPE_SORT_FIELDS } from './type-rules.js';

type Schemas = components['schemas'];

const id = (c: Context<AppEnv>) => c.get('input').params['targetTypeId'] as number;

/** `/rest/v1/targettypes[/{targetTypeId}]` and its compatible distribution-set types. */
export function targetTypeHandlers(service: TargetTypeService, configuredUrl: string | undefined): OperationHandlers {
  const json = (c: Context<AppEnv>) => (type: TypeEntity) => targetTypeJson(type, baseUrl(c, configuredUrl));
  return {
    createTargetTypes: async (c) => {
      const body = c.get('input').body as Schemas['TargetTypeCreateRequests'];
      return c.json((await service.create(c.get('operator'), body.map(targetTypeInput))).map(json(c)), 201);
    },
    getTargetTypes: async (c) => {
      const page = pageRequest(c.get('input').query, TYPE_SORT_FIELDS, [{ column: 'id', direction: 'asc' }]);
      const { rows, total } = await service.list(page, c.get('input').query['q'] as string | undefined);
      return c.json(pagedList(rows.map(json(c)), total));
    },
    getTargetType: async (c) => c.json(json(c)(await service.get(id(c)))),
    updateTargetType: async (c) => {
      const change = c.get('input').body as Schemas['TargetTypeUpdateRequest'];
      return c.json(json(c)(await service.update(c.get('operator'), id(c), change)));
    },
    deleteTargetType: async (c) => {
      await service.remove(id(c));
      return c.body(null, 204);
    },
    getCompatibleDistributionSetTypes: async (c) => {
      const base = baseUrl(c, configuredUrl);
      return c.json((await service.compatibleTypes(id(c))).map((type) => distributionSetTypeJson(type, base)));
    },
    addCompatibleDistributionSetTypes: async (c) => {
      const references = c.get('input').body as Schemas['IdReferences'];
      await service.addCompatibleTypes(
        c.get('operator'),
        id(c),
        references.map((reference) => reference.id),
      );
      return c.body(null, 204);
    },
    removeCompatibleDistributionSetType: async (c) => {
      await service.removeCompatibleType(c.get('operator'), id(c), c.get('input').params['distributionSetTypeId'] as number);
      return c.body(null, 204);
    },
  };
}

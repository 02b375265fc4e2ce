import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import type { TypeEntity } from './type-models.js';
import { distributionSetTypeJson, targetTypeInput, targetTypeJson } from './type-mapper.js';
import type { TargetTypeService } from './target-type-service.js';
import { TYPE_DEFAULT_SORT, TYPE_SORT_FIELDS } from './type-fields.js';

/** `/rest/v1/targettypes[/{targetTypeId}]` and its compatible distribution-set types. */
export const targetTypeHandlers: HandlerFactory<{ readonly targetTypes: TargetTypeService }> = (_config, { targetTypes }) => {
  const json = (c: Context<AppEnv>) => (type: TypeEntity) => targetTypeJson(type, c.get('baseUrl'));
  return {
    createTargetTypes: async (c, { body }) => c.json((await targetTypes.create(c.get('operator'), body.map(targetTypeInput))).map(json(c)), 201),
    getTargetTypes: async (c, { query }) => c.json(pagedList(await targetTypes.list(listRequest(query, TYPE_SORT_FIELDS, TYPE_DEFAULT_SORT)), json(c))),
    getTargetType: async (c, { params }) => c.json(json(c)(await targetTypes.get(params.targetTypeId))),
    updateTargetType: async (c, { params, body }) => c.json(json(c)(await targetTypes.update(c.get('operator'), params.targetTypeId, body))),
    deleteTargetType: async (c, { params }) => {
      await targetTypes.remove(params.targetTypeId);
      return c.body(null, 204);
    },
    getCompatibleDistributionSetTypes: async (c, { params }) => {
      const base = c.get('baseUrl');
      return c.json((await targetTypes.compatibleTypes(params.targetTypeId)).map((type) => distributionSetTypeJson(type, base)));
    },
    addCompatibleDistributionSetTypes: async (c, { params, body }) => {
      await targetTypes.addCompatibleTypes(
        c.get('operator'),
        params.targetTypeId,
        body.map((reference) => reference.id),
      );
      return c.body(null, 204);
    },
    removeCompatibleDistributionSetType: async (c, { params }) => {
      await targetTypes.removeCompatibleType(c.get('operator'), params.targetTypeId, params.distributionSetTypeId);
      return c.body(null, 204);
    },
  };
};

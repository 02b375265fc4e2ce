import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import type { TypeEntity } from './type-models.js';
import { distributionSetTypeJson, targetTypeInput, targetTypeJson } from './type-mapper.js';
import type { TargetTypeService } from './target-type-service.js';
import { TYPE_SORT_FIELDS } from './type-fields.js';
import { typeHandlers } from './type-handlers.js';

/** `/rest/v1/targettypes[/{targetTypeId}]` and its compatible distribution-set types. */
export const targetTypeHandlers: HandlerFactory<{ readonly targetTypes: TargetTypeService }> = (_config, { targetTypes }) => {
  const json = (c: Context<AppEnv>) => (type: TypeEntity) => targetTypeJson(type, c.get('baseUrl'));
  const types = typeHandlers(targetTypes, 'targetTypeId', TYPE_SORT_FIELDS, targetTypeJson);
  return {
    createTargetTypes: async (c, { body }) => c.json((await targetTypes.create(c.get('operator'), body.map(targetTypeInput))).map(json(c)), 201),
    getTargetTypes: types.list,
    getTargetType: types.get,
    updateTargetType: types.update,
    deleteTargetType: types.remove,
    getCompatibleDistributionSetTypes: async (c, { params }) => {
      const base = c.get('baseUrl');
      return c.json((await targetTypes.compatibleTypes(params.targetTypeId)).map((type) => distributionSetTypeJson(type, base)));
    },
    addCompatibleDistributionSetTypes: (c, { params, body }) =>
      noContent(
        c,
        targetTypes.addCompatibleTypes(
          c.get('operator'),
          params.targetTypeId,
          body.map((reference) => reference.id),
        ),
      ),
    removeCompatibleDistributionSetType: (c, { params }) =>
      noContent(c, targetTypes.removeCompatibleType(c.get('operator'), params.targetTypeId, params.distributionSetTypeId)),
  };
};

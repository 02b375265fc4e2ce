import type { Context } from 'hono';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import { metadataHandlers } from '../metadata/metadata-handlers.js';
import type { Page } from '../db/page.js';
import type { TargetChange, TargetDetails } from './target-model.js';
import { targetDetailsJson, targetJson, type TargetJsonContext } from './target-mapper.js';
import type { MetadataService } from '../metadata/metadata-service.js';
import { DEFAULT_TARGET_SORT, TARGET_SORT_FIELDS } from './target-fiql-fields.js';
import type { TargetService } from './target-service.js';

type TargetRequest = components['schemas']['TargetRequest'];
type TargetUpdate = components['schemas']['TargetUpdate'];

/** The target fields of a request body; hawkBit reads a null field as an absent one. */
function fieldsOf(body: TargetRequest | TargetUpdate): TargetChange {
  return {
    name: body.name ?? undefined,
    description: body.description ?? undefined,
    securityToken: body.securityToken ?? undefined,
    address: body.address ?? undefined,
    group: body.group ?? undefined,
    requestAttributes: body.requestAttributes ?? undefined,
    targetTypeId: body.targetType ?? undefined,
  };
}

const list = (query: ListQuery) => listRequest(query, TARGET_SORT_FIELDS, DEFAULT_TARGET_SORT);

/**
 * `/rest/v1/targets…` (without assignments, actions and auto-confirm), and the target lists of a tag
 * (`/rest/v1/targettags/{id}/assigned`) and of a set (`/rest/v1/distributionsets/{id}/assignedTargets`, `installedTargets`).
 */
export const targetHandlers: HandlerFactory<{ readonly targets: TargetService; readonly targetMetadata: MetadataService }> = (
  config,
  { targets, targetMetadata },
) => {
  const context = (c: Context<AppEnv>): TargetJsonContext => ({
    base: c.get('baseUrl'),
    confirmationFlow: config.ddi.confirmationFlow,
  });
  const pageOf = (c: Context<AppEnv>, page: Page<TargetDetails>) => c.json(pagedList(page, (target) => targetDetailsJson(target, context(c))));
  const withSet = async (
    c: Context<AppEnv>,
    { params, query }: { params: { readonly distributionSetId: number }; query: ListQuery },
    relation: 'assigned' | 'installed',
  ) => pageOf(c, await targets.listWithSet(params.distributionSetId, relation, list(query)));
  const metadata = metadataHandlers(targetMetadata, (params: { readonly targetId: string }) => targets.idOf(params.targetId));
  return {
    createTargets: async (c, { body }) => {
      const created = await targets.create(
        body.map((request) => ({ ...fieldsOf(request), controllerId: request.controllerId })),
        c.get('operator'),
      );
      return c.json(
        created.map((target) => targetJson(target, context(c))),
        201,
      );
    },
    getTargets: async (c, { query }) => pageOf(c, await targets.list(list(query))),
    getAssignedTargets: async (c, { params, query }) => pageOf(c, await targets.listByTag(params.targetTagId, list(query))),
    getAssignedTargets_1: async (c, input) => withSet(c, input, 'assigned'),
    getInstalledTargets: async (c, input) => withSet(c, input, 'installed'),
    getTarget: async (c, { params }) => c.json(targetDetailsJson(await targets.get(params.targetId), context(c))),
    updateTarget: async (c, { params, body }) => c.json(targetJson(await targets.update(params.targetId, fieldsOf(body), c.get('operator')), context(c))),
    deleteTarget: (c, { params }) => noContent(c, targets.remove(params.targetId)),
    getTargetAttributes: async (c, { params }) => c.json(await targets.attributes(params.targetId)),
    assignTargetType: (c, { params, body }) => noContent(c, targets.assignType(params.targetId, body.id, c.get('operator'))),
    unassignTargetType: (c, { params }) => noContent(c, targets.unassignType(params.targetId, c.get('operator'))),
    getTargetMetadata: metadata.list,
    createTargetMetadata: metadata.create,
    getTargetMetadataValue: metadata.get,
    updateTargetMetadata: metadata.update,
    deleteTargetMetadata: metadata.remove,
  };
};

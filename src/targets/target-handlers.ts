import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import { metadataHandlers } from '../metadata/metadata-handlers.js';
import type { MetadataService } from '../metadata/metadata-service.js';
import type { Page } from '../db/page.js';
import type { TargetChange, TargetDetails } from './target-model.js';
import { targetDetailsJson, targetJson, type TargetJsonContext } from './target-mapper.js';
import { DEFAULT_TARGET_SORT, TARGET_SORT_FIELDS, type TargetService } from './target-service.js';

type TargetRequest = components['schemas']['TargetRequest'];
type TargetUpdate = components['schemas']['TargetUpdate'];
type ListQuery = { offset?: number; limit?: number; sort?: string; q?: string };

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

/**
 * `/rest/v1/targets…` (without assignments, actions and auto-confirm), and the target lists of a tag
 * (`/rest/v1/targettags/{id}/assigned`) and of a set (`/rest/v1/distributionsets/{id}/assignedTargets`, `installedTargets`).
 */
export function targetHandlers(config: Config, targets: TargetService, metadata: MetadataService): OperationHandlers {
  const context = (c: Context<AppEnv>): TargetJsonContext => ({
    base: baseUrl(c, config.url),
    confirmationFlow: config.ddi.confirmationFlow,
  });
  const controllerId = (c: Context<AppEnv>) => c.get('input').params['targetId'] as string;
  const list = (c: Context<AppEnv>) => {
    const query = c.get('input').query as ListQuery;
    return { page: pageRequest(query, TARGET_SORT_FIELDS, DEFAULT_TARGET_SORT), q: query.q };
  };
  const pageOf = (c: Context<AppEnv>, { rows, total }: Page<TargetDetails>) =>
    c.json(
      pagedList(
        rows.map((target) => targetDetailsJson(target, context(c))),
        total,
      ),
    );
  const withSet = async (c: Context<AppEnv>, relation: 'assigned' | 'installed') => {
    const { page, q } = list(c);
    return pageOf(c, await targets.listWithSet(c.get('input').params['distributionSetId'] as number, relation, page, q));
  };
  return {
    createTargets: async (c) => {
      const body = c.get('input').body as TargetRequest[];
      const created = await targets.create(
        body.map((request) => ({ ...fieldsOf(request), controllerId: request.controllerId })),
        c.get('operator'),
      );
      return c.json(
        created.map((target) => targetJson(target, context(c))),
        201,
      );
    },
    getTargets: async (c) => {
      const { page, q } = list(c);
      return pageOf(c, await targets.list(page, q));
    },
    getAssignedTargets: async (c) => {
      const { page, q } = list(c);
      return pageOf(c, await targets.listByTag(c.get('input').params['targetTagId'] as number, page, q));
    },
    getAssignedTargets_1: async (c) => withSet(c, 'assigned'),
    getInstalledTargets: async (c) => withSet(c, 'installed'),
    getTarget: async (c) => c.json(targetDetailsJson(await targets.get(controllerId(c)), context(c))),
    updateTarget: async (c) => {
      const change = fieldsOf(c.get('input').body as TargetUpdate);
      return c.json(targetJson(await targets.update(controllerId(c), change, c.get('operator')), context(c)));
    },
    deleteTarget: async (c) => {
      await targets.remove(controllerId(c));
      return c.body(null, 204);
    },
    getTargetAttributes: async (c) => c.json(await targets.attributes(controllerId(c))),
    assignTargetType: async (c) => {
      const { id } = c.get('input').body as components['schemas']['IdReference'];
      await targets.assignType(controllerId(c), id, c.get('operator'));
      return c.body(null, 204);
    },
    unassignTargetType: async (c) => {
      await targets.unassignType(controllerId(c), c.get('operator'));
      return c.body(null, 204);
    },
    ...metadataHandlers(
      {
        list: 'getTargetMetadata',
        create: 'createTargetMetadata',
        get: 'getTargetMetadataValue',
        update: 'updateTargetMetadata',
        remove: 'deleteTargetMetadata',
      },
      metadata,
      (c) => targets.idOf(controllerId(c)),
    ),
  };
}

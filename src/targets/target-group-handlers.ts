import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import { targetDetailsJson } from './target-mapper.js';
import { DEFAULT_TARGET_SORT, TARGET_SORT_FIELDS } from './target-fiql-fields.js';
import type { TargetGroupService } from './target-group-service.js';

/** `/rest/v1/targetgroups…`: the group in the path, or in `?group=` when it holds a `/`. */
export const targetGroupHandlers: HandlerFactory<{ readonly targetGroups: TargetGroupService }> = (config, { targetGroups }) => {
  const list = async (c: Context<AppEnv>, query: ListQuery, group: string, subgroups: boolean) => {
    const page = await targetGroups.list(group, subgroups, listRequest(query, TARGET_SORT_FIELDS, DEFAULT_TARGET_SORT));
    const context = { base: c.get('baseUrl'), confirmationFlow: config.ddi.confirmationFlow };
    return c.json(pagedList(page, (target) => targetDetailsJson(target, context)));
  };
  const moved = (c: Context<AppEnv>) => c.body(null, 204);
  return {
    getAssignedTargets_2: (c, { params, query }) => list(c, query, params.group, false),
    getAssignedTargetsWithSubgroups: (c, { query }) => list(c, query, query.group, query.subgroups === true),
    assignTargetsToGroup: async (c, { params, body }) => (await targetGroups.assign(params.group, body, c.get('operator')), moved(c)),
    assignTargetsToGroupWithSubgroups: async (c, { query, body }) => (await targetGroups.assign(query.group, body, c.get('operator')), moved(c)),
    assignTargetsToGroupWithRsql: async (c, { params, query }) => (await targetGroups.assignMatching(params.group, query.q, c.get('operator')), moved(c)),
    assignTargetsToGroup_1: async (c, { query }) => (await targetGroups.assignMatching(query.group, query.q, c.get('operator')), moved(c)),
  };
};

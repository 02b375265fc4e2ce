import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import type { TargetGroupService } from './target-group-service.js';
import { targetDetailsJson } from './target-mapper.js';
import { DEFAULT_TARGET_SORT, TARGET_SORT_FIELDS } from './target-service.js';

type Query = { offset?: number; limit?: number; sort?: string; group?: string; subgroups?: boolean; q?: string };

/** `/rest/v1/targetgroups…`: the group in the path, or in `?group=` when it holds a `/`. */
export function targetGroupHandlers(config: Config, groups: TargetGroupService): OperationHandlers {
  const query = (c: Context<AppEnv>) => c.get('input').query as Query;
  const pathGroup = (c: Context<AppEnv>) => c.get('input').params['group'] as string;
  const queryGroup = (c: Context<AppEnv>) => query(c).group as string;
  const controllerIds = (c: Context<AppEnv>) => c.get('input').body as string[];
  const list = async (c: Context<AppEnv>, group: string, subgroups: boolean) => {
    const { rows, total } = await groups.list(group, subgroups, pageRequest(query(c), TARGET_SORT_FIELDS, DEFAULT_TARGET_SORT), query(c).q);
    const context = { base: baseUrl(c, config.url), confirmationFlow: config.ddi.confirmationFlow };
    return c.json(
      pagedList(
        rows.map((target) => targetDetailsJson(target, context)),
        total,
      ),
    );
  };
  const moved = (c: Context<AppEnv>) => c.body(null, 204);
  return {
    getAssignedTargets_2: (c) => list(c, pathGroup(c), false),
    getAssignedTargetsWithSubgroups: (c) => list(c, queryGroup(c), query(c).subgroups === true),
    assignTargetsToGroup: async (c) => (await groups.assign(pathGroup(c), controllerIds(c), c.get('operator')), moved(c)),
    assignTargetsToGroupWithSubgroups: async (c) => (await groups.assign(queryGroup(c), controllerIds(c), c.get('operator')), moved(c)),
    assignTargetsToGroupWithRsql: async (c) => (await groups.assignMatching(pathGroup(c), query(c).q as string, c.get('operator')), moved(c)),
    assignTargetsToGroup_1: async (c) => (await groups.assignMatching(queryGroup(c), query(c).q as string, c.get('operator')), moved(c)),
  };
}

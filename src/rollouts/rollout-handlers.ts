import type { Context } from 'hono';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { listRequest, pagedList } from '../http/paging.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { targetDetailsJson } from '../targets/target-mapper.js';
import { DEFAULT_TARGET_SORT, TARGET_SORT_FIELDS } from '../targets/target-fiql-fields.js';
import { GROUP_SORT_FIELDS, ROLLOUT_DEFAULT_SORT, ROLLOUT_SORT_FIELDS } from './rollout-fields.js';
import { compactRolloutJson, groupJson, rolloutJson } from './rollout-mapper.js';
import type { RolloutService } from './rollout-service.js';

type RolloutRequest = components['schemas']['RolloutRequest'];
type GroupRequest = components['schemas']['GroupRequest'];
type Condition = components['schemas']['Condition'];
type Settings = Pick<RolloutRequest, 'successCondition' | 'errorCondition' | 'successAction' | 'confirmationRequired' | 'soakTime'>;

/** A condition's threshold: omitted, the default; its expression omitted, 100 (decision 2). */
const expressionOf = (condition: Condition | undefined) => (condition === undefined ? undefined : (condition.expression ?? '100'));

/** The group settings of a create body or one of its groups, as the domain takes them. */
const settingsOf = (body: Settings) => ({
  successThreshold: expressionOf(body.successCondition),
  errorThreshold: expressionOf(body.errorCondition),
  successAction: body.successAction?.action === undefined ? undefined : body.successAction.action === 'PAUSE' ? ('pause' as const) : ('nextgroup' as const),
  confirmationRequired: body.confirmationRequired,
  soakTime: body.soakTime,
});

const groupOf = (group: GroupRequest) => ({
  name: group.name,
  description: group.description,
  targetFilterQuery: group.targetFilterQuery,
  targetPercentage: group.targetPercentage,
  ...settingsOf(group),
});

/** `/rest/v1/rollouts…` (hawkBit's operationIds). */
export const rolloutHandlers: HandlerFactory<{ readonly rollouts: RolloutService }> = (config, { rollouts }) => {
  const groupContext = (c: Context<AppEnv>) => ({ base: c.get('baseUrl'), confirmationFlow: config.ddi.confirmationFlow });

  return {
    create: async (c, { body }) => {
      const rollout = await rollouts.create(
        {
          name: body.name,
          description: body.description,
          distributionSetId: body.distributionSetId,
          targetFilterQuery: body.targetFilterQuery,
          amountGroups: body.amountGroups,
          groups: body.groups?.map(groupOf),
          actionType: body.type,
          forceTime: body.forcetime,
          startAt: body.startAt,
          ...settingsOf(body),
          dynamic: body.dynamic,
          dynamicGroupTemplate: body.dynamicGroupTemplate,
        },
        c.get('operator'),
      );
      return c.json(rolloutJson(rollout, c.get('baseUrl')), 201);
    },
    getRollouts: async (c, { query }) => {
      const page = await rollouts.list(listRequest(query, ROLLOUT_SORT_FIELDS, ROLLOUT_DEFAULT_SORT));
      const compact = query.representation === 'compact';
      return c.json(pagedList(page, (rollout) => (compact ? compactRolloutJson : rolloutJson)(rollout, c.get('baseUrl'))));
    },
    getRollout: async (c, { params }) => c.json(rolloutJson(await rollouts.get(params.rolloutId), c.get('baseUrl'))),
    update: async (c, { params, body }) => {
      const changes = { name: body.name, description: body.description, startAt: body.startAt };
      return c.json(rolloutJson(await rollouts.update(params.rolloutId, changes, c.get('operator')), c.get('baseUrl')));
    },
    delete: (c, { params }) => noContent(c, rollouts.remove(params.rolloutId, c.get('operator'))),
    approve: (c, { params, query }) => noContent(c, rollouts.approve(params.rolloutId, query.remark, c.get('operator'))),
    deny: (c, { params, query }) => noContent(c, rollouts.deny(params.rolloutId, query.remark, c.get('operator'))),
    start: (c, { params }) => noContent(c, rollouts.start(params.rolloutId, c.get('operator'))),
    pause: (c, { params }) => noContent(c, rollouts.pause(params.rolloutId, c.get('operator'))),
    resume: (c, { params }) => noContent(c, rollouts.resume(params.rolloutId, c.get('operator'))),
    stop: (c, { params }) => noContent(c, rollouts.stop(params.rolloutId, c.get('operator'))),
    triggerNextGroup: (c, { params }) => noContent(c, rollouts.triggerNextGroup(params.rolloutId, c.get('operator'))),
    retryRollout: async (c, { params }) => c.json(rolloutJson(await rollouts.retry(params.rolloutId, c.get('operator')), c.get('baseUrl')), 201),
    getRolloutGroups: async (c, { params, query }) => {
      const page = await rollouts.groups(params.rolloutId, listRequest(query, GROUP_SORT_FIELDS, ROLLOUT_DEFAULT_SORT));
      return c.json(pagedList(page, (group) => groupJson(group, groupContext(c))));
    },
    getRolloutGroup: async (c, { params }) => c.json(groupJson(await rollouts.group(params.rolloutId, params.groupId), groupContext(c))),
    getRolloutGroupTargets: async (c, { params, query }) => {
      const page = await rollouts.groupTargets(params.rolloutId, params.groupId, listRequest(query, TARGET_SORT_FIELDS, DEFAULT_TARGET_SORT));
      return c.json(pagedList(page, (target) => targetDetailsJson(target, groupContext(c))));
    },
  };
};

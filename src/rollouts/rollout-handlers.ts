import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import { targetDetailsJson } from '../targets/target-mapper.js';
import { DEFAULT_TARGET_SORT, TARGET_SORT_FIELDS } from '../targets/target-service.js';
import { compactRolloutJson, groupJson, rolloutJson } from './rollout-mapper.js';
import { GROUP_SORT_FIELDS, ROLLOUT_SORT_FIELDS } from './rollout-queries.js';
import type { RolloutService } from './rollout-service.js';

type RolloutRequest = components['schemas']['RolloutRequest'];
type GroupRequest = components['schemas']['GroupRequest'];
type RolloutUpdate = components['schemas']['RolloutUpdate'];
type Condition = components['schemas']['Condition'];
type Settings = Pick<RolloutRequest, 'successCondition' | 'errorCondition' | 'successAction' | 'confirmationRequired' | 'soakTime'>;
type ListQuery = { offset?: number; limit?: number; sort?: string; q?: string; representation?: string };

const BY_ID = [{ column: 'id', direction: 'asc' }] as const;

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
export function rolloutHandlers(config: Config, rollouts: RolloutService): OperationHandlers {
  const base = (c: Context<AppEnv>) => baseUrl(c, config.url);
  const id = (c: Context<AppEnv>) => c.get('input').params['rolloutId'] as number;
  const groupId = (c: Context<AppEnv>) => c.get('input').params['groupId'] as number;
  const query = (c: Context<AppEnv>) => c.get('input').query as ListQuery;
  const remark = (c: Context<AppEnv>) => c.get('input').query['remark'] as string | undefined;
  const groupContext = (c: Context<AppEnv>) => ({ base: base(c), confirmationFlow: config.ddi.confirmationFlow });
  const done = async (c: Context<AppEnv>, operation: Promise<void>) => {
    await operation;
    return c.body(null, 204);
  };

  return {
    create: async (c) => {
      const body = c.get('input').body as RolloutRequest;
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
      return c.json(rolloutJson(rollout, base(c)), 201);
    },
    getRollouts: async (c) => {
      const { rows, total } = await rollouts.list(pageRequest(query(c), ROLLOUT_SORT_FIELDS, BY_ID), query(c).q);
      const compact = query(c).representation === 'compact';
      return c.json(
        pagedList(
          rows.map((rollout) => (compact ? compactRolloutJson : rolloutJson)(rollout, base(c))),
          total,
        ),
      );
    },
    getRollout: async (c) => c.json(rolloutJson(await rollouts.get(id(c)), base(c))),
    update: async (c) => {
      const body = c.get('input').body as RolloutUpdate;
      const changes = { name: body.name, description: body.description, startAt: body.startAt };
      return c.json(rolloutJson(await rollouts.update(id(c), changes, c.get('operator')), base(c)));
    },
    delete: (c) => done(c, rollouts.remove(id(c), c.get('operator'))),
    approve: (c) => done(c, rollouts.approve(id(c), remark(c), c.get('operator'))),
    deny: (c) => done(c, rollouts.deny(id(c), remark(c), c.get('operator'))),
    start: (c) => done(c, rollouts.start(id(c), c.get('operator'))),
    pause: (c) => done(c, rollouts.pause(id(c), c.get('operator'))),
    resume: (c) => done(c, rollouts.resume(id(c), c.get('operator'))),
    stop: (c) => done(c, rollouts.stop(id(c), c.get('operator'))),
    triggerNextGroup: (c) => done(c, rollouts.triggerNextGroup(id(c), c.get('operator'))),
    retryRollout: async (c) => c.json(rolloutJson(await rollouts.retry(id(c), c.get('operator')), base(c)), 201),
    getRolloutGroups: async (c) => {
      const { rows, total } = await rollouts.groups(id(c), pageRequest(query(c), GROUP_SORT_FIELDS, BY_ID), query(c).q);
      return c.json(
        pagedList(
          rows.map((group) => groupJson(group, groupContext(c))),
          total,
        ),
      );
    },
    getRolloutGroup: async (c) => c.json(groupJson(await rollouts.group(id(c), groupId(c)), groupContext(c))),
    getRolloutGroupTargets: async (c) => {
      const request = pageRequest(query(c), TARGET_SORT_FIELDS, DEFAULT_TARGET_SORT);
      const { rows, total } = await rollouts.groupTargets(id(c), groupId(c), request, query(c).q);
      const context = { base: base(c), confirmationFlow: config.ddi.confirmationFlow };
      return c.json(
        pagedList(
          rows.map((target) => targetDetailsJson(target, context)),
          total,
        ),
      );
    },
  };
}

import type { Context } from 'hono';
import type { Config } from '../config.js';
import { distributionSetJson } from '../distribution-sets/distribution-set-mapper.js';
import type { DistributionSet } from '../distribution-sets/distribution-set.js';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import { pagedList, pageRequest } from '../http/paging.js';
import { compactLinks } from '../http/representation.js';
import type { OperationHandlers } from '../http/routes.js';
import { actionJson, actionStatusEntryJson, assignmentResultJson, autoConfirmJson } from './action-mapper.js';
import { ACTION_SORT_FIELDS, NEWEST_FIRST, OLDEST_FIRST, type Action } from './action-queries.js';
import { STATUS_ENTRY_SORT_FIELDS, type ActionService } from './action-service.js';
import type { AssignmentOptions, AssignmentService } from './assignment-service.js';
import type { AutoConfirmService } from './auto-confirm-service.js';

type AssignmentBody = components['schemas']['AssignmentRequestBody'];
type TargetAssignmentBody = components['schemas']['TargetAssignmentRequests'];
type AssignmentOptionsBody = components['schemas']['AssignmentOptions'];
type Activation = components['schemas']['AutoConfirmActivation'];
type ListQuery = { offset?: number; limit?: number; sort?: string; q?: string; representation?: string };

const ENTRIES_OLDEST_FIRST = [{ column: 'id', direction: 'asc' }] as const;

/** The options of one assignment in the service's terms; `weight` is dropped, there are no action weights. */
const optionsOf = (body: AssignmentOptionsBody): AssignmentOptions => ({
  actionType: body.type,
  forceTime: body.forcetime,
  maintenanceWindow: body.maintenanceWindow,
  confirmationRequired: body.confirmationRequired,
});

export interface DeploymentServices {
  readonly assignments: AssignmentService;
  readonly actions: ActionService;
  readonly autoConfirm: AutoConfirmService;
}

/**
 * Assignments (`/rest/v1/targets/{targetId}/assignedDS` and `/rest/v1/distributionsets/{id}/assignedTargets`),
 * actions and auto-confirm of `/rest/v1/targets/{targetId}/…`, and `/rest/v1/actions`.
 */
export function actionHandlers(config: Config, { assignments, actions, autoConfirm }: DeploymentServices): OperationHandlers {
  const base = (c: Context<AppEnv>) => baseUrl(c, config.url);
  const controllerId = (c: Context<AppEnv>) => c.get('input').params['targetId'] as string;
  const actionId = (c: Context<AppEnv>) => c.get('input').params['actionId'] as number;
  const query = (c: Context<AppEnv>) => c.get('input').query as ListQuery;
  const offline = (c: Context<AppEnv>) => c.get('input').query['offline'] === true;
  const page = (c: Context<AppEnv>, { rows, total }: { rows: readonly Action[]; total: number }) =>
    c.json(
      pagedList(
        rows.map((action) => actionJson(action, base(c))),
        total,
      ),
    );
  const set = (c: Context<AppEnv>, found: DistributionSet | undefined) => (found ? c.json(distributionSetJson(found, base(c))) : c.body(null, 204));

  return {
    postAssignedDistributionSet: async (c) => {
      const body = c.get('input').body as AssignmentBody;
      const [request] = Array.isArray(body) ? body : [body];
      if (request === undefined) throw new Error('the OpenAPI document requires one assignment');
      const assignment = { ...optionsOf(request), distributionSetId: request.id };
      const result = await assignments.assign(controllerId(c), assignment, offline(c), c.get('operator'));
      return c.json(assignmentResultJson(result, base(c)));
    },
    createAssignedTarget: async (c) => {
      const targets = (c.get('input').body as TargetAssignmentBody).map((request) => ({ ...optionsOf(request), controllerId: request.id }));
      const setId = c.get('input').params['distributionSetId'] as number;
      const result = await assignments.assignTargets(setId, targets, offline(c), c.get('operator'));
      return c.json(assignmentResultJson(result, base(c)));
    },
    getAssignedDistributionSet: async (c) => set(c, await assignments.assignedSet(controllerId(c))),
    getInstalledDistributionSet: async (c) => set(c, await assignments.installedSet(controllerId(c))),
    getActionHistory: async (c) => page(c, await actions.listOfTarget(controllerId(c), pageRequest(query(c), ACTION_SORT_FIELDS, NEWEST_FIRST), query(c).q)),
    getActions: async (c) => {
      const { rows, total } = await actions.list(pageRequest(query(c), ACTION_SORT_FIELDS, OLDEST_FIRST), query(c).q);
      return c.json(
        pagedList(
          rows.map((action) => compactLinks(actionJson(action, base(c)), query(c).representation)),
          total,
        ),
      );
    },
    getAction: async (c) => c.json(actionJson(await actions.get(controllerId(c), actionId(c)), base(c))),
    getAction_1: async (c) => c.json(actionJson(await actions.getById(actionId(c)), base(c))),
    updateAction: async (c) => c.json(actionJson(await actions.force(controllerId(c), actionId(c), c.get('operator')), base(c))),
    cancelAction: async (c) => {
      const force = c.get('input').query['force'] === true;
      await actions.cancel(controllerId(c), actionId(c), force, c.get('operator'));
      return c.body(null, 204);
    },
    getActionStatusList: async (c) => {
      const request = pageRequest(query(c), STATUS_ENTRY_SORT_FIELDS, ENTRIES_OLDEST_FIRST);
      const { rows, total } = await actions.statusEntries(controllerId(c), actionId(c), request, query(c).q);
      return c.json(pagedList(rows.map(actionStatusEntryJson), total));
    },
    getAutoConfirmStatus: async (c) => c.json(autoConfirmJson(await autoConfirm.get(controllerId(c)), base(c), controllerId(c))),
    activateAutoConfirm: async (c) => {
      const body = (c.get('input').body ?? {}) as Activation;
      const details = { initiator: body.initiator ?? undefined, remark: body.remark ?? undefined };
      await autoConfirm.activate(controllerId(c), details, c.get('operator'));
      return c.body(null, 204);
    },
    deactivateAutoConfirm: async (c) => {
      await autoConfirm.deactivate(controllerId(c), c.get('operator'));
      return c.body(null, 204);
    },
  };
}

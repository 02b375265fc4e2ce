import type { Context } from 'hono';
import { distributionSetJson } from '../distribution-sets/distribution-set-mapper.js';
import type { DistributionSet } from '../distribution-sets/distribution-set.js';
import type { Page } from '../db/page.js';
import type { components } from '../generated/mgmt.js';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import { compactLinks } from '../http/representation.js';
import { actionJson, actionStatusEntryJson, assignmentResultJson, autoConfirmJson } from './action-mapper.js';
import { ACTION_SORT_FIELDS, NEWEST_FIRST, OLDEST_FIRST, STATUS_ENTRY_DEFAULT_SORT, STATUS_ENTRY_SORT_FIELDS } from './action-fields.js';
import type { Action } from './action-read-store.js';
import type { ActionService } from './action-service.js';
import type { AssignmentOptions, AssignmentService } from './assignment-service.js';
import type { AutoConfirmService } from './auto-confirm-service.js';

type AssignmentOptionsBody = components['schemas']['AssignmentOptions'];

/** The options of one assignment in the service's terms; `weight` is dropped, there are no action weights. */
const optionsOf = (body: AssignmentOptionsBody): AssignmentOptions => ({
  actionType: body.type,
  forceTime: body.forcetime,
  maintenanceWindow: body.maintenanceWindow,
  confirmationRequired: body.confirmationRequired,
});

/**
 * Assignments (`/rest/v1/targets/{targetId}/assignedDS` and `/rest/v1/distributionsets/{id}/assignedTargets`),
 * actions and auto-confirm of `/rest/v1/targets/{targetId}/…`, and `/rest/v1/actions`.
 */
export const actionHandlers: HandlerFactory<{
  readonly assignments: AssignmentService;
  readonly actions: ActionService;
  readonly autoConfirm: AutoConfirmService;
}> = (_config, { assignments, actions, autoConfirm }) => {
  const page = (c: Context<AppEnv>, actionPage: Page<Action>, representation?: string) =>
    c.json(pagedList(actionPage, (action) => compactLinks(actionJson(action, c.get('baseUrl')), representation)));
  const set = (c: Context<AppEnv>, found: DistributionSet | undefined) => (found ? c.json(distributionSetJson(found, c.get('baseUrl'))) : c.body(null, 204));

  return {
    postAssignedDistributionSet: async (c, { params, query, body }) => {
      const [request] = Array.isArray(body) ? body : [body];
      if (request === undefined) throw new Error('the OpenAPI document requires one assignment');
      const assignment = { ...optionsOf(request), distributionSetId: request.id };
      const result = await assignments.assign(params.targetId, assignment, query.offline === true, c.get('operator'));
      return c.json(assignmentResultJson(result, c.get('baseUrl')));
    },
    createAssignedTarget: async (c, { params, query, body }) => {
      const targets = body.map((request) => ({ ...optionsOf(request), controllerId: request.id }));
      const result = await assignments.assignTargets(params.distributionSetId, targets, query.offline === true, c.get('operator'));
      return c.json(assignmentResultJson(result, c.get('baseUrl')));
    },
    getAssignedDistributionSet: async (c, { params }) => set(c, await assignments.assignedSet(params.targetId)),
    getInstalledDistributionSet: async (c, { params }) => set(c, await assignments.installedSet(params.targetId)),
    getActionHistory: async (c, { params, query }) =>
      page(c, await actions.listOfTarget(params.targetId, listRequest(query, ACTION_SORT_FIELDS, NEWEST_FIRST))),
    getActions: async (c, { query }) => page(c, await actions.list(listRequest(query, ACTION_SORT_FIELDS, OLDEST_FIRST)), query.representation),
    getAction: async (c, { params }) => c.json(actionJson(await actions.get(params.targetId, params.actionId), c.get('baseUrl'))),
    getAction_1: async (c, { params }) => c.json(actionJson(await actions.getById(params.actionId), c.get('baseUrl'))),
    updateAction: async (c, { params }) => c.json(actionJson(await actions.force(params.targetId, params.actionId, c.get('operator')), c.get('baseUrl'))),
    cancelAction: (c, { params, query }) => noContent(c, actions.cancel(params.targetId, params.actionId, query.force === true, c.get('operator'))),
    getActionStatusList: async (c, { params, query }) => {
      const request = listRequest(query, STATUS_ENTRY_SORT_FIELDS, STATUS_ENTRY_DEFAULT_SORT);
      return c.json(pagedList(await actions.statusEntries(params.targetId, params.actionId, request), actionStatusEntryJson));
    },
    getAutoConfirmStatus: async (c, { params }) => c.json(autoConfirmJson(await autoConfirm.get(params.targetId), c.get('baseUrl'), params.targetId)),
    activateAutoConfirm: async (c, { params, body }) => {
      const details = { initiator: body?.initiator ?? undefined, remark: body?.remark ?? undefined };
      await autoConfirm.activate(params.targetId, details, c.get('operator'));
      return c.body(null, 204);
    },
    deactivateAutoConfirm: (c, { params }) => noContent(c, autoConfirm.deactivate(params.targetId, c.get('operator'))),
  };
};

import type { Context } from 'hono';
import type { Page } from '../db/page.js';
import type { AppEnv } from '../http/app-env.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import { AUTO_ASSIGNMENT_DEFAULT_SORT, AUTO_ASSIGNMENT_SORT } from './auto-assignment-fields.js';
import type { AutoAssignment } from './auto-assignment-lifecycle.js';
import { autoAssignmentJson } from './auto-assignment-mapper.js';
import type { AutoAssignmentMove, AutoAssignmentService } from './auto-assignment-service.js';

const listQuery = (query: ListQuery) => listRequest(query, AUTO_ASSIGNMENT_SORT, AUTO_ASSIGNMENT_DEFAULT_SORT);

/** `/rest/v1/autoassignments…` (hawkBit master's MgmtAutoAssignmentResource) and the auto-assignments of one set. */
export const autoAssignmentHandlers: HandlerFactory<{ readonly autoAssignments: AutoAssignmentService }> = (_config, { autoAssignments }) => {
  const json = (c: Context<AppEnv>, assignment: AutoAssignment) => autoAssignmentJson(assignment, c.get('baseUrl'));
  const pageOf = (c: Context<AppEnv>, page: Page<AutoAssignment>) => c.json(pagedList(page, (assignment) => json(c, assignment)));
  const move =
    (event: AutoAssignmentMove) =>
    (c: Context<AppEnv>, { params, query }: { params: { autoAssignmentId: number }; query?: { remark?: string } }) =>
      noContent(c, autoAssignments.move(params.autoAssignmentId, event, c.get('operator'), query?.remark));

  return {
    getAutoAssignments: async (c, { query }) => pageOf(c, await autoAssignments.list(listQuery(query))),
    getDistributionSetAutoAssignments: async (c, { params, query }) => pageOf(c, await autoAssignments.listOfSet(params.distributionSetId, listQuery(query))),
    createAutoAssignment: async (c, { body }) => {
      const request = { ...body, query: body.targetFilterQuery };
      return c.json(json(c, await autoAssignments.create(request, c.get('operator'))), 201);
    },
    getAutoAssignment: async (c, { params }) => c.json(json(c, await autoAssignments.get(params.autoAssignmentId))),
    updateAutoAssignment: async (c, { params, body }) => c.json(json(c, await autoAssignments.update(params.autoAssignmentId, body, c.get('operator')))),
    deleteAutoAssignment: (c, { params }) => noContent(c, autoAssignments.remove(params.autoAssignmentId)),
    startAutoAssignment: move('started'),
    pauseAutoAssignment: move('paused'),
    resumeAutoAssignment: move('resumed'),
    approveAutoAssignment: move('approved'),
    denyAutoAssignment: move('denied'),
  };
};

import { DomainError, ErrorCode } from '../errors.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import type { ActionPurgeService } from './action-purge-service.js';

/**
 * The action ids of the body or the other way to name actions, whichever is given; hawkBit reads an empty list
 * of ids as none, and answers both or neither with 400 (its IllegalArgumentException).
 */
function selectionOf<S extends object>(ids: readonly number[] | undefined, other: S | undefined, what: string): { readonly ids: readonly number[] } | S {
  const given = ids !== undefined && ids.length > 0 ? { ids } : undefined;
  if (given !== undefined && other === undefined) return given;
  if (given === undefined && other !== undefined) return other;
  throw new DomainError(ErrorCode.bodyNotReadable, `Either ${what} or a list of action ids in the body must be given, not both.`);
}

/** `DELETE /rest/v1/actions/{actionId}`, `DELETE /rest/v1/actions` and `DELETE /rest/v1/targets/{targetId}/actions`. */
export const actionPurgeHandlers: HandlerFactory<{ readonly actionPurge: ActionPurgeService }> = (_config, { actionPurge }) => ({
  deleteAction: (c, { params }) => noContent(c, actionPurge.deleteAction(params.actionId)),
  deleteActions: async (c, { query, body }) => {
    const { q } = query;
    await actionPurge.deleteActions(selectionOf(body, q === undefined || q === '' ? undefined : { q }, 'a query q'));
    return c.body(null, 204);
  },
  deleteActionsForTarget: async (c, { params, query, body }) => {
    const { keepLast } = query;
    await actionPurge.deleteTargetActions(params.targetId, selectionOf(body, keepLast === undefined || keepLast < 0 ? undefined : { keepLast }, 'keepLast'));
    return c.body(null, 204);
  },
});

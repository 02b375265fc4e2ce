import type { Context } from 'hono';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from '../http/app-env.js';
import type { OperationHandlers } from '../http/routes.js';
import type { ActionPurgeService, PurgeSelection, TargetPurgeSelection } from './action-purge-service.js';

/** hawkBit answers both or neither of the two ways to name actions with 400 (its IllegalArgumentException). */
const oneOfTwo = (what: string) => new DomainError(ErrorCode.bodyNotReadable, `Either ${what} or a list of action ids in the body must be given, not both.`);

/** The action ids of the body; hawkBit reads an empty list as none. */
const idsOf = (c: Context<AppEnv>) => {
  const ids = c.get('input').body as number[] | undefined;
  return ids !== undefined && ids.length > 0 ? ids : undefined;
};

/** `DELETE /rest/v1/actions/{actionId}`, `DELETE /rest/v1/actions` and `DELETE /rest/v1/targets/{targetId}/actions`. */
export function actionPurgeHandlers(purge: ActionPurgeService): OperationHandlers {
  const done = (c: Context<AppEnv>) => c.body(null, 204);
  return {
    deleteAction: async (c) => {
      await purge.deleteAction(c.get('input').params['actionId'] as number);
      return done(c);
    },
    deleteActions: async (c) => {
      const ids = idsOf(c);
      const q = c.get('input').query['q'] as string | undefined;
      const query = q === undefined || q === '' ? undefined : q;
      if ((ids === undefined) === (query === undefined)) throw oneOfTwo('a query q');
      const selection: PurgeSelection = ids === undefined ? { q: query as string } : { ids };
      await purge.deleteActions(selection);
      return done(c);
    },
    deleteActionsForTarget: async (c) => {
      const ids = idsOf(c);
      const keepLast = c.get('input').query['keepLast'] as number | undefined;
      const keep = keepLast === undefined || keepLast < 0 ? undefined : keepLast;
      if ((ids === undefined) === (keep === undefined)) throw oneOfTwo('keepLast');
      const selection: TargetPurgeSelection = ids === undefined ? { keepLast: keep as number } : { ids };
      await purge.deleteTargetActions(c.get('input').params['targetId'] as string, selection);
      return done(c);
    },
  };
}

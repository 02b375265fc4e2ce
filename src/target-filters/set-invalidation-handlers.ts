import type { HandlerFactory } from '../http/operation-handler.js';
import type { SetInvalidationService } from './set-invalidation-service.js';

/** `POST /rest/v1/distributionsets/{id}/invalidate`; without a body the actions are cancelled softly. */
export const setInvalidationHandlers: HandlerFactory<{ readonly setInvalidation: SetInvalidationService }> = (_config, { setInvalidation }) => ({
  invalidateDistributionSet: async (c, { params, body }) => {
    await setInvalidation.invalidate(
      params.distributionSetId,
      { actionCancelationType: body?.actionCancelationType ?? 'soft', cancelRollouts: body?.cancelRollouts ?? false },
      c.get('operator'),
    );
    return c.body(null, 204);
  },
});

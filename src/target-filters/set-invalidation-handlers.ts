import type { HandlerFactory } from '../http/operation-handler.js';

/** `POST /rest/v1/distributionsets/{id}/invalidate`; without a body the actions are cancelled softly. */
export const setInvalidationHandlers: HandlerFactory = (_config, { setInvalidation }) => ({
  invalidateDistributionSet: async (c, { params, body }) => {
    await setInvalidation.invalidate(
      params.distributionSetId,
      { actionCancelationType: body?.actionCancelationType ?? 'soft', cancelRollouts: body?.cancelRollouts ?? false },
      c.get('operator'),
    );
    return c.body(null, 204);
  },
});

import type { components } from '../generated/mgmt.js';
import type { OperationHandlers } from '../http/routes.js';
import type { SetInvalidationService } from './set-invalidation-service.js';

type InvalidationRequest = components['schemas']['InvalidationRequest'];

/** `POST /rest/v1/distributionsets/{id}/invalidate`; without a body the actions are cancelled softly. */
export function setInvalidationHandlers(service: SetInvalidationService): OperationHandlers {
  return {
    invalidateDistributionSet: async (c) => {
      const body = c.get('input').body as InvalidationRequest | undefined;
      await service.invalidate(
        c.get('input').params['distributionSetId'] as number,
        { actionCancelationType: body?.actionCancelationType ?? 'soft', cancelRollouts: body?.cancelRollouts ?? false },
        c.get('operator'),
      );
      return c.body(null, 204);
    },
  };
}

import type { HandlerFactory, OperationHandler } from '../http/operation-handler.js';
import { clientAddressResolver } from '../http/request-context.js';
import type { ControllerService } from './controller-service.js';
import { sendHal } from './hal-response.js';
import { answerPoll } from './poll-answer.js';

/** The device's base resource: the poll and its configuration data. */
export const controllerHandlers: HandlerFactory<{ readonly controller: ControllerService }> = (config, { controller }) => {
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  const configData: OperationHandler<'putConfigData'> = async (c, { params, body }) => {
    const { mode = 'merge', data } = body;
    await controller.updateAttributes(params.controllerId, mode, data);
    // SWUpdate treats anything but 200 as a failed upload.
    return c.body(null, 200);
  };
  return {
    // the poll's other entry, for every poll the lean path leaves to Hono (decision 190)
    getControllerBase: async (c, { params }) => {
      const answer = await answerPoll(controller, {
        tenant: params.tenant,
        controllerId: params.controllerId,
        checked: { credential: c.get('deviceCredential'), device: c.get('device') },
        address: clientAddress(c),
        baseUrl: c.get('baseUrl'),
        ifNoneMatch: c.req.header('if-none-match'),
      });
      return sendHal(c, answer);
    },
    putConfigData: configData,
    postConfigData: configData,
  };
};

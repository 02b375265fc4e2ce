import type { HandlerFactory, OperationHandler } from '../http/operation-handler.js';
import { clientAddressResolver } from '../http/request-context.js';
import { pollJson } from './ddi-links.js';
import { halResponse } from './hal-response.js';
import type { ControllerService } from './controller-service.js';

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
    getControllerBase: async (c, { params }) => {
      const { tenant, controllerId } = params;
      const credential = c.get('deviceCredential');
      const address = clientAddress(c);
      const state = await controller.poll(controllerId, {
        register: credential === 'gatewayToken' || credential === 'anonymous',
        address: address === 'unknown' ? undefined : address,
        device: c.get('device'),
      });
      return halResponse(c, pollJson(`${c.get('baseUrl')}/${tenant}/controller/v1/${controllerId}`, state));
    },
    putConfigData: configData,
    postConfigData: configData,
  };
};

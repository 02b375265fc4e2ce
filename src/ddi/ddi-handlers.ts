import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { components } from '../generated/ddi.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import type { OperationHandlers } from '../http/routes.js';
import type { ControllerService } from './controller-service.js';
import { pollLinks } from './ddi-links.js';
import { halResponse } from './hal-response.js';

type ConfigData = components['schemas']['ConfigData'];

/** The device's base resource: the poll and its configuration data. */
export function controllerHandlers(controller: ControllerService, config: Config, clientAddress: (c: Context) => string): OperationHandlers {
  const params = (c: Context<AppEnv>) => c.get('input').params as { tenant: string; controllerId: string };
  const configData = async (c: Context<AppEnv>) => {
    const { mode = 'merge', data } = c.get('input').body as ConfigData;
    await controller.updateAttributes(params(c).controllerId, mode, data);
    // SWUpdate treats anything but 200 as a failed upload.
    return c.body(null, 200);
  };
  return {
    getControllerBase: async (c) => {
      const { tenant, controllerId } = params(c);
      const credential = c.get('deviceCredential');
      const address = clientAddress(c);
      const state = await controller.poll(controllerId, {
        register: credential === 'gatewayToken' || credential === 'anonymous',
        address: address === 'unknown' ? undefined : address,
        device: c.get('device'),
      });
      const prefix = `${baseUrl(c, config.url)}/${tenant}/controller/v1/${controllerId}`;
      const links = pollLinks(prefix, state);
      return halResponse(c, {
        config: { polling: { sleep: state.sleep } },
        ...(Object.keys(links).length > 0 ? { _links: links } : {}),
      });
    },
    putConfigData: configData,
    postConfigData: configData,
  };
}

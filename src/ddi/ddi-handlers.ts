import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { components } from '../generated/ddi.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import type { OperationHandlers } from '../http/routes.js';
import type { ControllerService } from './controller-service.js';
import { pollLinks } from './ddi-links.js';

type ConfigData = components['schemas']['ConfigData'];

/** hawkBit answers DDI requests as HAL by default, whatever the client accepts. */
const HAL_JSON = 'application/hal+json';

/**
 * The poll's ETag: a 53-bit hash of the body (cyrb53), quoted. It only has to change when the body does;
 * SHA-1 cost 4% of a poll's CPU, this a tenth of that.
 */
function bodyEtag(body: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < body.length; i++) {
    const char = body.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `"${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}"`;
}

/** The device's base resource: the poll and its configuration data. */
export function controllerHandlers(
  controller: ControllerService,
  config: Config,
  clientAddress: (c: Context) => string,
): OperationHandlers {
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
      const body = JSON.stringify({
        config: { polling: { sleep: state.sleep } },
        ...(Object.keys(links).length > 0 ? { _links: links } : {}),
      });
      const etag = bodyEtag(body);
      if (c.req.header('if-none-match')?.includes(etag)) return c.body(null, 304, { ETag: etag });
      return c.body(body, 200, { 'Content-Type': HAL_JSON, ETag: etag });
    },
    putConfigData: configData,
    postConfigData: configData,
  };
}

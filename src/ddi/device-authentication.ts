import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import { notFound } from '../errors.js';
import type { AppEnv } from '../http/app-env.js';
import type { FailureLog } from '../http/failure-log.js';
import type { ControllerService, DeviceRecord } from './controller-service.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** the target a TargetToken authenticated, as read for that; the poll uses it instead of reading it again */
    device: DeviceRecord | undefined;
  }
}

/**
 * Compares secrets in constant time for a given length: every character is compared, whatever differs.
 * Only the length can leak, and token lengths are no secret (hawkBit's are 32 hex digits); hashing both
 * sides to hide it cost 4% of a poll, and copying both into buffers for `timingSafeEqual` 1%.
 */
const sameSecret = (given: string, expected: string) => {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < given.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
};

/** What a device's credential is, once checked: the target a TargetToken was checked against comes with it. */
export interface DeviceCredential {
  readonly credential: AppEnv['Variables']['deviceCredential'];
  readonly device?: DeviceRecord;
}

/**
 * Checks a device's `Authorization` header for `controllerId` (the tenant checked before): undefined when
 * it is refused. The middleware below and the poll's lean path (`ddi/poll-fast-path.ts`) both ask it.
 */
export function deviceCredentialChecker(config: Config, controller: ControllerService) {
  return async (controllerId: string, authorization: string): Promise<DeviceCredential | undefined> => {
    if (authorization.startsWith('TargetToken ')) {
      const device = await controller.findDevice(controllerId);
      if (device !== undefined && sameSecret(authorization.slice('TargetToken '.length), device.securityToken)) return { credential: 'targetToken', device };
    } else if (authorization.startsWith('GatewayToken ') && config.ddi.gatewayToken !== undefined) {
      if (sameSecret(authorization.slice('GatewayToken '.length), config.ddi.gatewayToken)) return { credential: 'gatewayToken' };
    }
    return config.ddi.anonymous ? { credential: 'anonymous' } : undefined;
  };
}

/** Whether `tenant` is the configured one (hawkBit compares without case). */
export const isOwnTenant = (config: Config, tenant: string) => tenant.toUpperCase() === config.tenant.toUpperCase();

/**
 * DDI authentication: `Authorization: TargetToken <the target's securityToken>`, `GatewayToken <[ddi]
 * gateway_token>` (hawkBit's exact, case-sensitive schemes), or nothing in `[ddi] anonymous` mode. A
 * tenant segment other than the configured tenant is 404 before anything else; a failure is 401 with an
 * empty body, as hawkBit answers. Sets `deviceCredential` for the handlers (only a gateway or anonymous
 * poll may register a target), and `device` when a TargetToken was checked against it.
 */
export function deviceAuthentication(
  config: Config,
  controller: ControllerService,
  { failures, clientAddress }: { failures: FailureLog; clientAddress: (c: Context) => string },
): MiddlewareHandler<AppEnv> {
  const check = deviceCredentialChecker(config, controller);
  const refuse = (c: Context<AppEnv>) => {
    failures.record(c.get('logger'), clientAddress(c), { controllerId: c.req.param('controllerId') });
    return c.body(null, 401);
  };
  return async (c, next) => {
    const tenant = c.req.param('tenant') ?? '';
    if (!isOwnTenant(config, tenant)) throw notFound('Tenant', tenant);
    const checked = await check(c.req.param('controllerId') ?? '', c.req.header('authorization') ?? '');
    if (checked === undefined) return refuse(c);
    c.set('deviceCredential', checked.credential);
    if (checked.device !== undefined) c.set('device', checked.device);
    await next();
  };
}

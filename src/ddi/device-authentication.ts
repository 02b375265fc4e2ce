import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from '../http/app-env.js';
import type { ControllerService } from './controller-service.js';

/** Compares secrets in constant time (hashing first makes the lengths equal). */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * DDI authentication: `Authorization: TargetToken <the target's securityToken>`, `GatewayToken <[ddi]
 * gateway_token>` (hawkBit's exact, case-sensitive schemes), or nothing in `[ddi] anonymous` mode. A
 * tenant segment other than the configured tenant is 404 before anything else; a failure is 401 with an
 * empty body, as hawkBit answers. Sets `credential` for the handlers (only a gateway or anonymous poll
 * may register a target).
 */
export function deviceAuthentication(config: Config, controller: ControllerService): MiddlewareHandler<AppEnv> {
  const refuse = (c: Context<AppEnv>) => {
    c.get('logger').warn({ controllerId: c.req.param('controllerId') }, 'device authentication failed');
    return c.body(null, 401);
  };
  return async (c, next) => {
    const tenant = c.req.param('tenant') ?? '';
    if (tenant.toUpperCase() !== config.tenant.toUpperCase()) {
      throw new DomainError(ErrorCode.entityNotFound, `Tenant {${tenant}} does not exist.`);
    }
    const authorization = c.req.header('authorization') ?? '';
    let credential: AppEnv['Variables']['deviceCredential'] | undefined;
    if (authorization.startsWith('TargetToken ')) {
      const expected = await controller.securityToken(c.req.param('controllerId') ?? '');
      if (expected !== undefined && sameSecret(authorization.slice('TargetToken '.length), expected)) credential = 'targetToken';
    } else if (authorization.startsWith('GatewayToken ') && config.ddi.gatewayToken !== undefined) {
      if (sameSecret(authorization.slice('GatewayToken '.length), config.ddi.gatewayToken)) credential = 'gatewayToken';
    }
    credential ??= config.ddi.anonymous ? 'anonymous' : undefined;
    if (credential === undefined) return refuse(c);
    c.set('deviceCredential', credential);
    await next();
  };
}

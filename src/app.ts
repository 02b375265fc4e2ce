import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { Logger } from 'pino';
import { authHandlers } from './auth/auth-handlers.js';
import type { Config } from './config.js';
import { DomainError, ErrorCode } from './errors.js';
import type { ApiOperation } from './http/api-operations.js';
import type { AppEnv } from './http/app-env.js';
import { errorResponse, handleError, handleNotFound } from './http/error-handler.js';
import { operatorAuthentication } from './http/operator-authentication.js';
import { clientAddressResolver, requestIdentity, requestLogging } from './http/request-context.js';
import { combineHandlers, mountOperations, type OperationHandlers } from './http/routes.js';
import type { Services } from './services.js';
import { artifactHandlers } from './software-modules/artifact-handlers.js';
import { softwareModuleHandlers } from './software-modules/software-module-handlers.js';
import { systemHandlers } from './system/system-handlers.js';

export interface AppDependencies {
  readonly config: Config;
  readonly services: Services;
  /** the operations of openapi/mgmt.yaml and openapi/ddi.yaml, loaded once at startup */
  readonly operations: readonly ApiOperation[];
  readonly logger: Logger;
}

/** The HTTP application; it never listens (main.ts does), so tests drive it with `app.request()`. */
export function buildApp({ config, services, operations, logger }: AppDependencies): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  app.use(requestIdentity, requestLogging(logger));
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        c.header('Allow', methods.join(', '));
        return errorResponse(c, new DomainError(ErrorCode.methodNotAllowed, `Method ${c.req.method} is not supported here`));
      },
    }),
  );
  app.onError(handleError);
  app.notFound(handleNotFound);

  const operator = operatorAuthentication(services.operatorAuth, clientAddress);
  mountOperations(app, operations, operationHandlers(config, services), { basicAuth: operator, sessionCookie: operator });
  return app;
}

/** Every operation handler of both APIs, one map per module. */
export function operationHandlers(config: Config, services: Services): OperationHandlers {
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  return combineHandlers(
    systemHandlers(services.system, config.url),
    authHandlers(services.operatorAuth, { secureCookie: config.url?.startsWith('https:') ?? false, clientAddress }),

    // Types

    // Software modules and artifacts
    softwareModuleHandlers(services.softwareModules, services.softwareModuleMetadata, config.url),
    artifactHandlers(services.artifacts, { store: services.artifactStore, maxArtifactSize: config.maxArtifactSize, configuredUrl: config.url }),

    // Distribution sets

    // Distribution-set tags

    // Targets

    // Target tags

    // System

  );
}

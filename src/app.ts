import type { ValidateFunction } from 'ajv';
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { Logger } from 'pino';
import { actionHandlers } from './actions/action-handlers.js';
import { apiDescriptionHandlers } from './api-description/api-description-handlers.js';
import { mountApiReference } from './api-description/api-reference-page.js';
import { actionPurgeHandlers } from './actions/action-purge-handlers.js';
import { auditLogHandlers } from './audit-log/audit-log-handlers.js';
import { auditedOperations } from './audit-log/audit-recorder.js';
import { authHandlers } from './auth/auth-handlers.js';
import type { Config } from './config.js';
import { distributionSetHandlers } from './distribution-sets/distribution-set-handlers.js';
import { DomainError, ErrorCode } from './errors.js';
import type { ApiOperation } from './http/api-operations.js';
import type { AppEnv } from './http/app-env.js';
import { ddiArtifactHandlers } from './ddi/ddi-artifact-handlers.js';
import { controllerHandlers } from './ddi/ddi-handlers.js';
import { deploymentHandlers } from './ddi/deployment-handlers.js';
import { deviceAuthentication } from './ddi/device-authentication.js';
import { deploymentFastPath, type DeploymentFastPath } from './ddi/deployment-fast-path.js';
import { pollFastPath, type PollFastPath } from './ddi/poll-fast-path.js';
import { mountConsole, type ConsoleAssets } from './http/console-assets.js';
import type { FirstAnswer } from './http/http-server.js';
import { errorResponse, handleError, handleNotFound } from './http/error-handler.js';
import { operatorAuthentication } from './http/operator-authentication.js';
import { PollRouter } from './http/poll-router.js';
import { hostCheck, hostPolicy } from './http/host-header.js';
import { requestFirewall } from './http/request-firewall.js';
import { clientAddressResolver, closeWhenBodyUnread, requestIdentity, requestLogging } from './http/request-context.js';
import type { HandlerFactory, OperationHandlers } from './http/operation-handler.js';
import { combineHandlers, mountOperations, requestValidators } from './http/routes.js';
import { metricsHandlers } from './metrics/metrics-handlers.js';
import { answerRecorder, operationMetrics } from './metrics/operation-metrics.js';
import { rolloutHandlers } from './rollouts/rollout-handlers.js';
import type { Services } from './services.js';
import { artifactHandlers } from './software-modules/artifact-handlers.js';
import { softwareModuleHandlers } from './software-modules/software-module-handlers.js';
import { systemHandlers } from './system/system-handlers.js';
import { distributionSetTagHandlers, targetTagHandlers } from './tags/tag-handlers.js';
import { distributionSetTypeHandlers } from './types/distribution-set-type-handlers.js';
import { softwareModuleTypeHandlers } from './types/software-module-type-handlers.js';
import { targetTypeHandlers } from './types/target-type-handlers.js';
import { setInvalidationHandlers } from './target-filters/set-invalidation-handlers.js';
import { autoAssignmentHandlers } from './target-filters/auto-assignment-handlers.js';
import { targetFilterHandlers } from './target-filters/target-filter-handlers.js';
import { targetGroupHandlers } from './targets/target-group-handlers.js';
import { targetHandlers } from './targets/target-handlers.js';
import { webhookHandlers } from './webhooks/webhook-handlers.js';

export interface AppDependencies {
  readonly config: Config;
  readonly services: Services;
  /** the operations of openapi/mgmt.yaml and openapi/ddi.yaml, loaded once at startup */
  readonly operations: readonly ApiOperation[];
  readonly logger: Logger;
  /** the built web console, served at /ui when present */
  readonly consoleAssets?: ConsoleAssets | undefined;
}

/**
 * The HTTP application, and the lean paths of the device poll and deployment step (decisions 190 and 268),
 * which a real server (`http/http-server.ts`) tries before it: `app.request()` in tests always goes through Hono.
 */
export type App = Hono<AppEnv> & { readonly answerFirst: FirstAnswer };

/** The HTTP application; it never listens (main.ts does), so tests drive it with `app.request()`. */
export function buildApp({ config, services, operations, logger, consoleAssets }: AppDependencies): App {
  const app = new Hono<AppEnv>({ router: new PollRouter() });
  const clientAddress = clientAddressResolver(config.ddi.trustedProxyHeader);
  app.use(requestIdentity, services.requestActivity.track, requestLogging(logger), closeWhenBodyUnread, requestFirewall, hostCheck(hostPolicy(config)));
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

  mountApiReference(app);
  if (consoleAssets) mountConsole(app, consoleAssets);
  // decision 269: an operator's request wakes the read workers its reads run on
  const operator = operatorAuthentication(services.operatorAuth, clientAddress, services.authFailures.operator, services.readWorkers.wake);
  const device = deviceAuthentication(config, services.controller, { failures: services.authFailures.device, clientAddress });
  const security = { basicAuth: operator, sessionCookie: operator, targetToken: device, gatewayToken: device };
  const handlers = operationHandlers(config, services);
  const audit = auditedOperations(operations, handlers, services.auditLog, clientAddress);
  const instrument = config.metrics.enabled ? (operation: ApiOperation) => operationMetrics(services.metrics, operation) : undefined;
  mountOperations(app, operations, handlers, security, config.url, audit, instrument);
  const poll = leanPoll({ config, services, operations, logger });
  const deployment = leanDeployment({ config, services, operations, logger });
  return Object.assign(app, { answerFirst: (incoming, outgoing) => poll(incoming, outgoing) || deployment(incoming, outgoing) } satisfies Pick<
    App,
    'answerFirst'
  >);
}

/** An operation's validators, compiled at the first call, and its metrics' recorder when they are on. */
function leanOperation({ config, services, operations }: Omit<AppDependencies, 'consoleAssets' | 'logger'>, operationId: string) {
  const operation = operations.find((each) => each.operationId === operationId);
  if (operation === undefined) throw new Error(`openapi/ddi.yaml has no ${operationId}`);
  let validators: readonly ValidateFunction[] | undefined;
  return {
    validators: () => (validators ??= requestValidators(operation)),
    record: config.metrics.enabled ? answerRecorder(services.metrics, operation) : undefined,
  };
}

/** The device poll's lean path (decision 190), with getControllerBase's validators and metrics. */
function leanPoll(dependencies: Omit<AppDependencies, 'consoleAssets'>): PollFastPath {
  const { config, services, logger } = dependencies;
  return pollFastPath({
    config,
    controller: services.controller,
    activity: services.requestActivity,
    logger,
    ...leanOperation(dependencies, 'getControllerBase'),
  });
}

/** The deployment step's lean path (decision 268), with its two operations' validators and metrics. */
function leanDeployment(dependencies: Omit<AppDependencies, 'consoleAssets'>): DeploymentFastPath {
  const { config, services, logger } = dependencies;
  return deploymentFastPath({
    config,
    controller: services.controller,
    deployments: services.deployments,
    feedback: services.feedback,
    activity: services.requestActivity,
    logger,
    fetch: leanOperation(dependencies, 'getControllerDeploymentBaseAction'),
    report: leanOperation(dependencies, 'postDeploymentBaseActionFeedback'),
  });
}

/** Every module's handlers, each made from the configuration and the services. */
const HANDLER_FACTORIES: readonly HandlerFactory<Services>[] = [
  systemHandlers,
  authHandlers,
  softwareModuleTypeHandlers,
  distributionSetTypeHandlers,
  targetTypeHandlers,
  softwareModuleHandlers,
  artifactHandlers,
  distributionSetHandlers,
  distributionSetTagHandlers,
  targetHandlers,
  targetGroupHandlers,
  targetTagHandlers,
  actionHandlers,
  actionPurgeHandlers,
  targetFilterHandlers,
  autoAssignmentHandlers,
  setInvalidationHandlers,
  rolloutHandlers,
  auditLogHandlers,
  webhookHandlers,
  controllerHandlers,
  deploymentHandlers,
  ddiArtifactHandlers,
  metricsHandlers,
  apiDescriptionHandlers,
];

/** Every operation handler of both APIs. */
export function operationHandlers(config: Config, services: Services): OperationHandlers {
  return combineHandlers(...HANDLER_FACTORIES.map((factory) => factory(config, services)));
}

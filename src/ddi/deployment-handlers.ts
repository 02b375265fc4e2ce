import type { Context } from 'hono';
import type { AutoConfirmService } from '../actions/auto-confirm-service.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { components } from '../generated/ddi.js';
import type { AppEnv } from '../http/app-env.js';
import { baseUrl } from '../http/links.js';
import type { OperationHandlers } from '../http/routes.js';
import { cancelJson, confirmationBaseJson, deploymentJson } from './deployment-mapper.js';
import type { DeploymentService } from './deployment-service.js';
import type { FeedbackService } from './feedback-service.js';
import type { InstalledVersionService } from './installed-version-service.js';
import { halResponse } from './hal-response.js';

type ActionFeedback = components['schemas']['ActionFeedback'];
type ConfirmationFeedback = components['schemas']['ConfirmationFeedback'];
type ActivateAutoConfirm = components['schemas']['ActivateAutoConfirm'];
type InstalledVersion = components['schemas']['InstalledVersion'];

interface Params {
  tenant: string;
  controllerId: string;
  actionId: number;
}

/** hawkBit's remark when a device activates auto-confirm without one. */
const DEFAULT_REMARK = 'Initiated using the Device Direct Integration API without providing a remark.';

/**
 * What a device installs and its reports: deploymentBase, installedBase (and the set it declares it runs),
 * cancelAction, confirmationBase.
 */
export function deploymentHandlers(
  config: Config,
  clock: Clock,
  services: { deployments: DeploymentService; feedback: FeedbackService; autoConfirm: AutoConfirmService; installedVersions: InstalledVersionService },
): OperationHandlers {
  const { deployments, feedback, autoConfirm, installedVersions } = services;
  const params = (c: Context<AppEnv>) => c.get('input').params as unknown as Params;
  const prefix = (c: Context<AppEnv>) => {
    const { tenant, controllerId } = params(c);
    return `${baseUrl(c, config.url)}/${tenant}/controller/v1/${controllerId}`;
  };
  const history = (c: Context<AppEnv>) => (c.get('input').query['actionHistory'] as number | undefined) ?? 0;
  const report = (c: Context<AppEnv>) => {
    const { status } = c.get('input').body as ActionFeedback;
    return {
      execution: status.execution,
      finished: status.result.finished,
      ...(status.code === undefined ? {} : { code: status.code }),
      details: status.details ?? [],
    };
  };
  // SWUpdate treats anything but 200 as a failed report.
  const accepted = (c: Context<AppEnv>) => c.body(null, 200);

  return {
    getControllerDeploymentBaseAction: async (c) => {
      const { controllerId, actionId } = params(c);
      return halResponse(c, deploymentJson(prefix(c), await deployments.deployment(controllerId, actionId, 'deploymentBase', history(c))));
    },
    getControllerInstalledAction: async (c) => {
      const { controllerId, actionId } = params(c);
      return halResponse(c, deploymentJson(prefix(c), await deployments.deployment(controllerId, actionId, 'installedBase', history(c))));
    },
    getConfirmationBaseAction: async (c) => {
      const { controllerId, actionId } = params(c);
      const { deployment, ...rest } = deploymentJson(prefix(c), await deployments.deployment(controllerId, actionId, 'confirmationBase', history(c)));
      return halResponse(c, { ...rest, confirmation: deployment });
    },
    setAssignedOfflineVersion: async (c) => {
      const { name, version } = c.get('input').body as InstalledVersion;
      return c.body(null, (await installedVersions.declare(params(c).controllerId, name, version)) ? 201 : 200);
    },
    getControllerCancelAction: async (c) => {
      const { controllerId, actionId } = params(c);
      return halResponse(c, cancelJson(await deployments.cancellation(controllerId, actionId)));
    },
    postDeploymentBaseActionFeedback: async (c) => {
      const { controllerId, actionId } = params(c);
      await feedback.deployment(controllerId, actionId, report(c));
      return accepted(c);
    },
    postCancelActionFeedback: async (c) => {
      const { controllerId, actionId } = params(c);
      await feedback.cancel(controllerId, actionId, report(c));
      return accepted(c);
    },
    postConfirmationActionFeedback: async (c) => {
      const { controllerId, actionId } = params(c);
      const { confirmation, code, details = [] } = c.get('input').body as ConfirmationFeedback;
      await feedback.confirmation(controllerId, actionId, { confirmation, details, ...(code === undefined ? {} : { code }) });
      return accepted(c);
    },
    getConfirmationBase: async (c) => {
      const { controllerId } = params(c);
      const state = await autoConfirm.get(controllerId);
      return halResponse(c, confirmationBaseJson(prefix(c), state, await deployments.awaitingConfirmation(controllerId), clock()));
    },
    activateAutoConfirmation: async (c) => {
      const { controllerId } = params(c);
      const { initiator, remark = DEFAULT_REMARK } = (c.get('input').body as ActivateAutoConfirm | undefined) ?? {};
      await autoConfirm.activate(controllerId, { remark, ...(initiator === undefined ? {} : { initiator }) }, controllerId);
      return accepted(c);
    },
    deactivateAutoConfirmation: async (c) => {
      await autoConfirm.deactivate(params(c).controllerId, params(c).controllerId);
      return accepted(c);
    },
  };
}

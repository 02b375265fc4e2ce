import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { cancelJson, confirmationBaseJson, deploymentJson } from './deployment-mapper.js';
import { deploymentAnswer, deviceReport } from './deployment-answer.js';
import { halResponse, sendHal } from './hal-response.js';
import type { AutoConfirmService } from '../actions/auto-confirm-service.js';
import type { Clock } from '../clock.js';
import type { DeploymentService } from './deployment-service.js';
import type { FeedbackService } from './feedback-service.js';
import type { InstalledVersionService } from './installed-version-service.js';

/** The path parameters every device resource has. */
interface DeviceParams {
  readonly tenant: string;
  readonly controllerId: string;
}

/** hawkBit's remark when a device activates auto-confirm without one. */
const DEFAULT_REMARK = 'Initiated using the Device Direct Integration API without providing a remark.';

const prefix = (c: Context<AppEnv>, { tenant, controllerId }: DeviceParams) => `${c.get('baseUrl')}/${tenant}/controller/v1/${controllerId}`;

const history = (query: { readonly actionHistory?: number }) => query.actionHistory ?? 0;

// SWUpdate treats anything but 200 as a failed report.
const accepted = (c: Context<AppEnv>) => c.body(null, 200);

/**
 * What a device installs and its reports: deploymentBase, installedBase (and the set it declares it runs),
 * cancelAction, confirmationBase.
 */
export const deploymentHandlers: HandlerFactory<{
  readonly clock: Clock;
  readonly deployments: DeploymentService;
  readonly feedback: FeedbackService;
  readonly autoConfirm: AutoConfirmService;
  readonly installedVersions: InstalledVersionService;
}> = (_config, { clock, deployments, feedback, autoConfirm, installedVersions }) => ({
  getControllerDeploymentBaseAction: async (c, { params, query }) => {
    const request = { ...params, baseUrl: c.get('baseUrl'), historyCount: history(query), ifNoneMatch: c.req.header('if-none-match') };
    return sendHal(c, await deploymentAnswer(deployments, request));
  },
  getControllerInstalledAction: async (c, { params, query }) => {
    const { controllerId, actionId } = params;
    return halResponse(c, deploymentJson(prefix(c, params), await deployments.deployment(controllerId, actionId, 'installedBase', history(query))));
  },
  getConfirmationBaseAction: async (c, { params, query }) => {
    const { controllerId, actionId } = params;
    const { deployment, ...rest } = deploymentJson(prefix(c, params), await deployments.deployment(controllerId, actionId, 'confirmationBase', history(query)));
    return halResponse(c, { ...rest, confirmation: deployment });
  },
  setAssignedOfflineVersion: async (c, { params, body }) => {
    const { name, version } = body;
    return c.body(null, (await installedVersions.declare(params.controllerId, name, version)) ? 201 : 200);
  },
  getControllerCancelAction: async (c, { params }) => {
    const { controllerId, actionId } = params;
    return halResponse(c, cancelJson(await deployments.cancellation(controllerId, actionId)));
  },
  postDeploymentBaseActionFeedback: async (c, { params, body }) => {
    const { controllerId, actionId } = params;
    await feedback.deployment(controllerId, actionId, deviceReport(body));
    return accepted(c);
  },
  postCancelActionFeedback: async (c, { params, body }) => {
    const { controllerId, actionId } = params;
    await feedback.cancel(controllerId, actionId, deviceReport(body));
    return accepted(c);
  },
  postConfirmationActionFeedback: async (c, { params, body }) => {
    const { controllerId, actionId } = params;
    const { confirmation, code, details = [] } = body;
    await feedback.confirmation(controllerId, actionId, { confirmation, details, ...(code === undefined ? {} : { code }) });
    return accepted(c);
  },
  getConfirmationBase: async (c, { params }) => {
    const { controllerId } = params;
    const state = await autoConfirm.get(controllerId);
    return halResponse(c, confirmationBaseJson(prefix(c, params), state, await deployments.awaitingConfirmation(controllerId), clock()));
  },
  activateAutoConfirmation: async (c, { params, body }) => {
    const { controllerId } = params;
    const { initiator, remark = DEFAULT_REMARK } = body ?? {};
    await autoConfirm.activate(controllerId, { remark, ...(initiator === undefined ? {} : { initiator }) }, controllerId);
    return accepted(c);
  },
  deactivateAutoConfirmation: async (c, { params }) => {
    await autoConfirm.deactivate(params.controllerId, params.controllerId);
    return accepted(c);
  },
});

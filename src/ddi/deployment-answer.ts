import type { components } from '../generated/ddi.js';
import { deploymentJson } from './deployment-mapper.js';
import type { DeploymentService } from './deployment-service.js';
import type { DeviceReport } from './feedback-service.js';
import { halAnswer, type HalAnswer } from './hal-response.js';

type ActionFeedback = components['schemas']['ActionFeedback'];

/** What an entry of a deploymentBase fetch read from its request, its credential already checked. */
export interface DeploymentRequest {
  /** the base of the answer's links: the configured url, else the request's origin */
  readonly baseUrl: string;
  /** the tenant segment as the device spelled it (the links repeat it) */
  readonly tenant: string;
  readonly controllerId: string;
  readonly actionId: number;
  /** `actionHistory`: how many of the device's messages to add (0: none) */
  readonly historyCount: number;
  readonly ifNoneMatch: string | undefined;
}

/**
 * The whole answer of `GET deploymentBase/{actionId}`, whichever entry took the request (decision 268:
 * the lean path of `deployment-fast-path.ts`, or Hono's `getControllerDeploymentBaseAction`), which the
 * entry writes as it is: the deployment ({@link DeploymentService.deployment}, which counts the fetch), its
 * links, and the status, headers and body of `hal-response.ts` (200 with the ETag, or 304).
 * @throws DomainError entityNotFound
 */
export async function deploymentAnswer(deployments: DeploymentService, request: DeploymentRequest): Promise<HalAnswer> {
  const { baseUrl, tenant, controllerId, actionId, historyCount } = request;
  const view = await deployments.deployment(controllerId, actionId, 'deploymentBase', historyCount);
  return halAnswer(deploymentJson(`${baseUrl}/${tenant}/controller/v1/${controllerId}`, view), request.ifNoneMatch);
}

/** A validated deployment or cancel feedback body as the feedback service reads it. */
export const deviceReport = ({ status }: ActionFeedback): DeviceReport => ({
  execution: status.execution,
  finished: status.result.finished,
  ...(status.code === undefined ? {} : { code: status.code }),
  details: status.details ?? [],
});

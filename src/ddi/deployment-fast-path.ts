/**
 * A device's deployment step without Hono's request path (decision 268): `GET deploymentBase/{actionId}` and
 * its `POST …/feedback`, what every device of a rollout sends at each step, answered from Node's request and
 * response objects before the HTTP adapter, beside the poll's lean path (`poll-fast-path.ts`, decision 262)
 * and with what it shares (`http/lean-entry.ts`). It takes only plain requests — no query, nothing the adapter
 * would encode or resolve, a Host the policy takes, the configured tenant, a canonical action id; a fetch
 * without a body, a report with a JSON body of a stated length within the limit — and only once their
 * credential checks out (`deviceCredentialChecker`): anything else goes to Hono unread, where a refused
 * credential is answered 401 with its failure logged. What a taken request gets is what the middleware gives
 * it, from the same functions: the request id and the debug line, the in-flight count
 * (`RequestActivity.around`), the operation's metrics (`answerRecorder`), the body read as `readJson` reads it
 * (`jsonBody`) and validated against the operation (`assertValid`), the answer of `deployment-answer.ts`, and
 * an error rendered as Hono's error handler renders it (`errorAnswer`); an unexpected error is logged and
 * answered 500. A report's body is read here, so once taken a request is answered here, whatever happens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { isRowId } from '../db/row-id.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { components } from '../generated/ddi.js';
import { domainErrorOf, errorAnswer } from '../http/error-handler.js';
import { hasBody, isDotSegment, leanEntry, PLAIN_SEGMENT, type LeanAnswer } from '../http/lean-entry.js';
import { acceptsMediaType } from '../http/media-type.js';
import type { RequestActivity } from '../http/request-activity.js';
import { assertValid, jsonBody, MAX_JSON_BODY_BYTES } from '../http/routes.js';
import type { ControllerService } from './controller-service.js';
import { deploymentAnswer, deviceReport } from './deployment-answer.js';
import type { DeploymentService } from './deployment-service.js';
import { deviceCredentialChecker, isOwnTenant } from './device-authentication.js';
import type { FeedbackService } from './feedback-service.js';

type ActionFeedback = components['schemas']['ActionFeedback'];

/**
 * Leaves a request to Hono (false) or takes it: then it resolves true once answered, or false having read and
 * sent nothing, and Hono answers it.
 */
export type DeploymentFastPath = (incoming: IncomingMessage, outgoing: ServerResponse) => false | Promise<boolean>;

/** What the lean path needs of one operation. */
export interface LeanOperation {
  /** its validators (compiled at the first call) */
  readonly validators: () => readonly ValidateFunction[];
  /** records an answer in its metrics (`metrics/operation-metrics.ts`' answerRecorder); undefined when they are off */
  readonly record: ((started: number, status: number, c: undefined, body?: unknown) => void) | undefined;
}

export interface DeploymentFastPathDependencies {
  readonly config: Config;
  readonly controller: ControllerService;
  readonly deployments: DeploymentService;
  readonly feedback: FeedbackService;
  readonly activity: RequestActivity;
  readonly logger: Logger;
  /** getControllerDeploymentBaseAction */
  readonly fetch: LeanOperation;
  /** postDeploymentBaseActionFeedback */
  readonly report: LeanOperation;
}

/**
 * The request target: tenant, controllerId, an action id as Java's Long.parseLong reads it without a sign or
 * leading zero, and `/feedback` for a report. A longer id is no row id (`db/row-id.ts`): Hono answers it.
 */
const DEPLOYMENT_TARGET = new RegExp(`^/(${PLAIN_SEGMENT})/controller/v1/(${PLAIN_SEGMENT})/deploymentBase/([1-9][0-9]{0,9})(/feedback)?$`);

/** As a web Request's `text()` decodes a body (Hono's `c.req.text()`): a leading BOM dropped, bad bytes replaced. */
const UTF8 = new TextDecoder();

/** An OK to a report: SWUpdate treats anything but 200 as a failed report. */
const ACCEPTED: LeanAnswer = { status: 200, headers: {}, body: null };

export function deploymentFastPath({
  config,
  controller,
  deployments,
  feedback,
  activity,
  logger,
  fetch,
  report,
}: DeploymentFastPathDependencies): DeploymentFastPath {
  const check = deviceCredentialChecker(config, controller);
  const entry = leanEntry(config, logger);

  /** The answer to an error, as Hono's error handler (`http/error-handler.ts`) gives it; an unexpected one logged. */
  const failed = (error: unknown, log: (error: unknown) => void): LeanAnswer => {
    const known = domainErrorOf(error);
    if (known !== undefined) return errorAnswer(known);
    log(error);
    return errorAnswer(new DomainError(ErrorCode.internal, 'Internal server error'));
  };

  return (incoming, outgoing) => {
    const started = performance.now();
    const path = incoming.url ?? '';
    const target = DEPLOYMENT_TARGET.exec(path);
    if (target === null) return false;
    const [, tenant = '', controllerId = '', action = '', feedbackSegment] = target;
    const reporting = feedbackSegment !== undefined;
    if (incoming.method !== (reporting ? 'POST' : 'GET') || (reporting ? !plainJsonBody(incoming) : hasBody(incoming))) return false;
    if (isDotSegment(tenant) || isDotSegment(controllerId) || !isOwnTenant(config, tenant)) return false;
    const actionId = Number(action);
    const host = isRowId(actionId) ? entry.host(incoming, path) : undefined;
    if (host === undefined) return false;
    const { headers } = incoming;
    const parameters: Record<string, unknown> = { path: { tenant, controllerId, actionId: action }, query: {}, header: {} };
    const operation = reporting ? report : fetch;
    // a fetch's parameters are all it has: one Hono would refuse is left to it; a report's are checked with its body
    if (!reporting && !fetch.validators().every((validate) => validate(parameters))) return false;

    return activity.around(async (durable) => {
      try {
        if ((await check(controllerId, headers.authorization ?? '')) === undefined) return false;
      } catch {
        return false;
      }
      let answer: LeanAnswer;
      let body: unknown;
      let unexpected: unknown;
      try {
        if (reporting) {
          body = jsonBody(await bodyText(incoming));
          parameters['requestBody'] = body;
          assertValid(report.validators(), parameters);
          await feedback.deployment(controllerId, actionId, deviceReport(body as ActionFeedback));
          answer = ACCEPTED;
        } else {
          const request = { baseUrl: entry.baseOf(host), tenant, controllerId, actionId, historyCount: 0, ifNoneMatch: headers['if-none-match'] };
          answer = await deploymentAnswer(deployments, request);
        }
        // the report or the fetch's entry is on disk before the device is told (decision 277)
        const written = durable();
        if (written !== undefined) await written;
      } catch (error) {
        answer = failed(error, (thrown) => (unexpected = thrown));
      }
      const id = entry.send(incoming, outgoing, answer, { method: reporting ? 'POST' : 'GET', path, started });
      operation.record?.(started, answer.status, undefined, body);
      if (unexpected !== undefined) logger.child({ reqId: id }).error({ err: unexpected }, 'request failed');
      return true;
    });
  };
}

/**
 * A report the lean path reads: a JSON body (decision 30) of a stated length within the limit, not chunked;
 * any other goes to Hono, which refuses it unread (415, 413) or reads it as it comes.
 */
function plainJsonBody({ headers }: IncomingMessage): boolean {
  const contentType = headers['content-type'];
  const length = Number(headers['content-length']);
  return (
    headers['transfer-encoding'] === undefined &&
    contentType !== undefined &&
    acceptsMediaType('json', contentType) &&
    length > 0 &&
    length <= MAX_JSON_BODY_BYTES
  );
}

/** The request's body as text; it was announced with its length, within the limit. */
function bodyText(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
    incoming.on('error', reject);
  });
}

/**
 * The device poll without Hono's request path (decision 190): what a fleet sends most, answered from Node's
 * request and response objects, which `http/http-server.ts` hands here before the HTTP adapter (decision
 * 262). It takes only the plain, successful poll — `GET /{tenant}/controller/v1/{id}` with no query, no body,
 * nothing the adapter would encode or resolve, a Host the policy of `http/host-header.ts` takes, the
 * configured tenant, a valid id and a credential that checks out — and gives it what the middleware gives
 * every request, from the same functions: the request id (`requestGuarantees`), the in-flight count
 * (`RequestActivity.around`), the debug line, the operation's metrics (`answerRecorder`), the parameter
 * validators of `getControllerBase` and device authentication (`deviceCredentialChecker`). The answer is
 * `answerPoll`'s, as Hono's entry's is. Anything else, and any failure, goes the whole way through Hono,
 * which answers it as it answers every request: a refused credential is checked again there and answered
 * 401 with its failure logged, a failing poll runs again there and its error is rendered there. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { hasBody, isDotSegment, leanEntry, PLAIN_SEGMENT } from '../http/lean-entry.js';
import type { RequestActivity } from '../http/request-activity.js';
import type { ControllerService } from './controller-service.js';
import { deviceCredentialChecker, isOwnTenant } from './device-authentication.js';
import { answerPoll } from './poll-answer.js';

/**
 * Leaves a request to Hono (false) or takes it: then it resolves true once answered, or false having sent
 * nothing, and Hono answers it.
 */
export type PollFastPath = (incoming: IncomingMessage, outgoing: ServerResponse) => false | Promise<boolean>;

export interface PollFastPathDependencies {
  readonly config: Config;
  readonly controller: ControllerService;
  readonly activity: RequestActivity;
  readonly logger: Logger;
  /** the validators of getControllerBase's parameters (compiled at the first call) */
  readonly validators: () => readonly ValidateFunction[];
  /** records an answer in getControllerBase's metrics (`metrics/operation-metrics.ts`' answerRecorder); undefined when they are off */
  readonly record: ((started: number, status: number) => void) | undefined;
}

/**
 * The poll's request target as Node hands it over, split into tenant and controllerId: plain segments
 * (`http/lean-entry.ts`), no query, no further segment. Anything else is left to the adapter and Hono.
 */
const POLL_TARGET = new RegExp(`^/(${PLAIN_SEGMENT})/controller/v1/(${PLAIN_SEGMENT})$`);

export function pollFastPath({ config, controller, activity, logger, validators, record }: PollFastPathDependencies): PollFastPath {
  const check = deviceCredentialChecker(config, controller);
  const entry = leanEntry(config, logger);

  return (incoming, outgoing) => {
    const started = performance.now();
    const path = incoming.url ?? '';
    const target = incoming.method === 'GET' ? POLL_TARGET.exec(path) : null;
    if (target === null || hasBody(incoming)) return false;
    const [, tenant = '', controllerId = ''] = target;
    const { headers } = incoming;
    const host = isDotSegment(tenant) || isDotSegment(controllerId) ? undefined : entry.host(incoming, path);
    if (host === undefined) return false;
    const parameters = { path: { tenant, controllerId }, query: {}, header: {} };
    if (!isOwnTenant(config, tenant) || !validators().every((validate) => validate(parameters))) return false;
    return activity.around(async (durable) => {
      let answer;
      try {
        const checked = await check(controllerId, headers.authorization ?? '');
        if (checked === undefined) return false;
        answer = await answerPoll(controller, {
          tenant,
          controllerId,
          checked,
          address: entry.clientAddress(incoming),
          baseUrl: entry.baseOf(host),
          ifNoneMatch: headers['if-none-match'],
        });
        // a first contact or a status change was written: the answer waits for its sync (decision 277)
        const written = durable();
        if (written !== undefined) await written;
      } catch {
        return false;
      }
      entry.send(incoming, outgoing, answer, { method: 'GET', path, started });
      record?.(started, answer.status);
      return true;
    });
  };
}

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
import { hostPolicy } from '../http/host-header.js';
import { EVERY_ANSWER_HEADERS } from '../http/http-server.js';
import type { RequestActivity } from '../http/request-activity.js';
import { incomingAddressResolver, requestGuarantees } from '../http/request-context.js';
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
 * The poll's request target as Node hands it over, split into tenant and controllerId: segments of the
 * characters the HTTP adapter takes as they are (no percent-encoding, no character it would encode or
 * rewrite), no query, no further segment. Anything else is left to the adapter and Hono.
 */
const POLL_TARGET = /^\/([!#$&-.0-9:;=@-[\]_a-z~]+)\/controller\/v1\/([!#$&-.0-9:;=@-[\]_a-z~]+)$/;
/** a dot segment, which the adapter resolves away */
const isDotSegment = (segment: string) => segment === '.' || segment === '..';
/** Origins by Host header: a fleet reaches the server under a few names. */
const MAX_ORIGINS = 64;

export function pollFastPath({ config, controller, activity, logger, validators, record }: PollFastPathDependencies): PollFastPath {
  const check = deviceCredentialChecker(config, controller);
  const hosts = hostPolicy(config);
  const clientAddress = incomingAddressResolver(config.ddi.trustedProxyHeader);
  const origins = new Map<string, string>();
  /** what Hono's handlers take as the base of links: the configured url, else the origin of the request's Host */
  const baseOf = (host: string) => {
    if (config.url !== undefined) return config.url;
    let origin = origins.get(host);
    if (origin === undefined) {
      if (origins.size >= MAX_ORIGINS) origins.clear();
      origin = new URL(`http://${host}`).origin;
      origins.set(host, origin);
    }
    return origin;
  };

  return (incoming, outgoing) => {
    const started = performance.now();
    const path = incoming.url ?? '';
    const target = incoming.method === 'GET' ? POLL_TARGET.exec(path) : null;
    if (target === null || hasBody(incoming) || repeated(incoming.rawHeaders)) return false;
    const [, tenant = '', controllerId = ''] = target;
    const { headers } = incoming;
    const { host } = headers;
    if (isDotSegment(tenant) || isDotSegment(controllerId) || host === undefined) return false;
    if (hosts.refusal({ host, path, header: (name) => headers[name] as string | undefined }) !== undefined) return false;
    const parameters = { path: { tenant, controllerId }, query: {}, header: {} };
    if (!isOwnTenant(config, tenant) || !validators().every((validate) => validate(parameters))) return false;
    return activity.around(async () => {
      let answer;
      try {
        const checked = await check(controllerId, headers.authorization ?? '');
        if (checked === undefined) return false;
        answer = await answerPoll(controller, {
          tenant,
          controllerId,
          checked,
          address: clientAddress(incoming),
          baseUrl: baseOf(host),
          ifNoneMatch: headers['if-none-match'],
        });
      } catch {
        return false;
      }
      const id = requestGuarantees.idFor(headers['x-request-id'] as string | undefined);
      outgoing.writeHead(answer.status, { ...answer.headers, [requestGuarantees.idHeader]: id, ...EVERY_ANSWER_HEADERS });
      outgoing.end(answer.body ?? undefined);
      record?.(started, answer.status);
      if (logger.isLevelEnabled('debug')) requestGuarantees.logAnswered(logger.child({ reqId: id }), 'GET', path, answer.status, started);
      return true;
    });
  };
}

const hasBody = ({ headers }: IncomingMessage) => headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;

/**
 * Node keeps the first of a repeated Authorization or Host header, where the web Request Hono reads joins
 * them: such a request goes to Hono, so that both read the same.
 */
function repeated(rawHeaders: readonly string[]): boolean {
  let authorization = 0;
  let host = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') authorization++;
    else if (name.length === 4 && name.toLowerCase() === 'host') host++;
  }
  return authorization > 1 || host > 1;
}

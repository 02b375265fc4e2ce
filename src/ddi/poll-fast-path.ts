/**
 * The device poll without Hono's request path (decision 190): what a fleet sends most, answered from Node's
 * request and response objects. It takes only the plain, successful poll — `GET /{tenant}/controller/v1/{id}`
 * with no query, no body, no percent-encoding, a Host the policy of `http/host-header.ts` takes, the
 * configured tenant, a valid id and a credential that checks out — and gives it what the middleware gives
 * every request, from the same functions: the request id (`requestGuarantees`), the in-flight count
 * (`RequestActivity.around`), the debug line, the operation's metrics (`answerRecorder`), the parameter
 * validators of `getControllerBase` and device authentication (`deviceCredentialChecker`); the answer is
 * `answerPoll`'s, as Hono's entry's is. Anything else, and any failure, goes the whole way through Hono, which answers it as it
 * answers every request: a refused credential is checked again there and answered 401 with its failure
 * logged, a failing poll runs again there and its error is rendered there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { hostPolicy } from '../http/host-header.js';
import type { RequestActivity } from '../http/request-activity.js';
import { incomingAddressResolver, requestGuarantees } from '../http/request-context.js';
import type { ControllerService } from './controller-service.js';
import { deviceCredentialChecker, isOwnTenant } from './device-authentication.js';
import { answerPoll } from './poll-answer.js';

/** Answers a request and resolves true, or resolves false having sent nothing: Hono answers it then. */
export type PollFastPath = (url: string, incoming: IncomingMessage, outgoing: ServerResponse) => Promise<boolean>;

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

/** The poll's request target, split into tenant and controllerId: no query, no percent-encoding, no further segment. */
const POLL_TARGET = /^\/([^/?%]+)\/controller\/v1\/([^/?%]+)$/;
/** Origins by Host header: a fleet reaches the server under a few names. */
const MAX_ORIGINS = 64;

export function pollFastPath({ config, controller, activity, logger, validators, record }: PollFastPathDependencies): PollFastPath {
  const check = deviceCredentialChecker(config, controller);
  const hosts = hostPolicy(config);
  const clientAddress = incomingAddressResolver(config.ddi.trustedProxyHeader);
  const origins = new Map<string, string>();
  /** what Hono's handlers take as the base of links: the configured url, else the request URL's origin */
  const baseOf = (url: string) => {
    if (config.url !== undefined) return config.url;
    const host = url.slice(0, url.indexOf('/', url.indexOf('//') + 2));
    let origin = origins.get(host);
    if (origin === undefined) {
      if (origins.size >= MAX_ORIGINS) origins.clear();
      origin = new URL(host).origin;
      origins.set(host, origin);
    }
    return origin;
  };

  return async (url, incoming, outgoing) => {
    const started = performance.now();
    const target = incoming.method === 'GET' ? POLL_TARGET.exec(url.slice(url.indexOf('/', url.indexOf('//') + 2))) : null;
    if (target === null || hasBody(incoming) || repeated(incoming.rawHeaders)) return false;
    const [path, tenant = '', controllerId = ''] = target;
    const { headers } = incoming;
    if (headers.host === undefined || hosts.refusal({ host: headers.host, path, header: (name) => headers[name] as string | undefined }) !== undefined) {
      return false;
    }
    const parameters = { path: { tenant, controllerId }, query: {}, header: {} };
    if (!isOwnTenant(config, tenant) || !validators().every((validate) => validate(parameters))) return false;
    return activity.around(async () => {
      const checked = await check(controllerId, headers.authorization ?? '');
      if (checked === undefined) return false;
      let answer;
      try {
        answer = await answerPoll(controller, {
          tenant,
          controllerId,
          checked,
          address: clientAddress(incoming),
          baseUrl: baseOf(url),
          ifNoneMatch: headers['if-none-match'],
        });
      } catch {
        return false;
      }
      const id = requestGuarantees.idFor(headers['x-request-id'] as string | undefined);
      outgoing.writeHead(answer.status, { ...answer.headers, [requestGuarantees.idHeader]: id });
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

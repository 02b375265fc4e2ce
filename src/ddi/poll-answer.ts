import type { ControllerService } from './controller-service.js';
import { pollJson } from './ddi-links.js';
import type { DeviceCredential } from './device-authentication.js';
import { halAnswer, type HalAnswer } from './hal-response.js';

/** What an entry of the device poll read from its request, its credential already checked. */
export interface PollRequest {
  /** the tenant segment as the device spelled it (the links repeat it) */
  readonly tenant: string;
  readonly controllerId: string;
  readonly checked: DeviceCredential;
  /** the client's address (`http/client-address.ts`), 'unknown' when there is none */
  readonly address: string;
  /** the base of the answer's links: the configured url, else the request's origin */
  readonly baseUrl: string;
  readonly ifNoneMatch: string | undefined;
}

/**
 * The device poll's whole answer, whichever entry took the request (decision 190: the lean path of
 * `poll-fast-path.ts`, or Hono's `getControllerBase`), which the entry writes as it is: only a gateway or
 * anonymous poll may register the device; {@link ControllerService.poll} records the poll and reads what the
 * device should do; the links of `ddi-links.ts`; the status, headers and body of `hal-response.ts` (200 with
 * the ETag, or 304 to a client that sent it back). So both entries answer a poll with the same bytes.
 * @throws DomainError entityNotFound for an unknown controllerId that may not register
 */
export async function answerPoll(controller: ControllerService, request: PollRequest): Promise<HalAnswer> {
  const { tenant, controllerId, checked, address } = request;
  const state = await controller.poll(controllerId, {
    register: checked.credential !== 'targetToken',
    address: address === 'unknown' ? undefined : address,
    device: checked.device,
  });
  return halAnswer(pollJson(`${request.baseUrl}/${tenant}/controller/v1/${controllerId}`, state), request.ifNoneMatch);
}
